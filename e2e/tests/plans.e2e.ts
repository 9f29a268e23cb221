import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

/**
 * What the plans promise, in the browser (issue 14, entitlements): the cards come from
 * GET /api/plans, a Trial-Free member sees the advertising card, and a full photo allowance (the
 * server refuses the next upload with 403 PLAN_LIMIT) leads to the upgrade dialog naming the
 * feature and the plan that unlocks it. (Paying for that plan is checkout.e2e.ts.)
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

function uploadPhoto(context: BrowserContext) {
  return context.request.post('/api/profile/upload-photo', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
}

/** A Trial-Free profile with the plan's 3 photos, over HTTP (the profile journey walks the wizard). */
async function profileWithThreePhotos(context: BrowserContext, member: Member) {
  const photos: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const upload = await uploadPhoto(context);
    expect(upload.ok()).toBe(true);
    photos.push(((await upload.json()) as { url: string }).url);
  }
  const created = await context.request.post('/api/profile/create', {
    data: {
      userId: member.id,
      plan: 'free',
      firstName: member.firstName,
      lastName: member.lastName,
      age: 29,
      gender: 'female',
      sexuality: 'straight',
      location: 'Porto, Portugal',
      bio: 'Hello.',
      interests: ['Travel', 'Music', 'Nature'],
      photos,
    },
  });
  expect(created.ok()).toBe(true);
}

describe('plans and their limits', () => {
  it('a Trial-Free member with 3 photos is refused a 4th and offered the plans that allow more', async () => {
    const stamp = Date.now().toString(36);
    const { context, page, errors } = await newMemberBrowser(browser);
    const member = await createVerifiedMember(context, {
      firstName: 'Maren',
      lastName: `Holt${stamp}`,
    });
    await profileWithThreePhotos(context, member);

    // The server refuses the 4th photo: 403 PLAN_LIMIT, the feature and the plan that unlocks it.
    const fourth = await uploadPhoto(context);
    expect(fourth.status()).toBe(403);
    expect(await fourth.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      feature: 'photoAllowance',
      requiredPlan: 'beginner',
    });
    const listing = (await (await context.request.get('/api/plans')).json()) as {
      plans: { id: string; features: { text: string; comingSoon: boolean }[] }[];
    };
    const beginnerLines = listing.plans.find((plan) => plan.id === 'beginner')!.features;

    await rememberSignedIn(page, member);
    // Trial-Free shows ads: the feed's advertising card is there.
    await page.goto('/feed');
    await page.getByRole('heading', { name: 'Advertise with us' }).waitFor();

    await page.goto(`/viewprofile/${member.id}`);
    await page.getByRole('button', { name: 'Manage photos' }).click();
    const photos = page.getByRole('dialog', { name: 'Manage photos' });
    await photos.getByRole('button', { name: 'See plans with more photos' }).click();

    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await upgrade.getByText('Photo uploads: plan limit reached').waitFor();
    await upgrade
      .getByText('Your Trial-Free plan allows up to 3 photos. Upgrade to add more.')
      .waitFor();
    const beginner = upgrade.getByRole('listitem', { name: 'Beginner' });
    await beginner.getByText('Unlocks photo uploads').waitFor();
    // The card's lines are the ones GET /api/plans serves, the missing features marked.
    for (const line of beginnerLines) {
      await beginner.getByText(line.text).first().waitFor();
    }
    expect(await beginner.getByText('Coming soon').count()).toBe(
      beginnerLines.filter((line) => line.comingSoon).length,
    );
    await expectNoSeriousViolations(page, 'upgrade dialog after a plan limit');

    expect(errors).toEqual([]);
    await context.close();
  });
});
