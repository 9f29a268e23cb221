import {
  LIKES_YOU_TEASER_CARDS,
  MATCH_MESSAGES,
  USER_MESSAGES,
  unlockingPlan,
  type LikeProfileResponse,
  type LikesYouPage,
  type LikesYouTeaser,
  type MatchPage,
  type PageQuery,
  type VisitorPage,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation, serializeOn } from '../../db/concurrency.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { assertEntitled, entitlementsOf, requireEntitlement } from '../entitlements/index.js';
import { notifyMember } from '../notifications/index.js';
import { privacySettingsOf } from '../users/index.js';
import { closeConversationBetween } from '../messages/index.js';
import { areMatched, orderedPair } from './pairs.js';
import { assertMayLike, assertMayPass } from './policy.js';
import { presentCard } from './presenter.js';
import {
  countLikesSince,
  countLikesYou,
  deleteLike,
  deleteMatch,
  deletePass,
  insertLike,
  insertMatch,
  likeExists,
  loadCardRows,
  pageLikesYou,
  pageMatches,
  pageVisitors,
  profiledMemberVisibleTo,
  recordVisit,
  upsertPass,
  type ListedMember,
} from './repo.js';

/** Likes, passes, matches, likes-you and visitors: the domain logic behind /api/matches. */

const memberNotFound = () => notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
const invalidCursor = () => badRequest(MATCH_MESSAGES.invalidCursor);

/** The start of the UTC day of `now`: likes a day are counted from here. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** One lock per pair (either order): likes, passes and unmatches of two members run in turn. */
function lockPair(tx: Executor, a: string, b: string): Promise<void> {
  const { memberLow, memberHigh } = orderedPair(a, b);
  return serializeOn(tx, `match:${memberLow}:${memberHigh}`);
}

/** Runs `work`, answering 404 when either account was deleted meanwhile. */
async function withMembers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw memberNotFound();
    throw error;
  }
}

/**
 * Likes the member. Under the liker's lock (so parallel likes count against the cap one at a
 * time) and the pair's lock (so the two likes of a mutual pair, however close, see each other):
 * the like is recorded, the liker's pass of them dropped, and when the member liked the liker
 * too, the match is made — once, the primary key sees to it. Both are told after the commit.
 */
export async function likeMember(
  context: AppContext,
  likerId: string,
  likedId: string,
): Promise<Omit<LikeProfileResponse, 'success'>> {
  assertMayLike(likerId, likedId);
  const result = await withMembers(() =>
    context.db.transaction(async (tx) => {
      const now = context.clock.now();
      // The liker's lock, then the pair's: a holder of a pair lock never waits for a liker's.
      // Advisory locks rather than the member's row lock, which the foreign-key checks of
      // others' likes (FOR KEY SHARE on the liked member's row) would wait on and deadlock with.
      await serializeOn(tx, `profile-likes:${likerId}`);
      await lockPair(tx, likerId, likedId);
      if (!(await profiledMemberVisibleTo(tx, likerId, likedId))) throw memberNotFound();
      if (await areMatched(tx, likerId, likedId))
        throw conflict(MATCH_MESSAGES.alreadyMatched, 'ALREADY_MATCHED');

      const plan = await entitlementsOf({ db: tx, clock: context.clock }, likerId);
      const cap = plan.entitlements.profileLikesPerDay;
      const usedToday = await countLikesSince(tx, likerId, startOfUtcDay(now));
      const remaining = (used: number) => (cap === null ? null : Math.max(0, cap - used));

      // Liking again changes nothing and costs nothing.
      if (await likeExists(tx, likerId, likedId)) {
        return { matched: false, remainingToday: remaining(usedToday) };
      }
      assertEntitled(plan, 'profileLikesPerDay', usedToday + 1);
      await insertLike(tx, likerId, likedId, now);
      await deletePass(tx, likerId, likedId);
      const matched =
        (await likeExists(tx, likedId, likerId)) && (await insertMatch(tx, likerId, likedId, now));
      return { matched, remainingToday: remaining(usedToday + 1) };
    }),
  );
  if (result.matched) {
    await notifyMember(context, { type: 'match', recipientId: likedId, actorId: likerId });
    await notifyMember(context, { type: 'match', recipientId: likerId, actorId: likedId });
  }
  return result;
}

/**
 * Passes the member: the liker's like of them (if any) is dropped and the pass recorded (or
 * renewed). A match is not passed but unmatched.
 */
export async function passMember(
  context: AppContext,
  passerId: string,
  passedId: string,
): Promise<void> {
  assertMayPass(passerId, passedId);
  await withMembers(() =>
    context.db.transaction(async (tx) => {
      if (!(await profiledMemberVisibleTo(tx, passerId, passedId))) throw memberNotFound();
      await lockPair(tx, passerId, passedId);
      if (await areMatched(tx, passerId, passedId))
        throw conflict(MATCH_MESSAGES.alreadyMatched, 'ALREADY_MATCHED');
      await deleteLike(tx, passerId, passedId);
      await upsertPass(tx, passerId, passedId, context.clock.now());
    }),
  );
}

