import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { latestEmailCode } from '../support/mail.js';
import { currentStep, freshTotpCode, totpCode } from '../support/totp.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('account entry', () => {
  it('signs up, verifies email, sets up 2FA and phone, then signs in again with 2FA', async () => {
    const { page, context, errors } = await newMemberBrowser(browser);
    const email = `amelie.${Date.now()}@example.com`;
    const password = 'Kindred2026';

    // Sign-up
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Amélie');
    await page.getByLabel('Last Name').fill('Durand');
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await expectNoSeriousViolations(page, 'sign-up');
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog');
    await terms.waitFor();
    await expectNoSeriousViolations(page, 'terms modal');
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'hidden' });
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /terms/i }).check();
    await page.getByRole('checkbox', { name: /age/i }).check();
    await signUp.click();

    // Email code, read from the development outbox
    await page.waitForURL('**/verify-otp', { timeout: 20_000 });
    const emailCode = await latestEmailCode(email);
    await expectNoSeriousViolations(page, 'email code');
    await page.getByLabel(/code/i).fill(emailCode);
    await page.getByRole('button', { name: /verify/i }).click();

    // Authenticator setup: the secret is shown for manual entry; compute the code as an app would
    await page.waitForURL('**/2fa-setup/**', { timeout: 20_000 });
    const userId = page.url().split('/').pop()!;
    await page.getByRole('img', { name: /qr/i }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectNoSeriousViolations(page, '2FA setup');
    const setupStep = currentStep();
    await page.getByLabel(/code/i).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();

    // Recovery codes are shown once; going on needs "I saved these codes"
    await page.getByTestId('recovery-codes').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('checkbox', { name: 'I saved these codes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Phone: SMS dev mode fills the code in
    await page.waitForURL(`**/phone-verify/${userId}`, { timeout: 20_000 });
    // A number of its own: one number verifies one account, and other journeys share the server.
    await page
      .getByLabel('Phone number')
      .fill(String(9_000_000_000 + Math.floor(Math.random() * 999_999_999)));
    await expectNoSeriousViolations(page, 'phone');
    await page.getByRole('button', { name: /send code/i }).click();
    const phoneCode = page.getByLabel(/verification code/i);
    await expect.poll(() => phoneCode.inputValue(), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL(`**/profileedit/${userId}`, { timeout: 20_000 });

    // Log out, then sign in again: password, then the authenticator code
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('checkbox', { name: /legal age/i }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/2fa-verify/${userId}`, { timeout: 20_000 });
    await page.getByLabel(/code/i).waitFor();
    await expectNoSeriousViolations(page, '2FA verify');
    await page.getByLabel(/code/i).fill(await freshTotpCode(secret, setupStep));
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL(`**/profileedit/${userId}`, { timeout: 20_000 });

    expect(errors).toEqual([]);
    await context.close();
  });
});
