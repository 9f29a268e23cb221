import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';
import { createFinishedProfile, TINY_PNG } from '../support/profiles.js';

/**
 * Messages, live (issue 16): Ana and Bruno like each other (a match); Ana opens Bruno's profile and
 * presses Message, which opens their conversation; Bruno, on the feed, sees the header's Messages
 * count go to 1 without a reload, opens the conversation (the count clears), and answers with an
 * image and its description, which appears in Ana's open conversation without a reload (covered
 * until the image model has scored it, then shown as it is, live) — read at once, so her count
 * stays clear.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

/** The header's Messages link: its name carries the unread total ("Messages, 1 unread"). */
function messagesLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Messages/ });
}

async function like(context: BrowserContext, userId: string): Promise<boolean> {
  const res = await context.request.post('/api/matches/like', { data: { userId } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { matched: boolean }).matched;
}

describe('messages', () => {
  it('two matched members exchange a text and an image live, and reading clears the counts', async () => {
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
    const details = {
      location: 'Porto, Portugal',
      bio: 'Hello.',
      interests: ['Travel', 'Music', 'Nature'],
    };
    await createFinishedProfile(a.context, ana, { ...details, age: 31, gender: 'female' });
    await createFinishedProfile(b.context, bruno, { ...details, age: 33, gender: 'male' });

    // They like each other: a match, who may write to each other freely.
    expect(await like(a.context, bruno.id)).toBe(false);
    expect(await like(b.context, ana.id)).toBe(true);

    // Bruno is on the feed with the live stream open and nothing unread.
    await rememberSignedIn(b.page, bruno);
    const stream = b.page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream'));
    await b.page.goto('/feed');
    expect((await stream).status()).toBe(200);
    await expect.poll(() => messagesLink(b.page).getAttribute('aria-label')).toBe('Messages');

    // Ana opens Bruno's profile and presses Message: the conversation opens.
    await rememberSignedIn(a.page, ana);
    await a.page.goto(`/viewprofile/${bruno.id}`);
    await a.page.getByRole('link', { name: `Message ${bruno.firstName}` }).click();
    await a.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(a.page.url()).pathname;
    const anaLog = a.page.getByRole('log', { name: `Conversation with ${fullName(bruno)}` });
    await a.page.getByText('No messages yet. Say hello!').waitFor();
    await expectNoSeriousViolations(a.page, 'an empty conversation');

    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hi Bruno! Coffee on Saturday?');
    const sent = a.page.waitForResponse(
      (res) => res.url().endsWith('/messages') && res.request().method() === 'POST',
    );
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(201);
    const sentAt = Date.now();
    await anaLog.getByText('Hi Bruno! Coffee on Saturday?').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // Bruno's header says 1 within 2 s, without a reload.
    await b.page
      .getByRole('banner')
      .getByRole('link', { name: 'Messages, 1 unread' })
      .waitFor({ timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_000);

    // On a phone the bottom nav's Messages tab says it too.
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Messages, 1 unread' })
      .waitFor();
    await b.page.setViewportSize({ width: 1280, height: 900 });

    // The list shows the conversation with its preview and one unread.
    await messagesLink(b.page).click();
    await b.page.waitForURL('**/messages');
    const row = b.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(`${fullName(ana)}.*Coffee on Saturday\\?.*1 unread`) });
    await row.waitFor();
    await expectNoSeriousViolations(b.page, 'the conversation list');

    // Opening it reads it: the count is gone.
    await row.click();
    await b.page.waitForURL(`**${conversationPath}`);
    const brunoLog = b.page.getByRole('log', { name: `Conversation with ${fullName(ana)}` });
    await brunoLog.getByText('Hi Bruno! Coffee on Saturday?').waitFor();
    await expect.poll(() => messagesLink(b.page).getAttribute('aria-label')).toBe('Messages');

    // Bruno answers with a picture and its description.
    await b.page.getByLabel('Add image').setInputFiles({
      name: 'kite.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await b.page
      .getByRole('textbox', { name: "Describe this image for people who can't see it" })
      .fill('A red kite over the beach');
    await b.page.getByRole('textbox', { name: 'Message' }).fill('Yes! Look what I flew today');
    const anaReads = a.page.waitForResponse((res) =>
      res.url().endsWith(`/api${conversationPath.replace('/messages/', '/conversations/')}/read`),
    );
    const upload = b.page.waitForResponse(
      (res) => res.url().endsWith('/messages') && res.request().method() === 'POST',
    );
    await b.page.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await upload).status()).toBe(201);
    const imageSentAt = Date.now();

    // It reaches Ana's open conversation within 2 s, without a reload — the picture covered until
    // the image model has looked at it ...
    await anaLog
      .getByRole('listitem')
      .filter({ hasText: 'Yes! Look what I flew today' })
      .waitFor({ timeout: 2_000 });
    expect(Date.now() - imageSentAt).toBeLessThan(2_000);
    // ... then, scored harmless, it is shown as it is, again without a reload, and loads for her.
    const kite = anaLog.getByRole('img', { name: 'A red kite over the beach' });
    await kite.waitFor({ timeout: 30_000 });
    await brunoLog.getByRole('img', { name: 'A red kite over the beach' }).waitFor();
    await expectNoSeriousViolations(b.page, 'a conversation with an image');
    await expect.poll(() => kite.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // She is looking at it, so it is read at once: her count stays clear.
    expect((await anaReads).status()).toBe(200);
    await expect.poll(() => messagesLink(a.page).getAttribute('aria-label')).toBe('Messages');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
