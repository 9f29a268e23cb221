import { z } from 'zod';
import { IdSchema } from './common.js';
import type { AuthorSummary } from './posts.js';
import type { PRIVACY_MESSAGES } from './privacy.js';

/** Following members: request schemas, messages and response shapes. */

export const CONNECTION_MESSAGES = {
  followed: 'Followed successfully',
  unfollowed: 'Unfollowed successfully',
  cannotFollowSelf: 'You cannot follow yourself',
  userNotFound: 'User not found',
  // Client-side toasts from the spec's catalogue.
  checkFailed: 'Error checking follow status',
  countsFailed: 'Failed to load follower counts',
  updateFailed: 'Failed to update follow status',
  noFollowers: 'No followers yet',
  noFollowings: 'Not following anyone yet',
} as const;

/** POST /connections/follow and /connections/isFollowing. */
export const FollowSchema = z.object({
  userId: IdSchema.optional(),
  followedUserId: IdSchema,
});

export interface IsFollowingResponse {
  success: true;
  isConnection: boolean;
  /** A follow request waits for the member's approval (they approve their followers). */
  isRequested: boolean;
}

export interface FollowToggleResponse {
  success: true;
  isFollowing: boolean;
  /**
   * The member approves their followers: the follow became a request ("Requested"). Following
   * again while it waits cancels it.
   */
  isRequested: boolean;
  message:
    | typeof CONNECTION_MESSAGES.followed
    | typeof CONNECTION_MESSAGES.unfollowed
    | typeof PRIVACY_MESSAGES.requested
    | typeof PRIVACY_MESSAGES.requestCancelled;
  /** The followed member's follower count after the change. */
  followersCount: number;
}

export interface FollowCountsResponse {
  success: true;
  followersCount: number;
  followingsCount: number;
}

/** GET /connections/followers/{id} and /connections/following/{id}, newest connection first. */
export interface FollowListResponse {
  success: true;
  users: AuthorSummary[];
  nextCursor: string | null;
}
