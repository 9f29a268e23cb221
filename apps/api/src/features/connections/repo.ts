import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, users } from '../../db/schema.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { visibleMemberJoin, visibleMembersWhere } from '../users/index.js';

/** The queries behind following. People lists and counts hold only members the viewer may see. */

export async function isVisibleMember(
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

export async function followExists(
  db: Executor,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .innerJoin(users, visibleMemberJoin(followerId, follows.followeeId))
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row !== undefined;
}

/** Follows, or unfollows if already following. Run inside a transaction serialized on the pair. */
export async function toggleFollowRow(
  tx: Executor,
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

const follower = alias(users, 'follower');
const followee = alias(users, 'followee');

/**
 * A member's followers and followings that the viewer may see, in one query; undefined when the
 * viewer may not see the member themself (a disabled member is hidden, like their profile).
 */
export async function loadConnectionCounts(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<{ followersCount: number; followingsCount: number } | undefined> {
  const [row] = await db
    .select({
      followersCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${follower} on ${follower.id} = ${follows.followerId} and ${visibleMembersWhere(viewerId, follower)}
        where ${follows.followeeId} = ${userId}
      )`,
      followingsCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${followee} on ${followee.id} = ${follows.followeeId} and ${visibleMembersWhere(viewerId, followee)}
        where ${follows.followerId} = ${userId}
      )`,
    })
    .from(users)
    .where(and(eq(users.id, userId), visibleMembersWhere(viewerId)));
  return row;
}

/** A member's followers that the viewer may see (the member's own visibility is not checked). */
export async function countFollowers(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .innerJoin(users, visibleMemberJoin(viewerId, follows.followerId))
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
 * (`'following'`), most recent connection first, only members the viewer may see. `limit + 1` rows.
 */
export async function pageConnections(
  db: Executor,
  viewerId: string,
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
    .innerJoin(users, visibleMemberJoin(viewerId, other))
    .where(
      and(
        eq(mine, userId),
        page.after ? afterKeyset(follows.createdAt, other, page.after) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
}
