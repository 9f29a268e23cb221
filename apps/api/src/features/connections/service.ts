import {
  CONNECTION_MESSAGES,
  POST_MESSAGES,
  type AuthorSummary,
  type PageQuery,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isForeignKeyViolation, serializeOn } from '../../db/concurrency.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { loadMemberSummaries } from '../users/index.js';
import { assertMayFollow } from './policy.js';
import {
  countFollowers,
  followExists,
  isVisibleMember,
  loadConnectionCounts,
  pageConnections,
  toggleFollowRow,
} from './repo.js';

/** Following members: the domain logic behind /api/connections. */

export async function isFollowing(
  context: AppContext,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  return followExists(context.db, followerId, followeeId);
}

export interface FollowResult {
  isFollowing: boolean;
  followersCount: number;
}

/**
 * Follows the member, or unfollows them if already following. Toggles on the same pair run one
 * after the other, so parallel clicks end in the state sequential ones would; the follower count
 * returned is exact at that moment.
 */
export async function toggleFollow(
  context: AppContext,
  actorId: string,
  targetId: string,
): Promise<FollowResult> {
  assertMayFollow(actorId, targetId);
  try {
    return await context.db.transaction(async (tx) => {
      await serializeOn(tx, `follow:${actorId}:${targetId}`);
      if (!(await isVisibleMember(tx, actorId, targetId)))
        throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
      const following = await toggleFollowRow(tx, actorId, targetId, context.clock.now());
      return {
        isFollowing: following,
        followersCount: await countFollowers(tx, actorId, targetId),
      };
    });
  } catch (error) {
    // The member's account was deleted meanwhile.
    if (isForeignKeyViolation(error))
      throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
    throw error;
  }
}

export async function connectionCounts(
  context: AppContext,
  viewerId: string,
  userId: string,
): Promise<{ followersCount: number; followingsCount: number }> {
  const counts = await loadConnectionCounts(context.db, viewerId, userId);
  if (!counts) throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
  return counts;
}

/** A page of a member's followers or followings, as member summaries. */
export async function listConnections(
  context: AppContext,
  viewerId: string,
  userId: string,
  direction: 'followers' | 'following',
  query: PageQuery,
): Promise<{ users: AuthorSummary[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, () => badRequest(POST_MESSAGES.invalidCursor));
  if (!(await isVisibleMember(context.db, viewerId, userId)))
    throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
  const rows = await pageConnections(context.db, viewerId, userId, direction, {
    after,
    limit: query.limit,
  });
  const { items, nextCursor } = toPage(rows, query.limit);
  const summaries = await loadMemberSummaries(
    context.db,
    viewerId,
    items.map((row) => row.id),
  );
  return {
    users: items.flatMap((row) => {
      const summary = summaries.get(row.id);
      return summary ? [summary] : [];
    }),
    nextCursor,
  };
}
