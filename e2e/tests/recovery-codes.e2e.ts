import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { latestEmailCode } from '../support/mail.js';
import { totpCode } from '../support/totp.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function logOut(page: Page) {
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
}

/** Password first: the login's second step, the authenticator code, comes next. */
async function logInWithPassword(page: Page, email: string, password: string, userId: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: /legal age/i }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/2fa-verify/${userId}`, { timeout: 20_000 });
}

async function enterRecoveryCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel(/Recovery code/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('recovery codes', () => {
  it('sets up 2FA, saves the recovery codes, logs out, logs in with one; a used code is refused', async () => {
    const { page, context, errors } = await newMemberBrowser(browser);
    const email = `noor.${Date.now()}@example.com`;
    const password = 'Kindred2026';

    // Sign up and verify the email (code from the development outbox)
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Noor');
    await page.getByLabel('Last Name').fill('Haddad');
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('checkbox', { name: /terms/i }).check();
    await page.getByRole('checkbox', { name: /age/i }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify-otp', { timeout: 20_000 });
    await page.getByLabel(/code/i).fill(await latestEmailCode(email));
    await page.getByRole('button', { name: /verify/i }).click();

    // 2FA setup: the first code gives the recovery codes, shown once
    await page.waitForURL('**/2fa-setup/**', { timeout: 20_000 });
    const userId = page.url().split('/').pop()!;
    await page.getByRole('img', { name: /qr/i }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    await page.getByLabel(/code/i).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor({ timeout: 20_000 });
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}$/);
    await expectNoSeriousViolations(page, 'recovery codes (2FA setup)');

    // Download them as a .txt file
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('kindred-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);

    // Continue only once "I saved these codes" is ticked
    const next = page.getByRole('button', { name: 'Continue' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'I saved these codes' }).check();
    await next.click();

    // Phone step (SMS dev mode fills the code in)
    await page.waitForURL(`**/phone-verify/${userId}`, { timeout: 20_000 });
    // A number of its own: one number verifies one account, and other journeys share the server.
    await page
      .getByLabel('Phone number')
      .fill(String(9_000_000_000 + Math.floor(Math.random() * 999_999_999)));
    await page.getByRole('button', { name: /send code/i }).click();
    const phoneCode = page.getByLabel(/verification code/i);
    await expect.poll(() => phoneCode.inputValue(), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL(`**/profileedit/${userId}`, { timeout: 20_000 });

    // Log out, then log in with a recovery code instead of the authenticator code
    await logOut(page);
    await logInWithPassword(page, email, password, userId);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
    await expectNoSeriousViolations(page, '2FA verify');
    await enterRecoveryCode(page, codes[0]!.toUpperCase());
    const notice = page.getByText('Recovery code accepted. You have 9 recovery codes left.');
    await notice.waitFor();
    await page.waitForURL(`**/profileedit/${userId}`, { timeout: 20_000 });
    // Read, then closed with a click (it would leave by itself after 10 s).
    await notice.click();
    await notice.waitFor({ state: 'hidden' });

    // The same code a second time: refused, and the member stays at the 2FA step
    await logOut(page);
    await logInWithPassword(page, email, password, userId);
    await enterRecoveryCode(page, codes[0]!);
    await page.getByText('Invalid recovery code').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/2fa-verify/${userId}`);

    // Another, unused code still works
    await page.getByLabel(/Recovery code/).fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**/profileedit/${userId}`, { timeout: 20_000 });

    expect(errors).toEqual([]);
    await context.close();
  });
});
