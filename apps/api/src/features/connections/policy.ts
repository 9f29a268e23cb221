import { CONNECTION_MESSAGES } from '@kindred/contracts';
import { badRequest } from '../../http/errors.js';

/**
 * Following — decided here.
 *   - A member may follow any member they may see except themselves, and unfollow whomever they
 *     follow.
 *   - Who follows whom is visible to every member (profile counts and lists), but only members the
 *     viewer may see (users' `visibleMembersWhere`) appear in lists and counts: a disabled account
 *     is hidden everywhere, and its own lists answer "User not found" like its profile.
 */
export function assertMayFollow(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(CONNECTION_MESSAGES.cannotFollowSelf);
}
