import { z } from 'zod';
import type { PlanId, SubscriptionStatus } from './plans.js';
import type { Gender, ProfileLocation, Sexuality } from './profiles.js';
import type { MemberRole } from './safety.js';

/** Members: public user data, search, account disable/delete (SPEC §3 User, §7 Users, §8 Account). */

/**
 * How a member appears next to their content (post cards, comments, search, follower lists):
 * never more than this — no email, phone or coordinates.
 */
export interface MemberSummary {
  _id: string;
  firstName: string;
  lastName: string;
  /** URL of the profile picture's thumbnail, or null when the member has no photo yet. */
  profilePicture: string | null;
  verifiedBadge: boolean;
  /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
  photoVerified: boolean;
}

/** GET /users/{id} → user. `email` only when it is the member themself. */
export interface PublicUser {
  _id: string;
  firstName: string;
  lastName: string;
  /** null until the member has created a profile. */
  age: number | null;
  gender: Gender | null;
  sexuality: Sexuality | null;
  /** Display location only (never coordinates), null until the profile exists. */
  location: Omit<ProfileLocation, 'latitude' | 'longitude'> | null;
  /** Full-size URL of the first photo. */
  profilePicture: string | null;
  photos: string[];
  verifiedBadge: boolean;
  /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
  photoVerified: boolean;
  /** Email verified. */
  isVerified: boolean;
  isPhoneVerified: boolean;
  /**
   * The member's own record only (with `email` and `role`): another member sees no plan,
   * subscription state or trial end, as GET /users/{id}/subscription is the member's own.
   */
  plan?: PlanId | null;
  subscriptionStatus?: SubscriptionStatus | null;
  trialEndDate?: string | null;
  email?: string;
  /** The member's own role (member, moderator, admin); only in their own record. */
  role?: MemberRole;
}

/**
 * A disabled member is hidden from everyone until they sign in again; a suspended one (by a
 * moderator) is hidden too and cannot lift it by signing in.
 */
export const MEMBER_STATUSES = ['active', 'disabled', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const SEARCH_LIMITS = {
  defaultPageSize: 10,
  maxPageSize: 50,
  /** Suggestions shown in the header dropdown. */
  dropdownSize: 10,
  /** Results of an @mention lookup. */
  mentionSize: 8,
  maxQueryLength: 100,
  /**
   * Matches are counted up to this many ("View All (1000+)"): counting every member whose name
   * starts with two letters read thousands of rows per keystroke (issue 18).
   */
  countCap: 1000,
} as const;

export const USER_MESSAGES = {
  notFound: 'User not found',
  invalidId: 'Invalid ID',
  disabled: 'Account temporarily disabled',
  disableFailed: 'Failed to disable account',
  deleted: 'Account deleted successfully',
  deleteFailed: 'Failed to delete account',
  onlyOwnAccount: 'You can only manage your own account',
  queryTooLong: `Search text can be at most ${SEARCH_LIMITS.maxQueryLength} characters`,
  invalidPage: 'Page must be a whole number from 1',
  invalidLimit: `Limit must be a whole number from 1 to ${SEARCH_LIMITS.maxPageSize}`,
  deletedUser: 'Deleted User',
} as const;

const positiveInt = (message: string, max?: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    max === undefined
      ? z.number({ message }).int(message).min(1, message)
      : z.number({ message }).int(message).min(1, message).max(max, message),
  );

/**
 * GET /users/search. `searchText` (paged: suggestions + totalCount) or `q` (@mention lookup:
 * users). Matching is by prefix of first name, last name or "first last", ignoring case and accents.
 */
export const UserSearchQuerySchema = z.object({
  searchText: z.string().max(SEARCH_LIMITS.maxQueryLength, USER_MESSAGES.queryTooLong).optional(),
  q: z.string().max(SEARCH_LIMITS.maxQueryLength, USER_MESSAGES.queryTooLong).optional(),
  page: positiveInt(USER_MESSAGES.invalidPage).default(1),
  limit: positiveInt(USER_MESSAGES.invalidLimit, SEARCH_LIMITS.maxPageSize).default(
    SEARCH_LIMITS.defaultPageSize,
  ),
});
export type UserSearchQuery = z.input<typeof UserSearchQuerySchema>;

export type SearchSuggestion = Pick<
  MemberSummary,
  '_id' | 'firstName' | 'lastName' | 'profilePicture'
> &
  Partial<Pick<MemberSummary, 'verifiedBadge' | 'photoVerified'>>;

export interface UserSearchResponse {
  success: true;
  suggestions: SearchSuggestion[];
  /** Matches, counted up to SEARCH_LIMITS.countCap. */
  totalCount: number;
  /** More than SEARCH_LIMITS.countCap members match: totalCount is the cap ("1000+"). */
  totalCountCapped: boolean;
  page: number;
  limit: number;
}

export interface MentionSearchResponse {
  success: true;
  users: MemberSummary[];
}
