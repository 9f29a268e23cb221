import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Types in the header search box and waits for the suggestion naming `name`. */
async function suggest(page: Page, text: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search members' });
  await search.fill(text);
  await page.getByRole('option', { name }).waitFor();
  return search;
}

describe('search results and settings', () => {
  it('a member opens all the results for a name and the settings, on a wide screen and a phone', async () => {
    const stamp = Date.now().toString(36);
    const found = await newMemberBrowser(browser);
    const rosalind = await createVerifiedMember(found.context, {
      firstName: 'Rosalind',
      lastName: `Achebe${stamp}`,
    });
    await found.context.close();
    const { page, context, errors } = await newMemberBrowser(browser);
    const nadia = await createVerifiedMember(context, { firstName: 'Nadia', lastName: 'Whitlock' });
    await rememberSignedIn(page, nadia);
    const fullName = `${rosalind.firstName} ${rosalind.lastName}`;

    // Wide screen: the suggestions, then Enter on the text opens every result.
    await page.goto('/feed');
    const search = await suggest(page, rosalind.lastName, fullName);
    await expectNoSeriousViolations(page, 'search suggestions');
    await search.press('Enter');
    await page.waitForURL('**/view-all');
    await page.getByRole('link', { name: fullName }).waitFor();
    await expectNoSeriousViolations(page, 'view-all');

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Settings' })
      .click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    await expectNoSeriousViolations(page, 'settings dialog');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    // Phone: the same results page, the menu behind More, and the settings from there.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('navigation', { name: 'Quick navigation' }).waitFor();
    await expectNoSeriousViolations(page, 'view-all at phone width');
    await suggest(page, rosalind.lastName, fullName);
    await expectNoSeriousViolations(page, 'search suggestions at phone width');
    await page.keyboard.press('Escape');

    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'More' })
      .click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await expectNoSeriousViolations(page, 'menu at phone width');
    await menu.getByRole('button', { name: 'Settings' }).click();
    await settings.waitFor();
    await expectNoSeriousViolations(page, 'settings dialog at phone width');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    expect(errors).toEqual([]);
    await context.close();
  });
});
