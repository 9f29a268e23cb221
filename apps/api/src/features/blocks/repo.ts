import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks, mutes, users } from '../../db/schema.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { visibleApartFromBlocksWhere, visibleMembersWhere } from '../users/index.js';

/** The queries behind blocks and mutes (this feature is the only writer of both tables). */

/** Whether `userId` exists for `viewerId`, a block between them aside. */
export async function memberExistsApartFromBlocks(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleApartFromBlocksWhere(viewerId)));
  return row !== undefined;
}

/** Whether `viewerId` may see `userId` (the users' rule, blocks included). */
export async function memberVisibleTo(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleMembersWhere(viewerId)));
  return row !== undefined;
}

/** Records the block; a second one changes nothing (the first one's time stays). */
export async function insertBlock(
  db: Executor,
  blockerId: string,
  blockedId: string,
  now: Date,
): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

/** Removes the block; false when there was none. */
export async function deleteBlock(
  db: Executor,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return removed.length > 0;
}

export async function insertMute(
  db: Executor,
  muterId: string,
  mutedId: string,
  now: Date,
): Promise<void> {
  await db.insert(mutes).values({ muterId, mutedId, createdAt: now }).onConflictDoNothing();
}

export async function deleteMute(db: Executor, muterId: string, mutedId: string): Promise<boolean> {
  const removed = await db
    .delete(mutes)
    .where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)))
    .returning({ id: mutes.mutedId });
  return removed.length > 0;
}

export async function muteExists(db: Executor, muterId: string, mutedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mutes.mutedId })
    .from(mutes)
    .where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
  return row !== undefined;
}

export interface RestrictionRow {
  /** The blocked or muted member. */
  id: string;
  keysetTime: string;
}

/**
 * A page of the members `viewerId` blocked, newest block first (index blocks_blocker_created).
 * Members whose account is disabled are left out, as everywhere; a member who blocked the viewer
 * back stays in the list (the viewer blocked them). `limit + 1` rows.
 */
export async function pageBlocked(
  db: Executor,
  viewerId: string,
  page: { after: Keyset | undefined; limit: number },
): Promise<RestrictionRow[]> {
  return db
    .select({ id: blocks.blockedId, keysetTime: keysetTime(blocks.createdAt) })
    .from(blocks)
    .innerJoin(users, and(eq(users.id, blocks.blockedId), visibleApartFromBlocksWhere(viewerId)))
    .where(
      and(
        eq(blocks.blockerId, viewerId),
        page.after ? afterKeyset(blocks.createdAt, blocks.blockedId, page.after) : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(page.limit + 1);
}

/**
 * A page of the members `viewerId` muted that they may see, newest mute first (index
 * mutes_muter_created). `limit + 1` rows.
 */
export async function pageMuted(
  db: Executor,
  viewerId: string,
  page: { after: Keyset | undefined; limit: number },
): Promise<RestrictionRow[]> {
  return db
    .select({ id: mutes.mutedId, keysetTime: keysetTime(mutes.createdAt) })
    .from(mutes)
    .innerJoin(users, and(eq(users.id, mutes.mutedId), visibleMembersWhere(viewerId)))
    .where(
      and(
        eq(mutes.muterId, viewerId),
        page.after ? afterKeyset(mutes.createdAt, mutes.mutedId, page.after) : undefined,
      ),
    )
    .orderBy(desc(mutes.createdAt), desc(mutes.mutedId))
    .limit(page.limit + 1);
}
