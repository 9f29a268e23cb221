import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';

/**
 * A long chain of replies (issue 19, finding 9): the API nests at most 6 levels and the page
 * folds replies from the third level, so a 60-deep chain opens at once and unfolds on request,
 * each reply past the sixth level saying whom it answers.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a deep reply chain', () => {
  it('renders folded, unfolds on request and names whom deep replies answer', async () => {
    const stamp = Date.now().toString(36);
    const a = await newMemberBrowser(browser);
    const ana = await createVerifiedMember(a.context, {
      firstName: 'Ana',
      lastName: `Deep${stamp}`,
    });
    const title = `Long conversation ${stamp}`;
    const created = await a.context.request.post('/api/posts/create', {
      multipart: { title, privacy: 'public' },
    });
    expect(created.ok()).toBe(true);
    const postId = ((await created.json()) as { post: { _id: string } }).post._id;
    let parentCommentId: string | undefined;
    for (let index = 0; index < 60; index += 1) {
      const reply = await a.context.request.post(`/api/posts/${postId}/comments`, {
        data: {
          content: `Link ${index} of the chain`,
          ...(parentCommentId ? { parentCommentId } : {}),
        },
      });
      expect(reply.ok()).toBe(true);
      parentCommentId = ((await reply.json()) as { comment: { _id: string } }).comment._id;
    }

    await rememberSignedIn(a.page, ana);
    await a.page.goto(`/posts/${postId}`);
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await a.page.getByText('Link 2 of the chain').waitFor();
    // Three levels are shown; the other 57 comments wait behind one button.
    expect(await a.page.getByRole('article', { name: /^Comment by/ }).count()).toBe(3);
    await expectNoSeriousViolations(a.page, 'a deep thread, folded');

    await a.page.getByRole('button', { name: 'Show 57 replies' }).click();
    await a.page.getByText('Link 3 of the chain').waitFor();
    await a.page.getByRole('button', { name: 'Show 56 replies' }).click();
    await a.page.getByText('Link 4 of the chain').waitFor();
    await a.page.getByRole('button', { name: 'Show 55 replies' }).click();
    await a.page.getByText('Link 5 of the chain').waitFor();
    // From the sixth level the replies are listed side by side, 20 at a time.
    const deep = a.page
      .getByRole('article', { name: /^Comment by/ })
      .filter({ hasText: 'Link 6 of the chain' });
    await deep.getByText(`Replying to @Ana Deep${stamp}`).waitFor();
    await a.page.getByRole('button', { name: 'Show more replies (35)' }).click();
    await a.page.getByText('Link 44 of the chain').waitFor();
    await a.page.getByRole('button', { name: 'Show more replies (15)' }).click();
    await a.page.getByText('Link 59 of the chain').waitFor();
    await expectNoSeriousViolations(a.page, 'a deep thread, unfolded');
    expect(a.errors).toEqual([]);
  });
});