/**
 * Ends the match: the match, both likes (so the two do not match again at once) and a pass by
 * the member who unmatched (so Discover leaves the pair out for a while). The other member is
 * not told. No match (or a member gone or hidden) is 404 MATCH_NOT_FOUND.
 */
export async function unmatchMember(
  context: AppContext,
  memberId: string,
  otherId: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await lockPair(tx, memberId, otherId);
    if (!(await deleteMatch(tx, memberId, otherId)))
      throw notFound(MATCH_MESSAGES.matchNotFound, 'MATCH_NOT_FOUND');
    await deleteLike(tx, memberId, otherId);
    await deleteLike(tx, otherId, memberId);
    await upsertPass(tx, memberId, otherId, context.clock.now());
    // Their conversation closes for both (kept for reports, hidden, no more messages).
    await closeConversationBetween(tx, memberId, otherId, context.clock.now());
  });
}

/** A page of listed members as cards with their list time (members hidden meanwhile left out). */
async function cardsOf(context: AppContext, viewerId: string, rows: ListedMember[], limit: number) {
  const { items, nextCursor } = toPage(rows, limit);
  const cards = await loadCardRows(
    context.db,
    viewerId,
    items.map((item) => item.id),
  );
  const listed = items.flatMap((item) => {
    const card = cards.get(item.id);
    return card ? [{ user: presentCard(card), at: item.keysetTime }] : [];
  });
  return { listed, nextCursor };
}

/** GET /matches: the viewer's matches, newest first. */
export async function listMatches(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<Omit<MatchPage, 'success'>> {
  const after = decodeCursor(query.cursor, invalidCursor);
  const rows = await pageMatches(context.db, viewerId, { after, limit: query.limit });
  const { listed, nextCursor } = await cardsOf(context, viewerId, rows, query.limit);
  return { matches: listed.map(({ user, at }) => ({ user, matchedAt: at })), nextCursor };
}

/**
 * GET /matches/likes-you: on plans with `seeWhoLikedYou` the members, newest like first;
 * otherwise only how many, and a teaser made of that number alone.
 */
export async function likesYou(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<Omit<LikesYouPage, 'success'> | Omit<LikesYouTeaser, 'success'>> {
  const after = decodeCursor(query.cursor, invalidCursor);
  const plan = await entitlementsOf(context, viewerId);
  const count = await countLikesYou(context.db, viewerId);
  if (!plan.entitlements.seeWhoLikedYou) {
    return {
      locked: true,
      count,
      teaser: {
        description: MATCH_MESSAGES.likesYouTeaser(count),
        placeholders: Math.min(count, LIKES_YOU_TEASER_CARDS),
        // Every paid plan shows them, so there is always one.
        requiredPlan: unlockingPlan('seeWhoLikedYou') ?? 'professional',
      },
    };
  }
  const rows = await pageLikesYou(context.db, viewerId, { after, limit: query.limit });
  const { listed, nextCursor } = await cardsOf(context, viewerId, rows, query.limit);
  const likes = listed.map(({ user, at }) => ({ user, likedAt: at }));
  return { locked: false, count, likes, nextCursor };
}

/**
 * Records a visit of `visitedId`'s profile by `visitorId` (once per UTC day; the latest time
 * kept). Not of one's own profile, not while the visitor's `leaveVisits` is off, not of a member
 * the visitor may not see. A failure is logged and never fails the profile view.
 */
export async function recordProfileVisit(
  context: Pick<AppContext, 'db' | 'clock' | 'logger'>,
  visitorId: string,
  visitedId: string,
): Promise<void> {
  if (visitorId === visitedId) return;
  try {
    await recordVisit(context.db, visitorId, visitedId, context.clock.now());
  } catch (error) {
    context.logger.error({ err: error }, 'profile visit could not be recorded');
  }
}

/** GET /profile/visitors (plans with `profileVisitors`): each visitor by their latest visit. */
export async function listVisitors(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<Omit<VisitorPage, 'success'>> {
  const after = decodeCursor(query.cursor, invalidCursor);
  await requireEntitlement(context, viewerId, 'profileVisitors');
  const { leaveVisits } = await privacySettingsOf(context.db, viewerId);
  if (!leaveVisits) return { leaveVisits, visitors: [], nextCursor: null };
  const rows = await pageVisitors(context.db, viewerId, { after, limit: query.limit });
  const { listed, nextCursor } = await cardsOf(context, viewerId, rows, query.limit);
  const visitors = listed.map(({ user, at }) => ({ user, visitedAt: at }));
  return { leaveVisits, visitors, nextCursor };
}
