import { z } from 'zod';
import type { AuthorSummary } from './posts.js';
import {
  COMMENT_POLICIES,
  FOLLOW_POLICIES,
  MENTION_POLICIES,
  type CommentPolicy,
  type FollowPolicy,
  type MentionPolicy,
} from './safety.js';

/** Who may start a conversation with me (matches and mutual follows always may write). */
export const MESSAGE_POLICIES = ['everyone', 'matches-and-following', 'matches'] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];

/**
 * Contact controls: who may follow, comment on and mention a member, whether they appear in search,
 * whether others see their location; follow requests (accounts that approve followers); the limits
 * on what a new account may send to strangers.
 */

export interface PrivacySettings {
  whoCanFollow: FollowPolicy;
  /** Preselected when the member writes a post; each post keeps its own `commentPolicy`. */
  defaultCommentPolicy: CommentPolicy;
  whoCanMention: MentionPolicy;
  /** Listed in search, search suggestions and mention suggestions (the profile stays reachable). */
  searchable: boolean;
  /** Others see the member's city; when false, no location at all. */
  showLocation: boolean;
  /**
   * Viewing a profile records a visit the other member can see (plans with `profileVisitors`);
   * when false the member leaves no visits and sees no visitors either.
   */
  leaveVisits: boolean;
  /** Who may start a conversation with the member (matches and mutual follows always may). */
  whoCanMessage: MessagePolicy;
  /**
   * Only photo-verified members may start a conversation with the member, on top of
   * `whoCanMessage` (matches and mutual follows still write: the member chose them).
   */
  messagesFromPhotoVerifiedOnly: boolean;
  /**
   * Others see when the member read their messages — only when the member's plan also includes
   * read receipts.
   */
  readReceipts: boolean;
}

/** What a member who never saved their settings has. */
export const PRIVACY_DEFAULTS: Readonly<PrivacySettings> = {
  whoCanFollow: 'everyone',
  defaultCommentPolicy: 'everyone',
  whoCanMention: 'everyone',
  searchable: true,
  showLocation: true,
  leaveVisits: true,
  whoCanMessage: 'everyone',
  messagesFromPhotoVerifiedOnly: false,
  readReceipts: true,
};

/** Accounts younger than this are "new" and limited in what they send to strangers. */
export const NEW_ACCOUNT_HOURS = 24;

/**
 * What a new account may send, in its first day, to strangers (members who do not follow it). Each
 * kind is counted apart; the limits end when the account is `NEW_ACCOUNT_HOURS` old.
 */
export const NEW_ACCOUNT_STRANGER_LIMITS = {
  follows: 10,
  comments: 10,
  mentions: 10,
} as const;
export type NewAccountContactKind = keyof typeof NEW_ACCOUNT_STRANGER_LIMITS;

const NEW_ACCOUNT_ACTIONS: Record<NewAccountContactKind, string> = {
  follows: 'follow',
  comments: 'comment on the posts of',
  mentions: 'mention',
};

