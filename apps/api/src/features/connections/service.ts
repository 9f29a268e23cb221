import {
  CONNECTION_MESSAGES,
  POST_MESSAGES,
  PRIVACY_MESSAGES,
  type AuthorSummary,
  type FollowRequest,
  type PageQuery,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../db/concurrency.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import {
  assertWithinNewAccountLimit,
  loadMemberSummaries,
  newAccountLimitEndsAt,
  privacySettingsOf,
} from '../users/index.js';
import {
  countStrangerFollows,
  pageRequests,
  requestExists,
  takeRequest,
} from './follow-requests.js';
import { notifyMember, withdrawNotification } from '../notifications/index.js';
import { assertMayFollow, connectionListsHidden } from './policy.js';
import {
  followExists,
  insertFollowRow,
  isVisibleMember,
  loadConnectionCounts,
  lockFollowPair,
  pageConnections,
  toggleFollowRow,
  type FollowToggle,
} from './repo.js';

/** Following members: the domain logic behind /api/connections. */

export async function isFollowing(
  context: AppContext,
  followerId: string,
  followeeId: string,
): Promise<{ isConnection: boolean; isRequested: boolean }> {
  const [isConnection, isRequested] = await Promise.all([
    followExists(context.db, followerId, followeeId),
    requestExists(context.db, followerId, followeeId),
  ]);
  return { isConnection, isRequested };
}

export interface FollowResult {
  isFollowing: boolean;
  isRequested: boolean;
  message:
    | typeof CONNECTION_MESSAGES.followed
    | typeof CONNECTION_MESSAGES.unfollowed
    | typeof PRIVACY_MESSAGES.requested
    | typeof PRIVACY_MESSAGES.requestCancelled;
  followersCount: number;
}

/**
 * The follow button. Unfollows a member already followed, withdraws a pending request; otherwise
 * follows as the member allows (`whoCanFollow`): `everyone` → a follow, `approve` → a request they
 * answer, `nobody` → refused (403). A new account is limited in how many strangers it follows.
 * Toggles on the same pair run one after the other, so parallel clicks end in the state sequential
 * ones would; the follower count returned is the database's counter at that moment (every
 * follower, whoever the viewer), so a toggle never counts a popular member's followers.
 */
export async function toggleFollow(
  context: AppContext,
  actorId: string,
  targetId: string,
): Promise<FollowResult> {
  assertMayFollow(actorId, targetId);
  let outcome: FollowResult;
  try {
    outcome = await context.db.transaction(async (tx) => {
      const now = context.clock.now();
      const target = await lockFollowPair(tx, actorId, targetId, now);
      if (!target.visible) throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
      const make =
        target.whoCanFollow === 'nobody' || target.actorIsNew
          ? 'none'
          : target.whoCanFollow === 'approve'
            ? 'request'
            : 'follow';
      let toggled = await toggleFollowRow(tx, actorId, targetId, make, now);
      if (toggled.done === 'none') {
        // Nothing to undo, and nothing made yet: refused, or a new account's limit to check first.
        if (target.whoCanFollow === 'nobody')
          throw forbidden(PRIVACY_MESSAGES.notAcceptingFollowers, 'FOLLOW_NOT_ALLOWED');
        await assertNewAccountMayFollow(tx, actorId, targetId, now);
        toggled = await toggleFollowRow(
          tx,
          actorId,
          targetId,
          target.whoCanFollow === 'approve' ? 'request' : 'follow',
          now,
        );
      }
      return resultOf(toggled);
    });
  } catch (error) {
    // The member's account was deleted meanwhile.
    if (isForeignKeyViolation(error))
      throw notFound(CONNECTION_MESSAGES.userNotFound, 'MEMBER_NOT_FOUND');
    throw error;
  }
  await tellFollowee(context, outcome.message, actorId, targetId);
  return outcome;
}

function resultOf(toggled: FollowToggle): FollowResult {
  const { followersCount } = toggled;
  switch (toggled.done) {
    case 'unfollowed':
      return {
        isFollowing: false,
        isRequested: false,
        message: CONNECTION_MESSAGES.unfollowed,
        followersCount,
      };
    case 'withdrawn':
      return {
        isFollowing: false,
        isRequested: false,
        message: PRIVACY_MESSAGES.requestCancelled,
        followersCount,
      };
    case 'requested':
      return {
        isFollowing: false,
        isRequested: true,
        message: PRIVACY_MESSAGES.requested,
        followersCount,
      };
    case 'followed':
      return {
        isFollowing: true,
        isRequested: false,
        message: CONNECTION_MESSAGES.followed,
        followersCount,
      };
    case 'none':
      throw new Error('the follow toggle changed nothing');
  }
}

/** After the toggle committed: the followee hears of a new follow or request, or stops hearing of it. */
async function tellFollowee(
  context: AppContext,
  message: FollowResult['message'],
  actorId: string,
  recipientId: string,
): Promise<void> {
  const pair = { actorId, recipientId };
  switch (message) {
    case CONNECTION_MESSAGES.followed:
      return notifyMember(context, { type: 'follow', ...pair });
    case PRIVACY_MESSAGES.requested:
      return notifyMember(context, { type: 'follow_request', ...pair });
    case CONNECTION_MESSAGES.unfollowed:
      return withdrawNotification(context, { type: 'follow', ...pair });
    case PRIVACY_MESSAGES.requestCancelled:
      return withdrawNotification(context, { type: 'follow_request', ...pair });
  }
}

/**
 * A new account (users' `newAccountLimitEndsAt`) follows, or asks to follow, few strangers — members
 * who do not follow it — in its first day; past that, 429 saying when it frees up.
 */
async function assertNewAccountMayFollow(
  tx: Executor,
  actorId: string,
  targetId: string,
  now: Date,
): Promise<void> {
  const endsAt = await newAccountLimitEndsAt(tx, actorId, now);
  if (!endsAt) return;
  if (await followExists(tx, targetId, actorId)) return;
  const alreadySent = await countStrangerFollows(tx, actorId);
  assertWithinNewAccountLimit('follows', { alreadySent, adding: 1 }, endsAt, now);
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
  if (viewerId !== userId) {
    const [{ whoCanFollow }, viewerFollows] = await Promise.all([
      privacySettingsOf(context.db, userId),
      followExists(context.db, viewerId, userId),
    ]);
    if (connectionListsHidden({ viewerId, memberId: userId, whoCanFollow, viewerFollows }))
      throw forbidden(PRIVACY_MESSAGES.connectionsHidden, 'CONNECTIONS_HIDDEN');
  }
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

/** GET /connections/requests: the members waiting for the viewer's approval, newest first. */
export async function listFollowRequests(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<{ requests: FollowRequest[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, () => badRequest(POST_MESSAGES.invalidCursor));
  const rows = await pageRequests(context.db, viewerId, { after, limit: query.limit });
  const { items, nextCursor } = toPage(rows, query.limit);
  const summaries = await loadMemberSummaries(
    context.db,
    viewerId,
    items.map((row) => row.followerId),
  );
  return {
    requests: items.flatMap((row) => {
      const user = summaries.get(row.followerId);
      return user ? [{ _id: row.id, user, createdAt: row.createdAt.toISOString() }] : [];
    }),
    nextCursor,
  };
}

/**
 * Approves (the requester now follows the viewer) or declines (the request goes) a request made
 * to the viewer. Anyone else's request, or one already answered, is "not found" and stays as it is.
 */
export async function answerFollowRequest(
  context: AppContext,
  viewerId: string,
  requestId: string,
  answer: 'approve' | 'decline',
): Promise<void> {
  try {
    await context.db.transaction(async (tx) => {
      const request = await takeRequest(tx, viewerId, requestId);
      if (!request) throw notFound(PRIVACY_MESSAGES.requestNotFound);
      if (answer === 'approve')
        await insertFollowRow(tx, request.followerId, viewerId, context.clock.now());
    });
  } catch (error) {
    // The requester's account was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound(PRIVACY_MESSAGES.requestNotFound);
    throw error;
  }
}
