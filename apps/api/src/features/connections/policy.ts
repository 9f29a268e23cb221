import { CONNECTION_MESSAGES, type FollowPolicy } from '@kindred/contracts';
import { badRequest } from '../../http/errors.js';

/**
 * Following — decided here.
 *   - A member may follow any member they may see except themselves, and unfollow whomever they
 *     follow.
 *   - Who follows whom is visible to every member (profile counts and lists), but only members the
 *     viewer may see (users' `visibleMembersWhere`) appear in lists and counts: a disabled account
 *     is hidden everywhere, and its own lists answer "User not found" like its profile.
 *   - Contact controls (the member's privacy settings): `whoCanFollow = 'nobody'` refuses new
 *     follows; `approve` turns them into requests only the member answers, and makes a "locked
 *     account" — its follower and following lists are shown only to the member and their
 *     followers (the counts stay public; followers-only posts already need a follow).
 *   - A follower whose request waits is not a follower: they see what a stranger sees.
 */
export function assertMayFollow(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(CONNECTION_MESSAGES.cannotFollowSelf);
}

/** A locked account's follower and following lists are for the member and their followers only. */
export function connectionListsHidden(input: {
  viewerId: string;
  memberId: string;
  whoCanFollow: FollowPolicy;
  viewerFollows: boolean;
}): boolean {
  return (
    input.viewerId !== input.memberId && input.whoCanFollow === 'approve' && !input.viewerFollows
  );
}
