import { NOTIFICATION_UNREAD_COUNT_CAP } from '@kindred/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, notificationActors, notifications, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertMembersInBulk } from '../../test/bulk-members.js';
import { captureStatements, customPlan, genericPlan } from '../../test/explain.js';
import { sessionCookieFor } from '../../test/factories.js';
import { countUnread } from './repo.js';

/**
 * The unread count stops at NOTIFICATION_UNREAD_COUNT_CAP ("99+" on the badge): a walk of the
 * recipient's unread items by notifications_recipient_unread, each checked by key, cut by a LIMIT
 * of the cap. Counting them all cost 189 ms a call for a member with 10,000 unread (issue 18).
 */

const CAP = NOTIFICATION_UNREAD_COUNT_CAP;
/** Unread items the recipient may see: more than the cap. */
const SHOWN = CAP + 40;
/** Unread items the recipient may no longer see, the first the walk meets (inserted first). */
const HIDDEN = 6;
const READ = 50;

let t: TestApp;
let recipientId: string;
/** A member with a few unread items, under the cap. */
let quietId: string;

beforeAll(async () => {
  t = await createTestApp();
  const memberIds = await insertMembersInBulk(t.context.db, 'count', 2 + HIDDEN + SHOWN + READ);
  [recipientId, quietId] = [memberIds[0]!, memberIds[1]!];
  const actors = memberIds.slice(2);
  const hiddenActors = actors.slice(0, HIDDEN);
  const readActors = actors.slice(HIDDEN + SHOWN);
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

  // A follow item from each actor, the hidden ones first, a few read; the quiet member has three.
  const items = [
    ...actors.map((actorId, n) => ({
      recipientId,
      actorId,
      readAt: readActors.includes(actorId) ? at(10_000) : null,
      createdAt: at(n),
    })),
    ...actors.slice(0, 3).map((actorId, n) => ({
      recipientId: quietId,
      actorId,
      readAt: null,
      createdAt: at(n),
    })),
    // Each actor has an unread item of their own (the recipient followed back), so most members
    // have one or two: a generic plan is priced for such a member, not for the busy recipient.
    ...actors.map((actorId, n) => ({
      recipientId: actorId,
      actorId: recipientId,
      readAt: null,
      createdAt: at(n),
    })),
  ];
  for (let start = 0; start < items.length; start += 500) {
    const batch = items.slice(start, start + 500);
    const made = await t.context.db
      .insert(notifications)
      .values(
        batch.map(({ recipientId, actorId, readAt, createdAt }) => ({
          recipientId,
          type: 'follow' as const,
          groupKey: `follow:${actorId}`,
          readAt,
          createdAt,
        })),
      )
      .returning({ id: notifications.id });
    await t.context.db.insert(notificationActors).values(
      made.map((row, n) => ({
        notificationId: row.id,
        actorId: batch[n]!.actorId,
        createdAt: batch[n]!.createdAt,
      })),
    );
  }
  // Half the hidden actors blocked by the recipient, half with their account disabled.
  await t.context.db
    .insert(blocks)
    .values(
      hiddenActors.slice(0, HIDDEN / 2).map((blockedId) => ({ blockerId: recipientId, blockedId })),
    );
  await t.context.db
    .update(users)
    .set({ status: 'disabled' })
    .where(inArray(users.id, hiddenActors.slice(HIDDEN / 2)));
});
afterAll(async () => {
  await t.close();
});

async function capturedCount(memberId: string) {
  const { result: count, statements } = await captureStatements(t.context.database, () =>
    countUnread(t.context.db, memberId),
  );
  return { count, statements };
}

/** The plan's nodes down to its read of the unread index (or of the table), details left out. */
function spine(plan: string): string[] {
  const nodes = plan
    .split('\n')
    .filter((line) => /^\s*(->\s+)?[A-Z][A-Za-z ]+( {2}\(| using | on )/.test(line))
    .map((line) => line.replace(/^\s*(->\s+)?/, '').replace(/\s+\(.*$/, ''));
  const index = nodes.findIndex((node) => node.endsWith(' on notifications_recipient_unread'));
  const end = index >= 0 ? index : nodes.findIndex((node) => node.includes(' on notifications'));
  return nodes.slice(0, end + 1);
}

const WALK = 'Index Scan using notifications_recipient_unread on notifications';

/**
 * The count is cut by the cap over a read of the unread index: Aggregate, Limit, the scan, and
 * nothing between (no sort, no join of every item). The per-item checks under the scan are probes
 * by key, the page's (page-plan.test.ts).
 */
function expectCapped(plan: string, scans: readonly string[][]) {
  expect(
    scans.map((scan) => ['Aggregate', 'Limit', ...scan]),
    plan,
  ).toContainEqual(spine(plan));
  expect(plan).not.toMatch(/\bSort\b/);
  expect(plan).not.toMatch(/Seq Scan on (notifications|notification_actors)\b/);
}

describe('the unread count', () => {
  it(`stops at ${CAP}: a member with more unread items is told ${CAP} ("99+")`, async () => {
    expect((await capturedCount(recipientId)).count).toBe(CAP);
    expect((await capturedCount(quietId)).count).toBe(3);
  });

  it('is what the page, and marking read, say', async () => {
    const cookie = await sessionCookieFor(t.context, recipientId);
    const page = await request(t.app).get('/api/notifications').set('Cookie', cookie).expect(200);
    expect(page.body.unreadCount).toBe(CAP);
    const [item] = await t.context.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId))
      .limit(1);
    const marked = await request(t.app)
      .post('/api/notifications/read')
      .set('Cookie', cookie)
      .send({ ids: [item!.id] })
      .expect(200);
    expect(marked.body.unreadCount).toBe(CAP);
  });

  it('walks the unread index and stops at the cap, for its recipient and as a generic plan, with and without statistics', async () => {
    for (const analyzed of [false, true]) {
      if (analyzed) await t.context.db.execute(sql`analyze`);
      const { statements } = await capturedCount(recipientId);
      expect(statements).toHaveLength(1);
      const [statement] = statements;
      // The cap is in the text: under `LIMIT $n` a generic plan is priced for every row.
      expect(statement!.text).toMatch(new RegExp(`limit ${CAP}\\b`));
      // Planned for the busy recipient (as PGlite always plans it), the walk.
      expectCapped(await customPlan(t.context.db, statement!), [[WALK]]);
      // The generic plan a named statement may keep on the server is priced for a member with a
      // couple of unread items: the walk, or a bitmap of the recipient's unread index entries
      // (read whole, but only index entries; the items are fetched and checked up to the cap).
      expectCapped(await genericPlan(t.context.db, statement!), [
        [WALK],
        [
          'Bitmap Heap Scan on notifications',
          'Bitmap Index Scan on notifications_recipient_unread',
        ],
      ]);
      // As run: the hidden items checked and left out, then the cap's items, and no more.
      for (const plan of [
        await customPlan(t.context.db, statement!, true),
        await genericPlan(t.context.db, statement!, true),
      ]) {
        expect(plan).toMatch(new RegExp(`Limit \\(actual rows=${CAP}(\\.00)? loops=1\\)`));
        expect(plan).toMatch(
          new RegExp(
            `(Index Scan using notifications_recipient_unread|Bitmap Heap Scan) on notifications \\(actual rows=${CAP}(\\.00)? loops=1\\)\\n(\\s+(Index Cond|Recheck Cond|Filter): [^\\n]*\\n)*\\s+Rows Removed by Filter: ${HIDDEN}\\n`,
          ),
        );
      }
    }
  });
});
