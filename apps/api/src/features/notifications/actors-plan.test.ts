import { NOTIFICATION_ACTORS_SHOWN } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  mutes,
  notificationActors,
  notifications,
  photos,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertMembersInBulk } from '../../test/bulk-members.js';
import { captureStatements, explainStatement } from '../../test/explain.js';
import { mediaUrl } from '../media/index.js';
import { loadActors } from './repo.js';

/**
 * A page's actors are read per item by key, never by a join over every member. Planned before
 * the notification tables had statistics (no ANALYZE here, on purpose: a new or freshly restored
 * database), the former ranking of all the page's actors made the visibility rule's EXISTS a hash
 * join with a sequential scan of users: 108 ms for the most-followed member's page on 100k
 * members, 0.3 ms by key.
 */

const MEMBERS = 2000;
const BUSY_ACTORS = 1200;

let t: TestApp;
let memberIds: string[];
let recipientId: string;
let itemIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  memberIds = await insertMembersInBulk(t.context.db, 'actor', MEMBERS);
  recipientId = memberIds[0]!;
  const items = await t.context.db
    .insert(notifications)
    .values(
      Array.from({ length: 20 }, (_, index) => ({
        recipientId,
        type: 'like' as const,
        groupKey: `like:${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    )
    .returning({ id: notifications.id });
  itemIds = items.map((item) => item.id);
  // The first item has a crowd of actors; the others five each. Actor n acted at second n, so the
  // newest actors have the highest numbers.
  const actors = itemIds.flatMap((notificationId, index) =>
    Array.from({ length: index === 0 ? BUSY_ACTORS : 5 }, (_, n) => ({
      notificationId,
      actorId: memberIds[n + 1]!,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n + 1)),
    })),
  );
  for (let start = 0; start < actors.length; start += 500)
    await t.context.db.insert(notificationActors).values(actors.slice(start, start + 500));
});
afterAll(async () => {
  await t.close();
});

async function capturedActors() {
  const { result: rows, statements } = await captureStatements(t.context.database, () =>
    loadActors(t.context.db, recipientId, itemIds),
  );
  return { rows, statements };
}

describe("a page's actors", () => {
  it('are read per item and per actor by key, without statistics', async () => {
    const { statements } = await capturedActors();
    expect(statements).toHaveLength(1);
    const plan = await explainStatement(t.context.db, statements[0]!.text, statements[0]!.params);
    expect(plan).toMatch(/Index Scan using users_pkey on users/);
    expect(plan).not.toMatch(/Seq Scan on users\b/);
    expect(plan).not.toMatch(/Seq Scan on notification_actors\b/);
  });

  it('are the newest few the recipient may see, with the count of those', async () => {
    const memberOf = (n: number) => memberIds[n]!;
    // Actors 5, 4 and 3 are the newest of the quiet items: one blocked the recipient, one is
    // muted by them, one's account is disabled.
    await t.context.db.insert(blocks).values({ blockerId: memberOf(5), blockedId: recipientId });
    await t.context.db.insert(mutes).values({ muterId: recipientId, mutedId: memberOf(4) });
    await t.context.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, memberOf(3)));
    // The newest actor of the busy item has a profile picture (and a second photo).
    const photo = (position: number) => ({
      userId: memberOf(BUSY_ACTORS),
      position,
      storageKey: `photo-${position}.webp`,
      thumbnailKey: `photo-${position}-thumb.webp`,
      width: 10,
      height: 10,
      bytes: 10,
    });
    await t.context.db.insert(photos).values([photo(1), photo(0)]);
    try {
      const { rows } = await capturedActors();
      expect(rows.find((row) => row.notificationId === itemIds[0])?.actor).toMatchObject({
        _id: memberOf(BUSY_ACTORS),
        profilePicture: mediaUrl('photo-0-thumb.webp'),
      });
      const byItem = new Map<string, { ids: string[]; total: number }>();
      for (const row of rows) {
        const item = byItem.get(row.notificationId) ?? { ids: [], total: row.total };
        item.ids.push(row.actor._id);
        byItem.set(row.notificationId, item);
      }
      expect(byItem.size).toBe(itemIds.length);
      expect(byItem.get(itemIds[0]!)).toEqual({
        ids: [BUSY_ACTORS, BUSY_ACTORS - 1, BUSY_ACTORS - 2].map(memberOf),
        total: BUSY_ACTORS - 3,
      });
      for (const itemId of itemIds.slice(1))
        expect(byItem.get(itemId)).toEqual({ ids: [memberOf(2), memberOf(1)], total: 2 });
      expect(NOTIFICATION_ACTORS_SHOWN).toBe(3);
      // In item order, newest first within an item.
      expect(rows.map((row) => row.notificationId)).toEqual(
        [...rows.map((row) => row.notificationId)].sort(),
      );
    } finally {
      await t.context.db.delete(photos);
      await t.context.db.delete(blocks);
      await t.context.db.delete(mutes);
      await t.context.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.id, memberOf(3)));
    }
  });
});
