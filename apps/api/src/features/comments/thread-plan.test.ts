import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentMentions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { captureStatements, inlineParams } from '../../test/explain.js';
import { buildUser, signedInUser } from '../../test/factories.js';
import { buildComment, buildPost } from '../posts/test-factories.js';
import { visibleThread } from './visible-thread.js';

/**
 * Issue 18: the thread under a post is read by its post in one pass — not walked level by level
 * (a recursive query that looked every author up twice: 3,133 buffers for 200 comments) — and
 * only comments whose text holds a mention token look for mentions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the thread statement', () => {
  it('reads the thread without recursion, and looks for mentions only where the text has a token', async () => {
    const viewer = await signedInUser(t.context);
    const authors = await Promise.all([1, 2, 3].map(() => buildUser(t.context)));
    const post = await buildPost(t.context, viewer.user.id);
    let count = 0;
    for (const author of authors) {
      const top = await buildComment(t.context, { postId: post.id, authorId: author.id });
      const reply = await buildComment(t.context, {
        postId: post.id,
        authorId: viewer.user.id,
        parentId: top.id,
      });
      await buildComment(t.context, { postId: post.id, authorId: author.id, parentId: reply.id });
      count += 3;
    }
    const mentioning = await buildComment(t.context, {
      postId: post.id,
      authorId: viewer.user.id,
      content: `Hello @[${authors[0]!.firstName}](${authors[0]!.id})`,
    });
    await t.context.db
      .insert(commentMentions)
      .values({ commentId: mentioning.id, userId: authors[0]!.id });
    count += 1;

    const { result: res, statements: sent } = await captureStatements(t.context.database, () =>
      request(t.app).get(`/api/posts/${post.id}/comments`).set('Cookie', viewer.cookie),
    );
    const statements = sent.filter(
      ({ text }) => /"comments"/.test(text) && !/"sessions"/.test(text),
    );
    expect(res.status).toBe(200);
    expect(res.body.comments).toHaveLength(4);
    expect(statements).toHaveLength(1);

    const { text, params } = statements[0]!;
    const result = await t.context.db.execute(
      sql.raw(`explain (analyze, costs off) ${inlineParams(text, params)}`),
    );
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).not.toMatch(/Recursive Union|WorkTable Scan/);
    // The thread's comments are read once, from the post's index of them.
    expect(plan).toMatch(new RegExp(`on comments c .*rows=${count}(\\.0+)? loops=1\\)`));
    // One comment of the thread has a mention token: only it runs the mentions' subquery.
    const mentionsSubquery = plan
      // The statement's own subqueries (indented once), each with everything beneath it.
      .split(/\n {2}SubPlan \d+\n/)
      .find((part) => /comment_mentions/.test(part));
    expect(mentionsSubquery?.match(/loops=(\d+)/)?.[1]).toBe('1');
  });
});

describe('visibleThread', () => {
  const row = (id: string, parentId: string | null, authorVisible = true) => ({
    id,
    parentId,
    authorVisible,
  });

  it('keeps a comment only when its author is visible and every comment above it is kept', () => {
    const rows = [
      row('a', null),
      row('a1', 'a', false),
      row('a11', 'a1'),
      row('a2', 'a'),
      row('b', null, false),
      row('b1', 'b'),
      row('c', null),
    ];
    expect(visibleThread(rows).map(({ id }) => id)).toEqual(['a', 'a2', 'c']);
  });

  it('decides a reply listed before the comment it answers (written in the same millisecond)', () => {
    const rows = [
      row('r2', 'r1'),
      row('r1', 'r0'),
      row('r0', null),
      row('h1', 'h0'),
      row('h0', null, false),
    ];
    expect(visibleThread(rows).map(({ id }) => id)).toEqual(['r2', 'r1', 'r0']);
  });

  it('walks a chain of a thousand replies without recursion', () => {
    const rows = [row('0', null)];
    for (let n = 1; n <= 1000; n += 1) rows.push(row(String(n), String(n - 1)));
    rows.reverse();
    expect(visibleThread(rows)).toHaveLength(1001);
  });
});
