import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createFinishedProfile } from '../support/profiles.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';

/**
 * The free trial's end in the browser (issue 14). The server's clock cannot be moved here, so the
 * page's clock is: the trial the server recorded at sign-up (60 days) is then seen from 55 days
 * and 61 days later. (The server side — entitlements dropping, data kept, the reminder emails —
 * is apps/api/src/trial-end.test.ts with the manual clock.)
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe('the free trial banner', () => {
  it('shows the end date in the last days (dismissible for the day), then "ended" with Upgrade', async () => {
    const { context, page, errors } = await newMemberBrowser(browser);
    const member = await createVerifiedMember(context, {
      firstName: 'Tiago',
      lastName: `Reis${Date.now().toString(36)}`,
    });
    await createFinishedProfile(context, member, {
      age: 34,
      gender: 'male',
      location: 'Porto, Portugal',
      bio: 'Hello.',
      interests: ['Travel', 'Music', 'Nature'],
    });
    await rememberSignedIn(page, member);

    const subscription = await context.request.get(`/api/users/${member.id}/subscription`);
    const { trialEndDate } = (await subscription.json()).subscription as { trialEndDate: string };
    const trialEnd = new Date(trialEndDate);
    const endDate = trialEnd.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

    // Day 1 of the trial: no banner (once the page knows the subscription).
    const subscriptionRead = () =>
      page.waitForResponse((res) => res.url().endsWith(`/api/users/${member.id}/subscription`));
    let read = subscriptionRead();
    await page.goto('/feed');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await read;
    expect(await page.getByRole('region', { name: 'Your free trial' }).count()).toBe(0);

    // Five days before the end: the end date, Upgrade, and "Dismiss for today".
    await page.clock.setFixedTime(new Date(trialEnd.getTime() - 5 * DAY + 60_000));
    await page.reload();
    const banner = page.getByRole('region', { name: 'Your free trial' });
    await banner.getByText(`Your free trial ends on ${endDate} (5 days left).`).waitFor();
    await expectNoSeriousViolations(page, 'feed: trial ends soon');
    await banner.getByRole('button', { name: 'Dismiss for today' }).click();
    await banner.waitFor({ state: 'detached' });
    read = subscriptionRead();
    await page.reload();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await read;
    expect(await banner.count()).toBe(0);

    // After the end: always shown (the dismissal was for the trial's last days), with Upgrade.
    await page.clock.setFixedTime(new Date(trialEnd.getTime() + DAY));
    await page.goto(`/viewprofile/${member.id}`);
    await banner.getByText(`Your free trial ended on ${endDate}.`).waitFor();
    expect(await banner.getByRole('button', { name: /Dismiss/ }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'upgrade dialog from the trial banner');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The reminder emails' link opens the plans dialog.
    await page.goto('/feed?upgrade=plans');
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
