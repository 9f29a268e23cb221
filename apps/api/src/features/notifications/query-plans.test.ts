import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildPost } from '../posts/test-factories.js';
import { captureStatements, explainWithoutSeqScans } from '../../test/explain.js';
import { notifyNewSignIn } from './index.js';

/**
 * A member's notifications are read by the keyset index (recipient_id, created_at desc, id desc)
 * and the unread count by the partial index of unread items; their actors by the primary key. With
 * sequential scans priced out the planner still scans when no index serves a clause, so no plan
 * behind GET /api/notifications may show a scan of either table.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function like(cookie: string, postId: string) {
  await request(t.app).post('/api/posts/like').set('Cookie', cookie).send({ postId }).expect(200);
}

async function comment(cookie: string, postId: string, content: string) {
  await request(t.app)
    .post(`/api/posts/${postId}/comments`)
    .set('Cookie', cookie)
    .send({ content })
    .expect(201);
}

describe('notification queries', () => {
  it('are served by their indexes, never by a scan', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    await like(fan.cookie, post.id);

    const { statements: sent } = await captureStatements(t.context.database, () =>
      request(t.app).get('/api/notifications').set('Cookie', author.cookie).expect(200),
    );
    const statements = sent.filter(
      ({ text }) => /"notification(s|_actors)"/.test(text) && /^\s*(select|with)/i.test(text),
    );

    expect(statements.length).toBeGreaterThanOrEqual(3);
    const plans: string[] = [];
    for (const statement of statements) {
      const plan = await explainWithoutSeqScans(t.context.db, statement.text, statement.params);
      expect(plan, statement.text).not.toMatch(/Seq Scan on notification(s|_actors)\b/);
      plans.push(plan);
    }
    const served = plans.join('\n');
    expect(served).toMatch(/notifications_recipient_created_id/);
    expect(served).toMatch(/notifications_recipient_unread/);
  });

  it('make a like’s item in one statement and take it back in two (one transaction), by index', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const toggle = async () => {
      const { statements } = await captureStatements(t.context.database, () =>
        like(fan.cookie, post.id),
      );
      // The like's own statements end with the one writing post_likes; the notification's follow.
      const afterLike = statements.slice(
        statements.findIndex(({ text }) => /"post_likes"/.test(text)) + 1,
      );
      return afterLike.filter(
        ({ text }) => !/"sessions"/.test(text) && !/^\s*(begin|commit)/i.test(text),
      );
    };

    const made = await toggle();
    expect(made).toHaveLength(1);
    expect(made[0]!.text).toMatch(/^\s*with "admitted"/);
    const taken = await toggle();
    // Locking the item and taking the actor out, then deleting the item left without actors.
    expect(taken.map(({ text }) => text.trim().split(/\s/)[0]!.toLowerCase())).toEqual([
      'with',
      'delete',
    ]);
    for (const statement of [...made, ...taken].filter(({ text }) =>
      /^\s*(with|delete)/i.test(text),
    )) {
      const plan = await explainWithoutSeqScans(t.context.db, statement.text, statement.params);
      expect(plan, statement.text).not.toMatch(
        /Seq Scan on (notifications|notification_actors|notification_settings|users|posts|follows)\b/,
      );
    }
  });

  it('make the items of likes, comments and follows with one statement text (prepared once)', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const made: string[] = [];
    const stop = t.context.database.onQuery((text) => {
      if (/insert into "notifications"/.test(text)) made.push(text);
    });
    try {
      await like(fan.cookie, post.id);
      await comment(fan.cookie, post.id, 'Nice');
      await request(t.app)
        .post('/api/connections/follow')
        .set('Cookie', fan.cookie)
        .send({ followedUserId: author.user.id })
        .expect(200);
    } finally {
      stop();
    }
    expect(made).toHaveLength(3);
    // A named prepared statement has one text: every member action must share it, values apart.
    expect(new Set(made).size).toBe(1);
  });

  it('read a page of items about posts and comments in three statements, whatever it holds', async () => {
    const author = await signedInUser(t.context);
    const fans = [await signedInUser(t.context), await signedInUser(t.context)];
    const posts = [
      await buildPost(t.context, author.user.id),
      await buildPost(t.context, author.user.id),
    ];
    for (const fan of fans) {
      for (const post of posts) {
        await like(fan.cookie, post.id);
        await comment(fan.cookie, post.id, 'A comment worth an excerpt');
      }
    }
    const statements: string[] = [];
    const stop = t.context.database.onQuery((text) => {
      if (!/"sessions"/.test(text)) statements.push(text);
    });
    let body: {
      notifications: { type: string; post?: { excerpt: string }; comment?: { excerpt: string } }[];
    };
    try {
      body = (
        await request(t.app).get('/api/notifications').set('Cookie', author.cookie).expect(200)
      ).body as typeof body;
    } finally {
      stop();
    }
    expect(body.notifications).toHaveLength(6);
    for (const item of body.notifications) expect(item.post?.excerpt).toBeTruthy();
    expect(body.notifications.filter((item) => item.comment?.excerpt)).toHaveLength(4);
    // The page (with its posts' titles and comments' texts), the unread count, and the actors
    // with their summaries.
    expect(statements).toHaveLength(3);
  });

  it('read a page of account items (no actors) in two statements: the page and the count', async () => {
    const member = await signedInUser(t.context);
    await notifyNewSignIn(t.context, member.user.id);
    const statements: string[] = [];
    const stop = t.context.database.onQuery((text) => {
      if (!/"sessions"/.test(text)) statements.push(text);
    });
    let body: { notifications: { type: string }[] };
    try {
      body = (
        await request(t.app).get('/api/notifications').set('Cookie', member.cookie).expect(200)
      ).body as typeof body;
    } finally {
      stop();
    }
    expect(body.notifications.map((item) => item.type)).toEqual(['new_sign_in']);
    expect(statements).toHaveLength(2);
    // No read of the items' actors (ranked per item).
    expect(statements.join('\n')).not.toMatch(/row_number\(\) over/);
  });
});
