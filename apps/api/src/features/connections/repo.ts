import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { followRequests, follows, memberStats, users } from '../../db/schema.js';
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

/** Starts following (nothing changes if already following). */
export async function insertFollowRow(
  tx: Executor,
  followerId: string,
  followeeId: string,
  now: Date,
): Promise<void> {
  await tx.insert(follows).values({ followerId, followeeId, createdAt: now }).onConflictDoNothing();
}

/** Stops following; false when there was no follow. */
export async function deleteFollowRow(
  tx: Executor,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  return deleted.length > 0;
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

/**
 * How many members follow the member, from the counter the database keeps with every follow and
 * unfollow (member_stats): one row read, whatever their popularity. Unlike the profile's counts it
 * does not hide followers the viewer may not see (disabled or suspended accounts): the write path
 * would have to read every follower to do that (issue 18); the profile's next read is exact.
 */
export async function followersCountOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: memberStats.followersCount })
    .from(memberStats)
    .where(eq(memberStats.userId, userId));
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

/**
 * Ends every follow between two members, both ways, and any pending follow request between them
 * (a block does this, in its own transaction).
 */
export async function endConnectionsBetween(db: Executor, a: string, b: string): Promise<void> {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
  await db
    .delete(followRequests)
    .where(
      or(
        and(eq(followRequests.followerId, a), eq(followRequests.followeeId, b)),
        and(eq(followRequests.followerId, b), eq(followRequests.followeeId, a)),
      ),
    );
}
