import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

/**
 * Paying for a plan (issue 14): a Trial-Free member reaches the plan's photo allowance (3), sees
 * the upgrade dialog, goes through the test-mode checkout (the journeys' server runs the test-mode
 * payments provider: no money is taken) and the limit is lifted — the 4th photo uploads.
 */

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

async function uploadPhoto(context: BrowserContext, name: string) {
  return context.request.post('/api/profile/upload-photo', {
    multipart: { photo: { name, mimeType: 'image/png', buffer: TINY_PNG } },
  });
}

/** A finished profile on the free trial with its three photos (Trial-Free's allowance). */
async function trialMemberWithThreePhotos(context: BrowserContext): Promise<Member> {
  const member = await createVerifiedMember(context, {
    firstName: 'Ines',
    lastName: `Pago${Date.now().toString(36)}`,
  });
  const photos: string[] = [];
  for (const name of ['a.png', 'b.png', 'c.png']) {
    const upload = await uploadPhoto(context, name);
    expect(upload.ok()).toBe(true);
    photos.push(((await upload.json()) as { url: string }).url);
  }
  const created = await context.request.post('/api/profile/create', {
    data: {
      userId: member.id,
      plan: 'free',
      firstName: member.firstName,
      lastName: member.lastName,
      age: 31,
      gender: 'female',
      sexuality: 'straight',
      location: 'Lisbon, Portugal',
      bio: 'Hello.',
      interests: ['Travel', 'Music'],
      photos,
    },
  });
  expect(created.ok()).toBe(true);
  return member;
}

describe('checkout', () => {
  it('a Trial-Free member at the photo limit upgrades through test-mode checkout and the limit is lifted', async () => {
    const { context, page, errors } = await newMemberBrowser(browser);
    const member = await trialMemberWithThreePhotos(context);

    // The server refuses a 4th photo on Trial-Free, naming the plan that allows it.
    const refused = await uploadPhoto(context, 'd.png');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'PLAN_LIMIT', requiredPlan: 'beginner' });

    await rememberSignedIn(page, member);
    await page.goto(`/viewprofile/${member.id}`);
    await page.getByRole('button', { name: 'Manage photos' }).click();
    const photosDialog = page.getByRole('dialog', { name: 'Manage photos' });
    await photosDialog.waitFor();
    await photosDialog.getByRole('button', { name: 'See plans with more photos' }).click();

    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await upgrade.waitFor();
    await upgrade.getByRole('button', { name: 'Choose Beginner' }).click();

    // The test-mode checkout page: clearly labelled, the plan and its price, Pay and Cancel.
    await page.waitForURL(/\/checkout\/test\/[\w-]+$/);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await page.getByRole('note').first().textContent()).toBe(
      'Test mode — no money is taken',
    );
    const checkoutCard = page.getByRole('region', { name: 'Checkout' });
    await checkoutCard.getByText('Beginner', { exact: true }).waitFor();
    await checkoutCard.getByText('$5/month', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'test-mode checkout');

    // Nothing is switched on before the provider confirms.
    const before = await context.request.get(`/api/users/${member.id}/subscription`);
    expect((await before.json()).subscription).toMatchObject({ planName: 'free' });

    await page.getByRole('button', { name: 'Pay $5/month (test)' }).click();
    await page.waitForURL((url) => url.pathname === `/viewprofile/${member.id}`);
    await page.getByText('Thank you! Your new plan is active').waitFor();
    // The marker is taken out of the address once said.
    await expect.poll(() => new URL(page.url()).search).toBe('');

    const after = await context.request.get(`/api/users/${member.id}/subscription`);
    expect((await after.json()).subscription).toMatchObject({
      planName: 'beginner',
      status: 'active',
    });

    // The limit is lifted: the 4th photo uploads through the page.
    await page.getByRole('button', { name: 'Manage photos' }).click();
    await photosDialog.waitFor();
    await photosDialog.getByLabel('Choose photos').setInputFiles({
      name: 'd.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect
      .poll(
        () => photosDialog.getByRole('list', { name: 'Your photos' }).getByRole('img').count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});
