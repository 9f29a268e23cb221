import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the front door', () => {
  it('opens / in Chromium and shows the login form after the splash', async () => {
    const { page, context } = await newMemberBrowser(browser);
    await page.goto('/');
    await page.getByLabel('Email').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Password').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page, 'login');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousViolations(page, 'login (mobile)');
    await context.close();
  });

  it('answers an unknown path with a not-found page', async () => {
    const { page, context } = await newMemberBrowser(browser);
    await page.goto('/not-a-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Feed' }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page, 'not found');
    await context.close();
  });

  it('serves the API health check from the same origin', async () => {
    const res = await fetch(`${inject('baseUrl')}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, database: 'pglite' });
  });
});
