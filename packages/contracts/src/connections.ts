import { z } from 'zod';
import { IdSchema } from './common.js';
import type { AuthorSummary } from './posts.js';

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
}

export interface FollowToggleResponse {
  success: true;
  isFollowing: boolean;
  message: typeof CONNECTION_MESSAGES.followed | typeof CONNECTION_MESSAGES.unfollowed;
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
