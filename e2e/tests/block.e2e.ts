import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** A finished profile and one public post, over HTTP (the feed journey walks the screens). */
async function profileAndPost(context: BrowserContext, member: Member, title: string) {
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
      age: 33,
      gender: 'male',
      sexuality: 'straight',
      location: 'Porto, Portugal',
      bio: 'Hello.',
      interests: ['Travel', 'Photography', 'Nature'],
      photos: [url],
    },
  });
  expect(created.ok()).toBe(true);
  const post = await context.request.post('/api/posts/create', {
    multipart: { title, description: 'For everyone.', privacy: 'public' },
  });
  expect(post.ok()).toBe(true);
}

/** Whether the header search suggests `name` for `text` ("No Results" otherwise). */
async function searchSuggests(page: Page, text: string, name: string): Promise<boolean> {
  const search = page.getByRole('combobox', { name: 'Search members' });
  await search.fill(text);
  const option = page.getByRole('option', { name });
  const none = page.getByRole('status').filter({ hasText: 'No Results' });
  await option.or(none).first().waitFor();
  const found = (await option.count()) > 0;
  await search.fill('');
  return found;
}

describe('blocking a member', () => {
  it("A blocks B from B's profile: B vanishes from A's feed and search, and A from B's", async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const alice = await createVerifiedMember(a.context, {
      firstName: 'Ilse',
      lastName: `Varga${stamp}`,
    });
    const bob = await createVerifiedMember(b.context, {
      firstName: 'Teodor',
      lastName: `Lund${stamp}`,
    });
    const alicesPost = `Harbour lights ${stamp}`;
    const bobsPost = `Mountain trail ${stamp}`;
    await profileAndPost(a.context, alice, alicesPost);
    await profileAndPost(b.context, bob, bobsPost);
    await rememberSignedIn(a.page, alice);
    await rememberSignedIn(b.page, bob);

    // Before: each sees the other's post and finds the other in search.
    await a.page.goto('/feed');
    await a.page.getByRole('article', { name: bobsPost, exact: true }).waitFor();
    expect(await searchSuggests(a.page, bob.lastName, fullName(bob))).toBe(true);
    await b.page.goto('/feed');
    await b.page.getByRole('article', { name: alicesPost, exact: true }).waitFor();

    // A opens B's profile, and blocks from its ⋯ menu after reading what a block does.
    await a.page.goto(`/viewprofile/${bob.id}`);
    await a.page.getByRole('heading', { name: fullName(bob), level: 1 }).waitFor();
    await a.page.getByRole('button', { name: `More actions for ${fullName(bob)}` }).click();
    await a.page.getByRole('menuitem', { name: `Block ${fullName(bob)}` }).waitFor();
    await expectNoSeriousViolations(a.page, 'profile action menu');
    await a.page.getByRole('menuitem', { name: `Block ${fullName(bob)}` }).click();
    const dialog = a.page.getByRole('dialog', { name: `Block ${fullName(bob)}?` });
    await dialog.waitFor();
    await expectNoSeriousViolations(a.page, 'block dialog');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await a.page
      .getByText(`${fullName(bob)} is blocked`)
      .first()
      .waitFor();

    // A is back on the feed, without B's post; search no longer finds B; B's profile is gone.
    await a.page.waitForURL('**/feed');
    await a.page.getByRole('article', { name: alicesPost, exact: true }).waitFor();
    expect(await a.page.getByRole('article', { name: bobsPost, exact: true }).count()).toBe(0);
    expect(await searchSuggests(a.page, bob.lastName, fullName(bob))).toBe(false);
    await a.page.goto(`/viewprofile/${bob.id}`);
    await a.page.getByText('Profile not found').first().waitFor();

    // B, who is not told, no longer sees A's post or finds A.
    await b.page.reload();
    await b.page.getByRole('article', { name: bobsPost, exact: true }).waitFor();
    expect(await b.page.getByRole('article', { name: alicesPost, exact: true }).count()).toBe(0);
    expect(await searchSuggests(b.page, alice.lastName, fullName(alice))).toBe(false);

    // Settings → Blocked & muted lists B, with Unblock.
    await a.page.goto('/settings/blocked');
    const list = a.page.getByRole('list', { name: 'Blocked members' });
    await list.getByText(fullName(bob)).waitFor();
    await list.getByRole('button', { name: `Unblock ${fullName(bob)}` }).waitFor();
    await expectNoSeriousViolations(a.page, 'settings: blocked & muted');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
