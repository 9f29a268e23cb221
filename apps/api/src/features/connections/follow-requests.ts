import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { followRequests, follows, users } from '../../db/schema.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { followsMemberWhere, visibleMemberJoin } from '../users/index.js';

/**
 * The queries behind follow requests: a follow of a member who approves their followers
 * (`whoCanFollow = 'approve'`) waits here until they approve it (it becomes a follow) or decline
 * it (it goes). Only the followee sees and answers them; the follower may withdraw theirs.
 */

export async function requestExists(
  db: Executor,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: followRequests.id })
    .from(followRequests)
    .where(
      and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, followeeId)),
    );
  return row !== undefined;
}

export interface RequestRow {
  id: string;
  followerId: string;
  createdAt: Date;
  keysetTime: string;
}

/**
 * A page of the requests waiting for `followeeId`, newest first, from members they may see.
 * `limit + 1` rows.
 */
export async function pageRequests(
  db: Executor,
  followeeId: string,
  page: { after: Keyset | undefined; limit: number },
): Promise<RequestRow[]> {
  return db
    .select({
      id: followRequests.id,
      followerId: followRequests.followerId,
      createdAt: followRequests.createdAt,
      keysetTime: keysetTime(followRequests.createdAt),
    })
    .from(followRequests)
    .innerJoin(users, visibleMemberJoin(followeeId, followRequests.followerId))
    .where(
      and(
        eq(followRequests.followeeId, followeeId),
        page.after
          ? afterKeyset(followRequests.createdAt, followRequests.id, page.after)
          : undefined,
      ),
    )
    .orderBy(desc(followRequests.createdAt), desc(followRequests.id))
    .limit(page.limit + 1);
}

/**
 * Removes a request addressed to `followeeId` from a member they may see, and answers who made it;
 * undefined when there is no such request (someone else's, answered already, or its maker hidden).
 */
export async function takeRequest(
  tx: Executor,
  followeeId: string,
  requestId: string,
): Promise<{ followerId: string } | undefined> {
  const [found] = await tx
    .select({ followerId: followRequests.followerId })
    .from(followRequests)
    .innerJoin(users, visibleMemberJoin(followeeId, followRequests.followerId))
    .where(and(eq(followRequests.id, requestId), eq(followRequests.followeeId, followeeId)))
    .for('update', { of: followRequests });
  if (!found) return undefined;
  await tx.delete(followRequests).where(eq(followRequests.id, requestId));
  return found;
}

/**
 * How many members who do not follow `followerId` they follow or asked to follow (for the
 * new-account limits), in one query.
 */
export async function countStrangerFollows(db: Executor, followerId: string): Promise<number> {
  const result = await db.execute(sql`select (
      (select count(*)::int from ${follows}
        where ${follows.followerId} = ${followerId}::uuid and not ${followsMemberWhere(follows.followeeId, followerId)})
      + (select count(*)::int from ${followRequests}
        where ${followRequests.followerId} = ${followerId}::uuid and not ${followsMemberWhere(followRequests.followeeId, followerId)})
    ) as "count"`);
  const [row] = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(row?.count ?? 0);
}
