import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createFinishedProfile } from '../support/profiles.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

describe('contact controls', () => {
  it('A approves followers: B’s follow becomes a request A approves; A’s post closed to comments says so', async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const alice = await createVerifiedMember(a.context, {
      firstName: 'Maren',
      lastName: `Holt${stamp}`,
    });
    const bob = await createVerifiedMember(b.context, {
      firstName: 'Jonas',
      lastName: `Berg${stamp}`,
    });
    await createFinishedProfile(a.context, alice, {
      age: 31,
      gender: 'female',
      location: 'Lyon, France',
      bio: 'Hello.',
      interests: ['Travel', 'Photography', 'Nature'],
    });
    await createFinishedProfile(b.context, bob, {
      age: 31,
      gender: 'female',
      location: 'Lyon, France',
      bio: 'Hello.',
      interests: ['Travel', 'Photography', 'Nature'],
    });
    await rememberSignedIn(a.page, alice);
    await rememberSignedIn(b.page, bob);

    // A: Settings → Privacy & contact → Members I approve, saved with a toast.
    await a.page.goto('/settings/privacy');
    const follow = a.page.getByRole('group', { name: 'Who can follow me' });
    await follow.getByRole('radio', { name: 'Members I approve' }).check();
    await expectNoSeriousViolations(a.page, 'settings: privacy & contact');
    await a.page.getByRole('button', { name: 'Save privacy settings' }).click();
    await a.page.getByText('Privacy settings saved').first().waitFor();

    // B asks to follow A: the button says Requested.
    await b.page.goto(`/viewprofile/${alice.id}`);
    await b.page.getByRole('heading', { name: fullName(alice), level: 1 }).waitFor();
    await b.page.getByRole('button', { name: `Follow ${alice.firstName}` }).click();
    await b.page
      .getByRole('button', { name: `Follow request sent to ${alice.firstName}` })
      .waitFor();

    // A approves B's request.
    await a.page.reload();
    const requests = a.page.getByRole('list', { name: 'Follow requests' });
    await requests.getByRole('link', { name: fullName(bob) }).waitFor();
    await requests.getByRole('button', { name: `Approve ${fullName(bob)}` }).click();
    await a.page.getByText('Follow request approved').first().waitFor();
    await a.page.getByText('No follow requests').waitFor();

    // B now follows A.
    await b.page.reload();
    await b.page.getByRole('button', { name: `Following ${alice.firstName}` }).waitFor();

    // A writes a post nobody else may comment on; B sees why instead of a comment box.
    const title = `Quiet evening ${stamp}`;
    await a.page.goto('/feed');
    await a.page.getByRole('button', { name: 'Create Post' }).first().click();
    const dialog = a.page.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('combobox', { name: 'Who can comment' }).selectOption('nobody');
    await expectNoSeriousViolations(a.page, 'create post with who can comment');
    await dialog.getByRole('button', { name: 'Share to Feed' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await b.page.goto('/feed');
    const post = b.page.getByRole('article', { name: title, exact: true });
    await post.waitFor();
    await post.getByRole('button', { name: /Comments/ }).click();
    await post.getByText('The author has turned off comments on this post').waitFor();
    expect(await post.getByRole('textbox').count()).toBe(0);
    await expectNoSeriousViolations(b.page, 'post closed to comments');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('A takes first messages from photo-verified members only: B, not verified, is told so and offered to verify', async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const alice = await createVerifiedMember(a.context, {
      firstName: 'Ines',
      lastName: `Moreau${stamp}`,
    });
    const bob = await createVerifiedMember(b.context, {
      firstName: 'Tomas',
      lastName: `Lind${stamp}`,
    });
    await createFinishedProfile(a.context, alice, {
      age: 30,
      gender: 'female',
      location: 'Lyon, France',
      bio: 'Hello.',
      interests: ['Travel', 'Photography', 'Nature'],
    });
    await rememberSignedIn(a.page, alice);
    await rememberSignedIn(b.page, bob);

    await a.page.goto('/settings/privacy');
    const verifiedOnly = a.page.getByRole('switch', {
      name: 'Only photo-verified members can start a conversation with me',
    });
    await verifiedOnly.check();
    await expectNoSeriousViolations(a.page, 'settings: photo-verified senders only');
    await a.page.getByRole('button', { name: 'Save privacy settings' }).click();
    await a.page.getByText('Privacy settings saved').first().waitFor();
    await a.page.reload();
    expect(await verifiedOnly.isChecked()).toBe(true);

    // B has not verified their photos: the conversation does not open, and B learns why.
    await b.page.goto(`/messages?with=${alice.id}`);
    await b.page
      .getByRole('alert')
      .getByText('This member only receives messages from photo-verified members.', {
        exact: false,
      })
      .waitFor();
    await b.page.getByRole('link', { name: 'Verify your photos' }).click();
    await b.page.waitForURL('**/settings/photo-verification');
    await b.page.getByRole('heading', { name: 'Verify your photos' }).waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
