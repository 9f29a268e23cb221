import { deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

/** CRC-32 as PNG chunks need it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG photo (a diagonal gradient between two colours), as a camera roll would hold. */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height - 2);
      for (let channel = 0; channel < 3; channel += 1) {
        rows[row + 1 + x * 3 + channel] = Math.round(
          from[channel]! + (to[channel]! - from[channel]!) * t,
        );
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Her browser says she is in Paris; the app names the city offline (no geocoding service). */
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

describe('profile', () => {
  it('a member builds her profile in the wizard, then another member finds her by name', async () => {
    // Zoë: signed up and verified (over HTTP), then the wizard in the browser.
    const zoe = await newMemberBrowser(browser);
    await zoe.context.grantPermissions(['geolocation'], { origin: inject('baseUrl') });
    await zoe.context.setGeolocation(PARIS);
    const member = await createVerifiedMember(zoe.context, {
      firstName: 'Zoë',
      lastName: 'Ångström',
    });
    await rememberSignedIn(zoe.page, member);
    const page = zoe.page;
    await page.goto(`/profileedit/${member.id}`);

    // Step 1: plan (free by default).
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Step 1 of 4' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    // Details can be edited later, so the spec's "cannot change your details" warning is gone.
    await page.getByRole('radio', { name: /Trial-Free/ }).waitFor();
    expect(await page.getByText(/cannot change your details/).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /Trial-Free/ }).isChecked()).toBe(true);
    await expectNoSeriousViolations(page, 'wizard: plan');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: details. Next is held back until everything required is there.
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Zoë');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Ångström');
    // Next looks unavailable (aria-disabled) but still says what is missing when pressed.
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    await next.click({ force: true });
    await page.getByText('Please complete all required fields').waitFor();
    await expectNoSeriousViolations(page, 'wizard: details');
    await page.getByLabel('Age', { exact: true }).fill('28');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Sexuality').selectOption('pansexual');
    // Location: "Use my location" names the city; then she types where she really lives and picks
    // it from the suggestions with the keyboard.
    const location = page.getByRole('combobox', { name: 'Location' });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => location.inputValue(), { timeout: 20_000 }).toBe('Paris, France');
    await location.fill('');
    await location.pressSequentially('lisb');
    const lisbon = page.getByRole('option', { name: 'Lisbon, Portugal' });
    await lisbon.waitFor();
    await expectNoSeriousViolations(page, 'wizard: location suggestions');
    await location.press('ArrowDown');
    await expect.poll(() => lisbon.getAttribute('aria-selected')).toBe('true');
    await location.press('Enter');
    expect(await location.inputValue()).toBe('Lisbon, Portugal');
    expect(await location.getAttribute('aria-expanded')).toBe('false');
    await page.getByLabel('Bio').fill('Cartographer, café hopper, slow traveller.');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: two real photos through the drop zone's file input.
    await page.getByRole('heading', { name: 'Upload Photos' }).waitFor();
    await page.getByLabel('Choose photos').setInputFiles([
      {
        name: 'sunrise.png',
        mimeType: 'image/png',
        buffer: gradientPng(320, 240, [250, 140, 60], [120, 40, 90]),
      },
      {
        name: 'harbour.png',
        mimeType: 'image/png',
        buffer: gradientPng(240, 320, [20, 120, 140], [230, 230, 200]),
      },
    ]);
    await page.getByText('sunrise.png uploaded successfully').waitFor({ timeout: 30_000 });
    await page.getByText('harbour.png uploaded successfully').waitFor({ timeout: 30_000 });
    const yourPhotos = page.getByRole('list', { name: 'Your photos' });
    await yourPhotos.getByRole('img', { name: 'Photo 2' }).waitFor();
    await yourPhotos.getByRole('img', { name: 'Photo 1 (profile picture)' }).waitFor();
    // Each photo's description is asked for at once, and saved without leaving the step.
    await page
      .getByRole('textbox', { name: "Describe this image for people who can't see it (photo 2)" })
      .fill('A harbour at dusk, boats tied along the quay');
    await page.getByRole('button', { name: 'Save description' }).nth(1).click();
    await page.getByText('Description saved').first().waitFor();
    await expectNoSeriousViolations(page, 'wizard: photos');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: interests, then create.
    await page.getByRole('heading', { name: 'Select Your Interests' }).waitFor();
    for (const interest of ['Travel', 'Photography', 'Languages']) {
      await page.getByRole('button', { name: interest, exact: true }).click();
    }
    await page.getByText('3 selected').waitFor();
    await expectNoSeriousViolations(page, 'wizard: interests');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByText('Profile Updated Successfully!').waitFor();
    await page.getByText('Redirecting to feed...').waitFor();
    await page.waitForURL('**/feed', { timeout: 10_000 });

    // Her profile page: name, Basic Information, photos.
    await page.goto(`/viewprofile/${member.id}`);
    await page.getByRole('heading', { level: 1, name: 'Zoë Ångström' }).waitFor();
    const info = page.getByRole('region', { name: 'Basic Information' });
    await info.waitFor();
    const infoText = (await info.innerText()).replace(/\s+/g, ' ');
    expect(infoText).toContain('Age 28');
    expect(infoText).toContain('Gender Female');
    expect(infoText).toContain('Location Lisbon, Portugal');
    expect(infoText).toContain('Sexuality Pansexual');
    await page
      .getByRole('region', { name: 'Your subscription' })
      .getByText(/Free Trial - \d+ days remaining/)
      .waitFor();
    await expectNoSeriousViolations(page, 'own profile');
    const photoButtons = page.getByRole('button', { name: /^View photo \d of 2$/ });
    await photoButtons.first().waitFor();
    expect(await photoButtons.count()).toBe(2);
    await photoButtons.nth(1).click();
    const lightbox = page.getByRole('dialog', { name: 'Photo 2 of 2' });
    // The description given in the wizard is the picture's alt text.
    const big = lightbox.getByRole('img', { name: 'A harbour at dusk, boats tied along the quay' });
    await expect
      .poll(() => big.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousViolations(page, 'photo viewer');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });

    // Ben finds her with the header search box, accents and case ignored.
    const ben = await newMemberBrowser(browser);
    const benMember = await createVerifiedMember(ben.context, {
      firstName: 'Ben',
      lastName: 'Okafor',
    });
    await rememberSignedIn(ben.page, benMember);
    await ben.page.goto('/feed');
    const search = ben.page.getByRole('combobox', { name: 'Search members' });
    await search.fill('zoe ang');
    const suggestion = ben.page.getByRole('option', { name: 'Zoë Ångström' });
    await suggestion.waitFor();
    await expectNoSeriousViolations(ben.page, 'search suggestions');
    await search.fill('');
    await search.pressSequentially('ZOE');
    await suggestion.waitFor();
    await search.press('ArrowDown');
    await expect.poll(() => suggestion.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await ben.page.waitForURL(`**/viewprofile/${member.id}`);
    await ben.page.getByRole('heading', { level: 1, name: 'Zoë Ångström' }).waitFor();
    await expectNoSeriousViolations(ben.page, "another member's profile");
    // Others see her city and country, never coordinates.
    const benInfo = (
      await ben.page.getByRole('region', { name: 'Basic Information' }).innerText()
    ).replace(/\s+/g, ' ');
    expect(benInfo).toContain('Location Lisbon, Portugal');
    expect(benInfo).not.toMatch(/\d+\.\d{3}/);
    expect(benInfo).toContain('Age 28');
    expect(await ben.page.getByRole('region', { name: 'Your subscription' }).count()).toBe(0);
    await ben.page.getByRole('button', { name: 'Follow Zoë' }).click();
    await ben.page.getByText('Followed successfully').waitFor();
    await ben.page.getByRole('button', { name: '1 Followers' }).waitFor();

    // The member menu is on every member page, not only the feed: on the left on wide screens, the
    // bottom bar at phone width.
    await ben.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    await ben.page.setViewportSize({ width: 375, height: 800 });
    const quick = ben.page.getByRole('navigation', { name: 'Quick navigation' });
    await quick.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await ben.page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await expectNoSeriousViolations(ben.page, 'a profile at phone width');
    await quick.getByRole('link', { name: 'Home' }).click();
    await ben.page.waitForURL('**/feed');

    expect(zoe.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
    await zoe.context.close();
    await ben.context.close();
  });
});
