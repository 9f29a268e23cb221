import { MATCH_MESSAGES } from '@kindred/contracts';
import { badRequest } from '../../http/errors.js';

/**
 * Likes, passes and matches — decided here.
 *   - A member likes or passes any other member they may see who has a profile (users'
 *     `visibleMembersWhere`: not disabled, suspended or unverified, no block either way — a
 *     blocked member looks like one who does not exist, 404), never themself (400).
 *   - Likes a day are the plan's `profileLikesPerDay`, counted per UTC day on the app clock from
 *     the likes made that day that still stand; the next like past it is 403 PLAN_LIMIT naming
 *     the plan that allows more. Liking a member already liked changes nothing and costs nothing.
 *   - A like of a member already matched is 409 ALREADY_MATCHED, and so is a pass (unmatch).
 *   - Only the two members of a match see it; either may unmatch. Unmatching ends the match and
 *     both likes and records the unmatcher's pass; the other member is not told.
 *   - Who liked you: members the viewer has neither matched nor passed; names and photos only on
 *     plans with `seeWhoLikedYou`, otherwise a count and a teaser with no identity in it.
 *   - Visitors: plans with `profileVisitors`; nobody while the viewer's own `leaveVisits` is off,
 *     and no one who turned theirs off.
 */
export function assertMayLike(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(MATCH_MESSAGES.cannotLikeSelf);
}

export function assertMayPass(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(MATCH_MESSAGES.cannotPassSelf);
}
