import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the axe check the journeys run', () => {
  it('fails on a serious violation and names the rule, the element and the screen', async () => {
    const { page, context } = await newMemberBrowser(browser);
    await page.setContent(
      '<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>' +
        '<p id="faint" style="color:#999;background:#fff">Hard to read</p></main></body></html>',
    );
    const failure = await expectNoSeriousViolations(page, 'faint text').then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toContain('"faint text"');
    expect(failure).toContain('color-contrast (serious)');
    expect(failure).toContain('#faint');
    await context.close();
  });

  it('passes a screen with only moderate findings', async () => {
    const { page, context } = await newMemberBrowser(browser);
    // Content outside any landmark is a moderate finding ("region"): reported, not blocking.
    await page.setContent(
      '<html lang="en"><head><title>Check</title></head><body><h1>Check</h1><p>Readable</p></body></html>',
    );
    await expect(expectNoSeriousViolations(page, 'plain page')).resolves.toBeUndefined();
    await context.close();
  });
});
