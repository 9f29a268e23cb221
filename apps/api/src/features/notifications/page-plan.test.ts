import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  comments,
  notificationActors,
  notifications,
  posts,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertMembersInBulk } from '../../test/bulk-members.js';
import { captureStatements, customPlan } from '../../test/explain.js';
import { pageNotifications } from './repo.js';

/**
 * A page of notifications is a walk of the recipient's items by notifications_recipient_created_id
 * from the cursor, each item checked by key (its post, its comment, its actors), stopping at the
 * page: its cost does not grow with the items a recipient has. It is planned for its recipient:
 * a generic plan sorted a busy recipient's items on PostgreSQL 15 (see `pageQuery`). The form
 * it replaces, unprepared, was planned for all of a recipient's items: its generic plan hashed the
 * item rules over every actor and member (137 ms for a benchmark member), and for a recipient with
 * 44k items even the custom plan hashed every member and scanned every comment (about 1 s).
 */

const FOLLOWERS = 1200;
const COMMENTS = 300;

let t: TestApp;
let recipientId: string;
/** The busy recipient's items, newest first, and those a page must leave out. */
let newestIds: string[];
let hiddenIds: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  const memberIds = await insertMembersInBulk(t.context.db, 'page', FOLLOWERS + 1);
  recipientId = memberIds[0]!;
  const followers = memberIds.slice(1);
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

  // A follow item from each follower, then a comment item for each of COMMENTS comments on the
  // recipient's post (the newest items); and each follower has one item of their own (the
  // recipient followed them back), so most recipients have few items, as on a real site.
  const [post] = await t.context.db
    .insert(posts)
    .values({ authorId: recipientId, title: 'A post', privacy: 'public', createdAt: at(0) })
    .returning({ id: posts.id });
  const commentRows = await t.context.db
    .insert(comments)
    .values(
      Array.from({ length: COMMENTS }, (_, n) => ({
        postId: post!.id,
        authorId: followers[n]!,
        content: `Comment ${n}`,
        createdAt: at(FOLLOWERS + n),
      })),
    )
    .returning({ id: comments.id, authorId: comments.authorId });
  const items = [
    ...followers.map((followerId, n) => ({
      values: {
        recipientId,
        type: 'follow' as const,
        groupKey: `follow:${followerId}`,
        createdAt: at(n),
      },
      actorId: followerId,
    })),
    ...commentRows.map((comment, n) => ({
      values: {
        recipientId,
        type: 'comment' as const,
        postId: post!.id,
        commentId: comment.id,
        groupKey: `comment:${comment.id}`,
        createdAt: at(FOLLOWERS + n),
      },
      actorId: comment.authorId!,
    })),
    ...followers.map((followerId, n) => ({
      values: {
        recipientId: followerId,
        type: 'follow' as const,
        groupKey: `follow:${recipientId}`,
        createdAt: at(n),
      },
      actorId: recipientId,
    })),
  ];
  for (let start = 0; start < items.length; start += 500) {
    const batch = items.slice(start, start + 500);
    const made = await t.context.db
      .insert(notifications)
      .values(batch.map((item) => item.values))
      .returning({ id: notifications.id });
    await t.context.db.insert(notificationActors).values(
      made.map((row, n) => ({
        notificationId: row.id,
        actorId: batch[n]!.actorId,
        createdAt: batch[n]!.values.createdAt,
      })),
    );
  }
  const commentItemIds = (
    await t.context.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.type, 'comment'))
      .orderBy(sql`${notifications.createdAt} desc`)
  ).map((row) => row.id);
  newestIds = commentItemIds;

  // Among the newest items: two comments deleted, an actor blocked, an actor's account disabled.
  const newest = commentRows.slice(-5).reverse();
  await t.context.db
    .update(comments)
    .set({ deletedAt: at(FOLLOWERS + COMMENTS) })
    .where(inArray(comments.id, [newest[0]!.id, newest[2]!.id]));
  await t.context.db
    .insert(blocks)
    .values({ blockerId: recipientId, blockedId: newest[3]!.authorId! });
  await t.context.db
    .update(users)
    .set({ status: 'disabled' })
    .where(eq(users.id, newest[4]!.authorId!));
  hiddenIds = new Set([0, 2, 3, 4].map((n) => commentItemIds[n]!));
});
afterAll(async () => {
  await t.close();
});

