import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

/**
 * Notifications, live (issue 13): A has a post open on nothing in particular; B comments on it from
 * the post's own page; A's bell shows 1 within 2 s without a reload (the live stream), the tab title
 * says "(1) …"; the bell opens the list, the item opens the post with B's comment scrolled to and
 * highlighted, and the count is gone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

/** Whether the element's box is inside the window (scrolled to). */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

describe('notifications', () => {
  it("B comments on A's post: A's bell shows 1 within 2 s, and opens the comment", async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const b = await newMemberBrowser(browser);
    const ana = await createVerifiedMember(a.context, {
      firstName: 'Ana',
      lastName: `Lima${stamp}`,
    });
    const bruno = await createVerifiedMember(b.context, {
      firstName: 'Bruno',
      lastName: `Costa${stamp}`,
    });
    const title = `Harbour at dawn ${stamp}`;
    const created = await a.context.request.post('/api/posts/create', {
      multipart: { title, description: 'Fog over the water.', privacy: 'public' },
    });
    expect(created.ok()).toBe(true);
    const postId = ((await created.json()) as { post: { _id: string } }).post._id;
    // Older comments, so the one the notification points at is further down the page.
    for (let index = 1; index <= 6; index += 1) {
      const older = await a.context.request.post(`/api/posts/${postId}/comments`, {
        data: { content: `Note ${index} to self: ${'the light changes fast. '.repeat(6)}` },
      });
      expect(older.ok()).toBe(true);
    }

    // Signing up may have told A about their account (a new sign-in): start from nothing unread.
    const cleared = await a.context.request.post('/api/notifications/read', {
      data: { all: true },
    });
    expect(cleared.ok()).toBe(true);

    // A is on the feed; the live stream is open and has said "nothing unread".
    await rememberSignedIn(a.page, ana);
    const stream = a.page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream'));
    await a.page.goto('/feed');
    expect((await stream).status()).toBe(200);
    await expect.poll(() => bell(a.page).getAttribute('aria-label')).toBe('Notifications');

    // B opens the post and comments.
    await rememberSignedIn(b.page, bruno);
    await b.page.goto(`/posts/${postId}`);
    await b.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectNoSeriousViolations(b.page, 'single post');
    await b.page.getByRole('textbox', { name: 'Write a comment' }).fill('What a view!');
    const commented = b.page.waitForResponse(
      (res) =>
        res.url().endsWith(`/api/posts/${postId}/comments`) && res.request().method() === 'POST',
    );
    await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
    expect((await commented).status()).toBe(201);
    const sentAt = Date.now();

    // A's bell says 1 within 2 s, without a reload; so does the tab title.
    await bell(a.page)
      .and(a.page.getByRole('link', { name: 'Notifications, 1 unread' }))
      .waitFor({ timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    expect(await a.page.title()).toBe('(1) Kindred');

    // On a phone the bottom nav's Alerts tab says it too.
    await a.page.setViewportSize({ width: 390, height: 844 });
    await a.page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Alerts, 1 unread' })
      .waitFor();
    await expectNoSeriousViolations(a.page, 'feed on a phone with an unread notification');
    await a.page.setViewportSize({ width: 1280, height: 900 });

    // The bell opens the list; the item says who did what and opens the comment.
    await bell(a.page).click();
    await a.page.waitForURL('**/notifications');
    const item = a.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link', { name: /Bruno commented on your post/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('What a view!');
    await expectNoSeriousViolations(a.page, 'notifications');
    await item.click();

    await a.page.waitForURL(`**/posts/${postId}?comment=*`);
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const highlighted = a.page.getByRole('article', { name: `Comment by ${fullName(bruno)}` });
    await highlighted.getByText('What a view!').waitFor();
    await expect.poll(() => highlighted.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => inViewport(highlighted)).toBe(true);
    await expect.poll(() => highlighted.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousViolations(a.page, 'single post with the comment highlighted');

    // Opening it marked it read: the count is gone from the bell and the title.
    await expect.poll(() => bell(a.page).getAttribute('aria-label')).toBe('Notifications');
    expect(await a.page.title()).toBe('Kindred');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
