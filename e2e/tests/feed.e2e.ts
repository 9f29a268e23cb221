import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 1×1 PNG: enough for the server to sniff, re-encode and serve back. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

/** A finished profile (one photo, the wizard's fields), so the member's profile page shows. */
async function giveProfile(context: BrowserContext, member: Member) {
  const upload = await context.request.post('/api/profile/upload-photo', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(upload.ok()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const created = await context.request.post('/api/profile/create', {
    data: {
      userId: member.id,
      plan: 'free',
      firstName: member.firstName,
      lastName: member.lastName,
      age: 31,
      gender: 'female',
      sexuality: 'straight',
      location: 'Porto, Portugal',
      bio: 'Early riser.',
      interests: ['Travel', 'Photography', 'Nature'],
      photos: [url],
    },
  });
  expect(created.ok()).toBe(true);
}

/** The Create Post modal, as a member fills it in. */
async function createPost(
  page: Page,
  post: { title: string; description: string; audience: 'public' | 'followers'; image?: boolean },
  { audit = true }: { audit?: boolean } = {},
) {
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByLabel('Title', { exact: true }).fill(post.title);
  await dialog.getByLabel('Description', { exact: true }).fill(post.description);
  if (post.audience === 'followers') {
    await dialog.getByRole('radio', { name: /Post to Followers/ }).check();
  }
  if (post.image) {
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('img', { name: 'Selected image preview' }).waitFor();
  }
  if (audit) await expectNoSeriousViolations(page, 'create-post dialog');
  const submitLabel = post.audience === 'followers' ? 'Share with Followers' : 'Share to Feed';
  await dialog.getByRole('button', { name: submitLabel, exact: true }).click();
  await page.getByText('Post created successfully!').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

function postCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

async function openComments(card: Locator) {
  const toggle = card.getByRole('button', { name: /^Comments/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await card.getByRole('textbox', { name: 'Write a comment' }).waitFor();
}

describe('the feed', () => {
  it('posts publicly and to followers, follows, likes, comments, replies with a mention, and deletes', async () => {
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const alice = await createVerifiedMember(a.context, {
      firstName: 'Odalys',
      lastName: 'Quennell',
    });
    const bob = await createVerifiedMember(b.context, {
      firstName: 'Bartek',
      lastName: 'Ferreira',
    });
    await giveProfile(a.context, alice);
    await rememberSignedIn(a.page, alice);
    await rememberSignedIn(b.page, bob);
    const stamp = Date.now();
    const publicTitle = `Lake at dawn ${stamp}`;
    const followersTitle = `Only for my followers ${stamp}`;

    // A shares one post with everyone (with a photo) and one with followers, through the modal.
    await a.page.goto('/feed');
    await a.page.getByRole('heading', { name: 'Home' }).waitFor();
    await createPost(a.page, {
      title: publicTitle,
      description: 'Mist over the water.',
      audience: 'public',
      image: true,
    });
    // The same dialog again: axe has already checked it (a scan takes 7-12 s on a busy machine).
    await createPost(
      a.page,
      { title: followersTitle, description: 'Just between us.', audience: 'followers' },
      { audit: false },
    );
    const ownPublic = postCard(a.page, publicTitle);
    await ownPublic.waitFor();
    expect(await ownPublic.getByRole('img', { name: 'Public' }).count()).toBe(1);
    // No description was given, so the image's alt is the neutral default, never the title or file name.
    expect(await ownPublic.getByRole('img', { name: /^Photo by / }).count()).toBe(1);
    expect(await ownPublic.getByText('just now').count()).toBe(1);
    await postCard(a.page, followersTitle).getByRole('img', { name: 'Followers' }).waitFor();
    await expectNoSeriousViolations(a.page, 'feed: General');

    // B's General tab: only the public post.
    await b.page.goto('/feed');
    const publicForB = postCard(b.page, publicTitle);
    await publicForB.waitFor();
    expect(await postCard(b.page, followersTitle).count()).toBe(0);
    expect(await publicForB.getByRole('button', { name: 'Delete post' }).count()).toBe(0);
    const postId = (await publicForB.getAttribute('data-post-id'))!;
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);

    // B follows A from A's profile (the author link on the card).
    await publicForB.getByRole('link', { name: fullName(alice) }).click();
    await b.page.waitForURL(`**/viewprofile/${alice.id}`);
    await b.page.getByRole('button', { name: new RegExp(`^Follow ${alice.firstName}\\b`) }).click();
    await b.page
      .getByRole('button', { name: new RegExp(`^Following ${alice.firstName}\\b`) })
      .waitFor();

    // People You Follow (?tab=following) now shows both posts.
    await b.page.goto('/feed?tab=following');
    expect(
      await b.page.getByRole('tab', { name: 'People You Follow' }).getAttribute('aria-selected'),
    ).toBe('true');
    const card = postCard(b.page, publicTitle);
    await card.waitFor();
    await postCard(b.page, followersTitle).waitFor();
    await expectNoSeriousViolations(b.page, 'feed: People You Follow');

    // Like: pressed at once, and the server keeps it.
    const like = card.getByRole('button', { name: /^Like/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const liked = b.page.waitForResponse(
      (res) => res.url().endsWith('/api/posts/like') && res.request().method() === 'POST',
    );
    await like.click();
    expect((await liked).status()).toBe(200);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.textContent()).toMatch(/Like\s*1$/);

    // Comment.
    await openComments(card);
    await card.getByRole('textbox', { name: 'Write a comment' }).fill('What a view!');
    await card.getByRole('button', { name: 'Comment', exact: true }).click();
    await b.page.getByText('Comment added successfully').first().waitFor();
    const bobsComment = card.getByRole('article', { name: `Comment by ${fullName(bob)}` });
    await bobsComment.getByText('What a view!').waitFor();
    expect(await bobsComment.getByRole('button', { name: 'Delete comment' }).count()).toBe(1);
    await expectNoSeriousViolations(b.page, 'feed: comments open');

    // Reply, mentioning A picked from the autocomplete.
    await bobsComment.getByRole('button', { name: `Reply to ${fullName(bob)}` }).click();
    const replyBox = card.getByRole('textbox', { name: `Reply to ${fullName(bob)}` });
    await replyBox.pressSequentially('Thanks to @Odal', { delay: 20 });
    // The suggestions float above the card (a layer on the page, not inside the card).
    await b.page.getByRole('option', { name: fullName(alice) }).waitFor();
    await expectNoSeriousViolations(b.page, 'feed: mention suggestions');
    await b.page.getByRole('option', { name: fullName(alice) }).click();
    await replyBox.pressSequentially('for sharing');
    // The box shows the plain name; the stored @[Name](id) is what the reply sends.
    expect(await replyBox.inputValue()).toBe(`Thanks to @${fullName(alice)} for sharing`);
    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    await b.page.getByText('Reply added successfully').first().waitFor();
    const mention = card.getByRole('link', { name: `@${fullName(alice)}` });
    await mention.waitFor();
    expect(await mention.getAttribute('href')).toBe(`/viewprofile/${alice.id}`);
    // The reply sits one level in: 20 px.
    const replyIndent = await mention.evaluate(
      // The list holding the reply is the replies list, indented by its level.
      (link) => getComputedStyle(link.closest('article')!.closest('ul')!).paddingInlineStart,
    );
    expect(replyIndent).toBe('20px');
    await expect
      .poll(() => card.getByRole('button', { name: /^Comments/ }).textContent())
      .toMatch(/Comments\s*2$/);

    // A sees B's comment without a Delete button, and the API refuses A's delete with 403.
    await a.page.goto('/feed');
    const aCard = postCard(a.page, publicTitle);
    await aCard.waitFor();
    await expect
      .poll(() => aCard.getByRole('button', { name: /^Like/ }).textContent())
      .toMatch(/Like\s*1$/);
    await openComments(aCard);
    const commentAsSeenByA = aCard.getByRole('article', { name: `Comment by ${fullName(bob)}` });
    await commentAsSeenByA.first().waitFor();
    expect(await commentAsSeenByA.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    await aCard.getByRole('link', { name: `@${fullName(alice)}` }).waitFor();

    const thread = (await (
      await a.context.request.get(`/api/posts/${postId}/comments`)
    ).json()) as { comments: { _id: string; content: string }[] };
    const bobsCommentId = thread.comments.find((c) => c.content === 'What a view!')!._id;
    const refused = await a.context.request.delete(
      `/api/posts/${postId}/comments/${bobsCommentId}`,
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: 'You can only delete your own comments',
    });
    await a.page.reload();
    await openComments(postCard(a.page, publicTitle));
    await postCard(a.page, publicTitle).getByText('What a view!').waitFor();

    // A deletes their own post: gone for A at once, and for B after a reload.
    await postCard(a.page, publicTitle).getByRole('button', { name: 'Delete post' }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete post?' });
    await confirm.waitFor();
    await expectNoSeriousViolations(a.page, 'delete-post confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await a.page.getByText('Post deleted successfully').first().waitFor();
    await postCard(a.page, publicTitle).waitFor({ state: 'detached' });
    await postCard(a.page, followersTitle).waitFor();

    await b.page.reload();
    await postCard(b.page, followersTitle).waitFor();
    expect(await postCard(b.page, publicTitle).count()).toBe(0);
    await b.page.getByRole('tab', { name: 'General' }).click();
    await b.page.getByRole('tabpanel').waitFor();
    await expect.poll(() => b.page.url()).not.toContain('tab=following');
    await b.page.getByRole('feed').or(b.page.getByText('No Posts Available')).first().waitFor();
    expect(await postCard(b.page, publicTitle).count()).toBe(0);

    // Small screens: the menu gives way to the bottom bar, the advertising card goes below the feed.
    await b.page.setViewportSize({ width: 375, height: 800 });
    await b.page.getByRole('navigation', { name: 'Quick navigation' }).waitFor();
    expect(await b.page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    const feedBox = await b.page.getByRole('tabpanel').boundingBox();
    const adBox = await b.page.getByRole('heading', { name: 'Advertise with us' }).boundingBox();
    expect(adBox!.y).toBeGreaterThan(feedBox!.y + feedBox!.height - 1);
    await expectNoSeriousViolations(b.page, 'feed at phone width');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
    // The longest journey: two members, two posts (the photo re-encoded and classified by the
    // image model), six axe scans. 95-100 s in CI; at load average 20-23 on two cores the scans
    // alone took 7-12 s each and the journey was at its comments after 118 s.
  }, 300_000);
});
