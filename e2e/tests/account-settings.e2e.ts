import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';
import { currentStep, freshTotpCode } from '../support/totp.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Signs the member in on another browser profile over HTTP (password, then a fresh authenticator
 * code), as they would on a second device. Returns the time-step the code used.
 */
async function signInOver(context: BrowserContext, member: Member, usedStep: number) {
  const api = context.request;
  const login = await api.post('/api/users/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(200);
  const token = await freshTotpCode(member.totpSecret, usedStep);
  const verified = await api.post('/api/2fa/verify', { data: { userId: member.id, token } });
  expect(verified.status()).toBe(200);
  return currentStep();
}

describe('account settings', () => {
  it('a member changes the password in Settings, then logs in with the new one', async () => {
    const { page, context, errors } = await newMemberBrowser(browser);
    const member = await createVerifiedMember(context, { firstName: 'Ines', lastName: 'Moreau' });
    const setupStep = currentStep();
    await rememberSignedIn(page, member);

    await page.goto('/settings/account');
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'settings: account');
    const newPassword = 'NewKindred2027';
    await password.getByLabel('Current password', { exact: true }).fill(member.password);
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Repeat the new password').fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. You were signed out of your other sessions.').waitFor();
    await expect
      .poll(() => password.getByLabel('Current password', { exact: true }).inputValue())
      .toBe('');

    // Log out, then in with the new password (the old one no longer works).
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('checkbox', { name: /legal age/i }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByText(/Invalid email or password/)
      .first()
      .waitFor();

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/2fa-verify/${member.id}`, { timeout: 20_000 });
    await page.getByLabel(/code/i).fill(await freshTotpCode(member.totpSecret, setupStep));
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/2fa-verify'), { timeout: 20_000 });
    expect(new URL(page.url()).pathname).not.toBe('/');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a session ended from a second browser sends the first one back to the login page', async () => {
    const first = await newMemberBrowser(browser);
    const member = await createVerifiedMember(first.context, {
      firstName: 'Tomas',
      lastName: 'Lindqvist',
    });
    await rememberSignedIn(first.page, member);
    await first.page.goto('/settings/sessions');
    await first.page.getByRole('list', { name: 'Your sessions' }).waitFor();

    const second = await newMemberBrowser(browser);
    await signInOver(second.context, member, currentStep());
    await rememberSignedIn(second.page, member);
    await second.page.goto('/settings/sessions');
    const list = second.page.getByRole('list', { name: 'Your sessions' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expectNoSeriousViolations(second.page, 'settings: sessions');
    await list.getByText('This browser').waitFor();

    await list.getByRole('button', { name: /^Sign out / }).click();
    await second.page.getByText('Signed out of that session.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The first browser's next request is refused, and it lands on the login page.
    await first.page.reload();
    await first.page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await first.page.getByRole('button', { name: 'Sign In' }).waitFor();

    // The second browser is still signed in.
    await second.page.reload();
    await list.getByText('This browser').waitFor();

    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