/** The time a limit frees up, as people read it: "18:30 UTC". */
function clockTime(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

export const PRIVACY_MESSAGES = {
  saved: 'Privacy settings saved',
  saveFailed: 'Failed to save privacy settings',
  loadFailed: 'Failed to load privacy settings',
  whoCanFollowInvalid: 'Who can follow must be everyone, approve or nobody',
  commentPolicyInvalid: 'Who can comment must be everyone, followers or nobody',
  whoCanMentionInvalid: 'Who can mention must be everyone, followers or nobody',
  searchableInvalid: 'Searchable must be true or false',
  showLocationInvalid: 'Show location must be true or false',
  leaveVisitsInvalid: 'Leave visits must be true or false',
  whoCanMessageInvalid: 'Who can message must be everyone, matches and following, or matches',
  readReceiptsInvalid: 'Read receipts must be true or false',
  messagesFromPhotoVerifiedOnlyInvalid:
    'Messages from photo-verified members only must be true or false',
  // Follows and follow requests.
  notAcceptingFollowers: 'This member is not accepting new followers',
  requested: 'Follow request sent',
  requestCancelled: 'Follow request cancelled',
  requestApproved: 'Follow request approved',
  requestDeclined: 'Follow request declined',
  requestNotFound: 'Follow request not found',
  requestsLoadFailed: 'Failed to load follow requests',
  requestActionFailed: 'Failed to answer the follow request',
  noRequests: 'No follow requests',
  connectionsHidden:
    'Only the followers of this member can see who they follow and who follows them',
  // Comments.
  commentsOff: 'The author has turned off comments on this post',
  commentsFollowersOnly: 'Only members who follow the author can comment on this post',
  // New accounts.
  newAccountLimit: (kind: NewAccountContactKind, freesAt: Date) =>
    `New accounts can ${NEW_ACCOUNT_ACTIONS[kind]} at most ${NEW_ACCOUNT_STRANGER_LIMITS[kind]} members who don't follow them in their first day. You can do more from ${clockTime(freesAt)}.`,
} as const;

/** Who may comment on a post, as the web says it (a select's options and the line under a post). */
export const COMMENT_POLICY_LABELS: Record<CommentPolicy, string> = {
  everyone: 'Everyone',
  followers: 'Only my followers',
  nobody: 'No one',
};

/** The line shown instead of the comment form when the viewer may not comment. */
export const COMMENT_POLICY_NOTICES: Record<Exclude<CommentPolicy, 'everyone'>, string> = {
  followers: PRIVACY_MESSAGES.commentsFollowersOnly,
  nobody: PRIVACY_MESSAGES.commentsOff,
};

export const commentPolicySchema = z.enum(COMMENT_POLICIES, {
  message: PRIVACY_MESSAGES.commentPolicyInvalid,
});

/**
 * PUT /users/me/privacy — every setting; `leaveVisits`, `whoCanMessage`, `readReceipts` and
 * `messagesFromPhotoVerifiedOnly` (added later) may be left out, which keeps the stored value, so a
 * client that predates them does not turn them back to the default.
 */
export const PrivacySettingsSchema = z.object({
  whoCanFollow: z.enum(FOLLOW_POLICIES, { message: PRIVACY_MESSAGES.whoCanFollowInvalid }),
  defaultCommentPolicy: commentPolicySchema,
  whoCanMention: z.enum(MENTION_POLICIES, { message: PRIVACY_MESSAGES.whoCanMentionInvalid }),
  searchable: z.boolean({ message: PRIVACY_MESSAGES.searchableInvalid }),
  showLocation: z.boolean({ message: PRIVACY_MESSAGES.showLocationInvalid }),
  leaveVisits: z.boolean({ message: PRIVACY_MESSAGES.leaveVisitsInvalid }).optional(),
  whoCanMessage: z
    .enum(MESSAGE_POLICIES, { message: PRIVACY_MESSAGES.whoCanMessageInvalid })
    .optional(),
  readReceipts: z.boolean({ message: PRIVACY_MESSAGES.readReceiptsInvalid }).optional(),
  messagesFromPhotoVerifiedOnly: z
    .boolean({ message: PRIVACY_MESSAGES.messagesFromPhotoVerifiedOnlyInvalid })
    .optional(),
});
export type PrivacySettingsUpdate = z.output<typeof PrivacySettingsSchema>;
export type PrivacySettingsInput = z.input<typeof PrivacySettingsSchema>;

export interface PrivacySettingsResponse {
  success: true;
  privacy: PrivacySettings;
}

/**
 * Saving never answers pending follow requests: a member who stops approving followers still
 * approves or declines the requests already made (accepting a follower stays their choice).
 */
export interface SavePrivacySettingsResponse extends PrivacySettingsResponse {
  message: typeof PRIVACY_MESSAGES.saved;
}

/** A member waiting for the signed-in member's approval. */
export interface FollowRequest {
  _id: string;
  user: AuthorSummary;
  /** ISO 8601. */
  createdAt: string;
}

/** GET /connections/requests, newest first. */
export interface FollowRequestPage {
  success: true;
  requests: FollowRequest[];
  nextCursor: string | null;
}

export interface FollowRequestAnswerResponse {
  success: true;
  message: typeof PRIVACY_MESSAGES.requestApproved | typeof PRIVACY_MESSAGES.requestDeclined;
}
