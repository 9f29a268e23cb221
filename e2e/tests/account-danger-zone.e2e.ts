import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Settings from the main menu, then the confirmation of one of the two account actions. */
async function openConfirmation(page: Page, action: 'disable' | 'delete') {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Settings' })
    .click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings
    .getByRole('button', {
      name: action === 'disable' ? 'Temporarily disable account' : 'Delete account permanently',
    })
    .click();
  return page.getByRole('dialog', {
    name: action === 'disable' ? 'Disable your account?' : 'Delete your account forever?',
  });
}

/** Whether the browser's session still serves the member's pages (200) or not (401). */
async function sessionStatus(page: Page): Promise<number> {
  return (await page.context().request.get('/api/notifications')).status();
}

async function signInOnLoginPage(page: Page, member: Member) {
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('checkbox', { name: /legal age/i }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('the account danger zone: disabling and deleting ask who is at the keyboard', () => {
  it('a wrong password changes nothing; the right one disables; signing in brings the account back; deleting takes an authenticator code and is final', async () => {
    const { page, context, errors } = await newMemberBrowser(browser);
    const member = await createVerifiedMember(context, { firstName: 'Oona', lastName: 'Varga' });
    let usedStep = currentStep();
    await rememberSignedIn(page, member);
    await page.goto('/settings/account');

    // Disable with a wrong password: refused next to the field, the account and session stay.
    let dialog = await openConfirmation(page, 'disable');
    await dialog.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm Disable' }).click();
    await dialog.getByText('Your current password is incorrect.').waitFor();
    expect(await sessionStatus(page)).toBe(200);

    // The right password: disabled, signed out everywhere, back at the login page.
    await dialog.getByLabel('Current password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Confirm Disable' }).click();
    await page.getByText('Account temporarily disabled').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    expect(await sessionStatus(page)).toBe(401);

    // Signing in again (password, then the authenticator) re-enables the account.
    await signInOnLoginPage(page, member);
    await page.waitForURL(`**/2fa-verify/${member.id}`, { timeout: 20_000 });
    await page.getByLabel(/code/i).fill(await freshTotpCode(member.totpSecret, usedStep));
    usedStep = currentStep();
    await page.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/2fa-verify'), { timeout: 20_000 });
    expect(new URL(page.url()).pathname).not.toBe('/');
    expect(await sessionStatus(page)).toBe(200);

    // Delete with an authenticator code: a wrong one is refused and nothing changes…
    await page.goto('/settings/account');
    dialog = await openConfirmation(page, 'delete');
    await dialog.getByRole('radio', { name: 'An authenticator code' }).check();
    const code = dialog.getByLabel('Code from your authenticator app');
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/code/i);
    expect(await sessionStatus(page)).toBe(200);

    // …a fresh right one deletes: signed out, and the password opens nothing any more.
    await code.fill(await freshTotpCode(member.totpSecret, usedStep));
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await page.getByText('Account deleted successfully').first().waitFor();
    await signInOnLoginPage(page, member);
    await page
      .getByText(/Invalid email or password/)
      .first()
      .waitFor();
    expect(await sessionStatus(page)).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
