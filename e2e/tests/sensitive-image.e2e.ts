import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';
import { createFinishedProfile, TINY_PNG } from '../support/profiles.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const details = {
  age: 31,
  gender: 'female' as const,
  location: 'Lisbon, Portugal',
  bio: 'Photos of the coast.',
  interests: ['Travel', 'Photography', 'Nature'],
};

describe('a sensitive image', () => {
  it('an author posts an image marked sensitive; another member sees it blurred and opens it on tap', async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const author = await createVerifiedMember(a.context, {
      firstName: 'Marisol',
      lastName: `Quint${stamp}`,
    });
    const viewer = await createVerifiedMember(b.context, {
      firstName: 'Oskar',
      lastName: `Brandt${stamp}`,
    });
    await createFinishedProfile(a.context, author, details);
    await createFinishedProfile(b.context, viewer, { ...details, gender: 'male' });
    await rememberSignedIn(a.page, author);
    await rememberSignedIn(b.page, viewer);

    // The author writes the post with an image, a description, and "Mark as sensitive".
    const title = `Life drawing ${stamp}`;
    await a.page.goto('/feed');
    await a.page.getByRole('button', { name: 'Create Post' }).first().click();
    const dialog = a.page.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('img', { name: 'Selected image preview' }).waitFor();
    await dialog
      .getByLabel("Describe this image for people who can't see it")
      .fill('A charcoal sketch of a figure');
    await dialog.getByRole('checkbox', { name: 'Mark as sensitive' }).check();
    await expectNoSeriousViolations(a.page, 'create-post dialog with a sensitive image');
    await dialog.getByRole('button', { name: 'Share to Feed', exact: true }).click();
    await a.page.getByText('Post created successfully!').first().waitFor();

    // The author sees their own image uncovered.
    const own = a.page.getByRole('article', { name: title, exact: true });
    await own.getByRole('img', { name: 'A charcoal sketch of a figure' }).waitFor();
    expect(await own.getByRole('button', { name: 'Sensitive content — tap to view' }).count()).toBe(
      0,
    );

    // Another member finds it covered, and opens it on tap.
    await b.page.goto('/feed');
    const card = b.page.getByRole('article', { name: title, exact: true });
    const cover = card.getByRole('button', { name: 'Sensitive content — tap to view' });
    await cover.waitFor();
    expect(await card.getByRole('img', { name: 'A charcoal sketch of a figure' }).count()).toBe(0);
    const media = card.locator('[data-sensitive]');
    expect(await media.getAttribute('data-sensitive')).toBe('covered');
    await expectNoSeriousViolations(b.page, 'feed with a covered image');

    await cover.click();
    await card.getByRole('img', { name: 'A charcoal sketch of a figure' }).waitFor();
    expect(await media.getAttribute('data-sensitive')).toBe('revealed');
    await card.getByRole('button', { name: 'Hide' }).waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
