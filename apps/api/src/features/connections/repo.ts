import { and, desc, eq, sql } from 'drizzle-orm';
import { follows, users } from '../../db/schema.js';
import type { Queryable } from '../../db/concurrency.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';

/** The queries behind following. People lists and counts include active members only. */

export async function isActiveMember(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row !== undefined;
}

export async function followExists(
  db: Queryable,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followeeId), eq(users.status, 'active')))
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row !== undefined;
}

/** Follows, or unfollows if already following. Run inside a transaction serialized on the pair. */
export async function toggleFollowRow(
  tx: Queryable,
  followerId: string,
  followeeId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(follows)
    .values({ followerId, followeeId, createdAt: now })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  if (inserted.length > 0) return true;
  await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return false;
}

const follower = sql.raw('follower');
const followee = sql.raw('followee');

/**
 * A member's active followers and active followings, in one query; undefined when the member is
 * not an active member (disabled members are hidden, like their profiles).
 */
export async function loadConnectionCounts(
  db: Queryable,
  userId: string,
): Promise<{ followersCount: number; followingsCount: number } | undefined> {
  const [row] = await db
    .select({
      followersCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${follower} on ${follower}.id = ${follows.followerId} and ${follower}.status = 'active'
        where ${follows.followeeId} = ${userId}
      )`,
      followingsCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${followee} on ${followee}.id = ${follows.followeeId} and ${followee}.status = 'active'
        where ${follows.followerId} = ${userId}
      )`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row;
}

/** A member's active followers (the member's own status is not checked). */
export async function countFollowers(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followerId), eq(users.status, 'active')))
    .where(eq(follows.followeeId, userId));
  return row?.count ?? 0;
}

export interface ConnectionRow {
  /** The other member: the follower in a followers list, the followed one in a following list. */
  id: string;
  keysetTime: string;
}

/**
 * A page of a member's followers (`direction: 'followers'`) or of the members they follow
 * (`'following'`), most recent connection first, active members only. `limit + 1` rows.
 */
export async function pageConnections(
  db: Queryable,
  userId: string,
  direction: 'followers' | 'following',
  page: { after: Keyset | undefined; limit: number },
): Promise<ConnectionRow[]> {
  const [mine, other] =
    direction === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select({ id: other, keysetTime: keysetTime(follows.createdAt) })
    .from(follows)
    .innerJoin(users, and(eq(users.id, other), eq(users.status, 'active')))
    .where(
      and(
        eq(mine, userId),
        page.after ? afterKeyset(follows.createdAt, other, page.after) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
}