async function capturedPage(after?: { time: string; id: string }, limit = 20) {
  const { result: rows, statements } = await captureStatements(t.context.database, () =>
    pageNotifications(t.context.db, recipientId, after, limit),
  );
  return { rows, statements };
}

/** The walk's plan: the recipient's items in index order, each checked by key, no set at once. */
function expectWalk(plan: string) {
  expect(plan).toMatch(/Index Scan using notifications_recipient_created_id on notifications/);
  expect(plan).not.toMatch(/\bSort\b/);
  expect(plan).not.toMatch(/\bHash\b/);
  // (The recipient's one post may be read by a scan of the table: it is the table's one row.)
  expect(plan).not.toMatch(/Seq Scan on (notifications|notification_actors|users|comments)\b/);
  expect(plan).not.toMatch(/Join/);
}

describe('a page of notifications', () => {
  it('walks the recipient’s items by index and stops at the page, with and without statistics, on page 1 and later', async () => {
    for (const analyzed of [false, true]) {
      if (analyzed) await t.context.db.execute(sql`analyze`);
      const first = await capturedPage();
      expect(first.statements).toHaveLength(1);
      const last = first.rows[19]!;
      const later = await capturedPage({ time: last.keysetTime, id: last.id });
      for (const { statements } of [first, later]) {
        const statement = statements[0]!;
        expectWalk(await customPlan(t.context.db, statement));
      }
      // Page 1 reads the page, the item telling of a next one and the four hidden among them.
      {
        const plan = await customPlan(t.context.db, first.statements[0]!, true);
        expect(plan).toMatch(
          /Index Scan using notifications_recipient_created_id on notifications \(actual rows=21(\.00)? loops=1\)\n(\s+(Index Cond|Filter): [^\n]*\n)*\s+Rows Removed by Filter: 4\n/,
        );
      }
    }
  });

  it('leaves out the items the recipient may no longer see, and pages without gaps', async () => {
    const { rows } = await capturedPage();
    expect(rows).toHaveLength(21);
    const shown = newestIds.filter((id) => !hiddenIds.has(id));
    expect(rows.map((row) => row.id)).toEqual(shown.slice(0, 21));
  });

  it('writes its row counts into its statements, so PostgreSQL keeps one generic plan for them', async () => {
    for (const [limit, rows] of [
      [20, 21],
      [7, 21],
      [33, 51],
      [50, 51],
    ] as const) {
      const { statements } = await capturedPage(undefined, limit);
      // Under `LIMIT $n` a generic plan is priced at a tenth of all its rows: never chosen.
      expect(statements[0]!.text).not.toMatch(/limit \$\d+/i);
      expect(statements[0]!.text).toMatch(new RegExp(`limit ${rows}\\b`));
    }
  });

  it('gives the same items for every page size', async () => {
    const walk = async (limit: number) => {
      const ids: string[] = [];
      let after: { time: string; id: string } | undefined;
      for (;;) {
        const { rows } = await capturedPage(after, limit);
        expect(rows.length).toBeLessThanOrEqual(limit + 1);
        const page = rows.slice(0, limit);
        ids.push(...page.map((row) => row.id));
        if (rows.length <= limit) return ids;
        after = { time: page.at(-1)!.keysetTime, id: page.at(-1)!.id };
      }
    };
    const all = await walk(50);
    // The blocked and the disabled member's follow items are hidden too.
    expect(all).toHaveLength(FOLLOWERS + COMMENTS - hiddenIds.size - 2);
    for (const limit of [7, 20, 33]) expect(await walk(limit)).toEqual(all);
  });
});
