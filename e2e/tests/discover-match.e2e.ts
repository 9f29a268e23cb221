import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';
import { createFinishedProfile, type PickedPlace } from '../support/profiles.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A spot of its own for this run, far from the places other journeys use, so that "within 5 km"
 * finds only this journey's two members however many the server holds.
 */
function placeNear(latitude: number, longitude: number): PickedPlace {
  return {
    formatted_address: 'Tromsø, Norway',
    city: 'Tromsø',
    country: 'Norway',
    latitude,
    longitude,
  };
}

/** Opens Discover, narrows it to 5 km with the filter panel, and returns the other member's card. */
async function discoverNearby(page: Page, other: Member, age: number) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Discover' })
    .click();
  await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Distance').selectOption({ label: 'Within 5 km' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/maxDistanceKm=5/);
  const card = page.getByRole('article', { name: `${other.firstName}, ${age}` });
  await card.waitFor();
  return card;
}

describe('Discover and matching', () => {
  it('two members near each other find each other in Discover, both like, and meet in Matches', async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const maren = await createVerifiedMember(a.context, {
      firstName: 'Maren',
      lastName: `Holt${stamp}`,
    });
    const eirik = await createVerifiedMember(b.context, {
      firstName: 'Eirik',
      lastName: `Dahl${stamp}`,
    });
    // About 1 km apart, somewhere between 69.5° and 70° north.
    const latitude = 69.5 + Math.random() * 0.5;
    const longitude = 18 + Math.random() * 2;
    await createFinishedProfile(a.context, maren, {
      age: 30,
      gender: 'female',
      location: placeNear(latitude, longitude),
      bio: 'Northern lights.',
      interests: ['Travel', 'Nature', 'Photography'],
    });
    await createFinishedProfile(b.context, eirik, {
      age: 32,
      gender: 'male',
      location: placeNear(latitude + 0.009, longitude),
      bio: 'Fjords.',
      interests: ['Nature', 'Music'],
    });
    await rememberSignedIn(a.page, maren);
    await rememberSignedIn(b.page, eirik);

    // Maren opens Discover from the menu, narrows it to 5 km and finds Eirik: about 1 km away,
    // with their shared interest, and likes him. No match yet: his card just goes.
    await a.page.goto('/feed');
    const eiriksCard = await discoverNearby(a.page, eirik, 32);
    await expect(eiriksCard.textContent()).resolves.toMatch(/about 1 km/);
    await expect(eiriksCard.textContent()).resolves.toContain('Nature');
    await expect(eiriksCard.getByRole('img', { name: 'Photo of Eirik' }).count()).resolves.toBe(1);
    await expectNoSeriousViolations(a.page, 'discover');
    await eiriksCard.getByRole('button', { name: 'Like Eirik' }).click();
    await eiriksCard.waitFor({ state: 'detached' });
    await a.page.getByText(/likes? left today/).waitFor();
    expect(await a.page.getByRole('dialog').count()).toBe(0);

    // Eirik, in his own browser, finds Maren and likes her back: it's a match.
    await b.page.goto('/feed');
    const marensCard = await discoverNearby(b.page, maren, 30);
    await marensCard.getByRole('button', { name: 'Like Maren' }).click();
    const match = b.page.getByRole('dialog', { name: /It.s a match!/ });
    await match.waitFor();
    await expectNoSeriousViolations(b.page, 'match dialog');
    expect(await match.getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe(
      `/messages?with=${maren.id}`,
    );
    await match.getByRole('button', { name: 'Keep browsing' }).click();
    await match.waitFor({ state: 'detached' });

    // Each finds the other on Matches.
    for (const [page, other] of [
      [b.page, maren],
      [a.page, eirik],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Matches' })
        .click();
      const list = page.getByRole('list', { name: 'Your matches' });
      await list.getByRole('link', { name: other.firstName, exact: true }).waitFor();
      expect(
        await list.getByRole('link', { name: `Message ${other.firstName}` }).getAttribute('href'),
      ).toBe(`/messages?with=${other.id}`);
    }
    await expectNoSeriousViolations(a.page, 'matches');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
