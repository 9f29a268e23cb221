import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';
import { payForPlan } from '../support/plans.js';

/** Changing your mind after the fact: the profile, the photos' order, a post. */

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

interface Uploaded {
  url: string;
  thumbnailUrl: string;
}

/** A member who finished the wizard with `photoCount` photos (on the Professional plan: up to 6). */
async function memberWithProfile(
  context: BrowserContext,
  names: { firstName: string; lastName: string },
  photoCount: number,
): Promise<{ member: Member; photos: Uploaded[] }> {
  const member = await createVerifiedMember(context, names);
  await payForPlan(context, 'professional');
  const photos: Uploaded[] = [];
  for (let index = 0; index < photoCount; index += 1) {
    const upload = await context.request.post('/api/profile/upload-photo', {
      multipart: { photo: { name: `p${index}.png`, mimeType: 'image/png', buffer: TINY_PNG } },
    });
    expect(upload.ok()).toBe(true);
    photos.push((await upload.json()) as Uploaded);
  }
  const created = await context.request.post('/api/profile/create', {
    data: {
      userId: member.id,
      plan: 'professional',
      firstName: member.firstName,
      lastName: member.lastName,
      age: 33,
      gender: 'female',
      sexuality: 'straight',
      location: 'Porto, Portugal',
      bio: 'Early riser.',
      interests: ['Travel', 'Photography'],
      photos: photos.map((photo) => photo.url),
    },
  });
  expect(created.ok()).toBe(true);
  return { member, photos };
}

async function openOwnProfile(page: Page, member: Member): Promise<Locator> {
  await page.goto(`/viewprofile/${member.id}`);
  const hero = page.getByRole('region', { name: new RegExp(member.firstName) });
  await hero.getByRole('heading', { level: 1 }).waitFor();
  return hero;
}

/** The photos of the Manage photos list, in order, by their thumbnail URL. */
async function listedPhotos(dialog: Locator): Promise<string[]> {
  const list = dialog.getByRole('list', { name: 'Your photos' });
  return list
    .getByRole('img')
    .evaluateAll((images) =>
      images.map((image) => new URL((image as HTMLImageElement).src).pathname),
    );
}

describe('editing after the fact', () => {
  it('edits the profile (bio, interests, location from the suggestions) and sees it on the profile page', async () => {
    const { context, page, errors } = await newMemberBrowser(browser);
    const { member } = await memberWithProfile(
      context,
      { firstName: 'Ilse', lastName: 'Vermeer' },
      1,
    );
    await rememberSignedIn(page, member);
    await openOwnProfile(page, member);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Bio').inputValue()).toBe('Early riser.');
    await expectNoSeriousViolations(page, 'edit-profile dialog');

    await dialog.getByLabel('Bio').fill('Night owl, jazz and climbing.');
    await dialog.getByRole('button', { name: 'Music', exact: true }).click();
    await dialog.getByRole('button', { name: 'Travel', exact: true }).click();
    const location = dialog.getByRole('combobox', { name: 'Location' });
    await location.fill('Lyo');
    const lyon = dialog.getByRole('option', { name: /^Lyon,.*France$/ }).first();
    const place = (await lyon.textContent())!.trim();
    await lyon.click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const check = async () => {
      const about = page.getByRole('region', { name: 'About' });
      await about.getByText('Night owl, jazz and climbing.').waitFor();
      const interests = page.getByRole('region', { name: 'Interests' });
      expect(await interests.getByRole('listitem').allTextContents()).toEqual([
        'Photography',
        'Music',
      ]);
      const info = page.getByRole('region', { name: 'Basic Information' });
      await info.getByText(place, { exact: true }).waitFor();
    };
    await check();
    // Saved, not only shown: the same after a reload.
    await page.reload();
    await check();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reorders photos by dragging and with the buttons, and sees the new profile picture', async () => {
    const { context, page, errors } = await newMemberBrowser(browser);
    const { member, photos } = await memberWithProfile(
      context,
      { firstName: 'Tomasz', lastName: 'Okafor' },
      3,
    );
    const [first, second, third] = photos.map((photo) => photo.thumbnailUrl) as [
      string,
      string,
      string,
    ];
    await rememberSignedIn(page, member);
    const hero = await openOwnProfile(page, member);
    const avatar = () =>
      hero
        .locator('img')
        .first()
        .evaluate((image) => new URL((image as HTMLImageElement).src).pathname);
    expect(await avatar()).toBe(first);

    await page.getByRole('button', { name: 'Manage photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage photos' });
    await dialog.waitFor();
    expect(await listedPhotos(dialog)).toEqual([first, second, third]);
    await expectNoSeriousViolations(page, 'manage-photos dialog');

    // Drag the third photo onto the first place with the mouse.
    const source = dialog.getByRole('img', { name: 'Photo 3' });
    const target = dialog.getByRole('img', { name: 'Photo 1 (profile picture)' });
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => listedPhotos(dialog)).toEqual([third, first, second]);

    // And by keyboard-reachable buttons: the (now) second photo moves right.
    await dialog.getByRole('button', { name: 'Move photo 2 right' }).click();
    await expect.poll(() => listedPhotos(dialog)).toEqual([third, second, first]);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Move photo 3 right' }).isDisabled())
      .toBe(true);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await avatar()).toBe(third);

    // Saved on the server: the new order and profile picture after a reload.
    await page.reload();
    await hero.getByRole('heading', { level: 1 }).waitFor();
    expect(await avatar()).toBe(third);
    const profile = (await (await context.request.get(`/api/profile/${member.id}`)).json()) as {
      profile: { thumbnails: string[] };
    };
    expect(profile.profile.thumbnails).toEqual([third, second, first]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a post from its ⋯ menu and the card says "edited"', async () => {
    const { context, page, errors } = await newMemberBrowser(browser);
    const { member } = await memberWithProfile(
      context,
      { firstName: 'Noor', lastName: 'Lindqvist' },
      1,
    );
    const title = `Frist light ${Date.now()}`;
    const created = await context.request.post('/api/posts/create', {
      multipart: { title, description: 'Over the hills.', privacy: 'public' },
    });
    expect(created.ok()).toBe(true);
    await rememberSignedIn(page, member);
    await page.goto('/feed');
    const card = page.getByRole('article', { name: title, exact: true });
    await card.waitFor();
    expect(await card.getByText('edited').count()).toBe(0);

    await card.getByRole('button', { name: `More actions for the post “${title}”` }).click();
    await page.getByRole('menuitem', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await expectNoSeriousViolations(page, 'edit-post dialog');
    const fixed = title.replace('Frist', 'First');
    await dialog.getByLabel('Title', { exact: true }).fill(fixed);
    await dialog.getByRole('radio', { name: /Followers/ }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const edited = page.getByRole('article', { name: fixed, exact: true });
    await edited.getByText('edited').waitFor();
    expect(await edited.getByRole('img', { name: 'Followers' }).count()).toBe(1);
    // The same after a reload, from the server.
    await page.reload();
    await page.getByRole('article', { name: fixed, exact: true }).getByText('edited').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
