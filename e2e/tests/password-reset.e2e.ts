import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { latestEmailCode } from '../support/mail.js';
import { createVerifiedMember } from '../support/members.js';
import { currentStep, freshTotpCode } from '../support/totp.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How many emails the development outbox holds for an address. */
async function mailCount(to: string): Promise<number> {
  const files = await readdir(path.join(inject('dataDir'), 'outbox')).catch(() => [] as string[]);
  return files.filter((file) => file.includes(to.replace(/[^a-zA-Z0-9@._-]/g, '_'))).length;
}

describe('forgot password', () => {
  it('a member gets a code by email, chooses a new password, is signed out elsewhere, and signs in with it through 2FA', async () => {
    // The member signs up (over HTTP, in a browser profile that stays signed in: another device).
    const device = await newMemberBrowser(browser);
    const member = await createVerifiedMember(device.context, {
      firstName: 'Noor',
      lastName: 'Haddad',
    });
    const usedStep = currentStep();
    expect((await device.context.request.get('/api/users/me/sessions')).status()).toBe(200);

    // On this browser they have forgotten the password.
    const { page, context, errors } = await newMemberBrowser(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(member.email);
    await expectNoSeriousViolations(page, 'forgot password: email');
    const mailsBefore = await mailCount(member.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If an account exists for this email, we sent a code.').waitFor();

    // The code, from the email (sent after the reply).
    await expect.poll(() => mailCount(member.email), { timeout: 15_000 }).toBe(mailsBefore + 1);
    const code = await latestEmailCode(member.email);
    const newPassword = 'Forgotten2027';
    await page.getByLabel('Reset code').fill(code);
    const passwordField = page.getByLabel('New password', { exact: true });
    await passwordField.fill(newPassword);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await passwordField.getAttribute('type')).toBe('text');
    await expectNoSeriousViolations(page, 'forgot password: code and new password');
    await page.getByRole('button', { name: 'Reset password' }).click();

    // Back on the login page, which says what happened.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await page
      .getByText('Your password has been reset. Please log in with your new password.')
      .waitFor();
    await expectNoSeriousViolations(page, 'login after a reset');

    // The other device was signed out.
    expect((await device.context.request.get('/api/users/me/sessions')).status()).toBe(401);

    // The new password, then the authenticator code, as always.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('checkbox', { name: /legal age/i }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/2fa-verify/${member.id}`, { timeout: 20_000 });
    await page.getByLabel(/code/i).fill(await freshTotpCode(member.totpSecret, usedStep));
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/2fa-verify'), { timeout: 20_000 });
    expect(new URL(page.url()).pathname).not.toBe('/');
    expect((await context.request.get('/api/users/me/sessions')).status()).toBe(200);

    expect(errors).toEqual([]);
    expect(device.errors).toEqual([]);
    await context.close();
    await device.context.close();
  });
});
