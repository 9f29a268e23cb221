/**
 * Member safety and account control: roles, reports, moderation, contact controls, and the kinds of
 * one-time codes. These arrays are the single list the API validates with and the database CHECKs
 * are built from.
 */

/** Granted from the command line only (`pnpm admin:grant <email> <role>`), never through the API. */
export const MEMBER_ROLES = ['member', 'moderator', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What a one-time code proves: an email address, a phone number, a password reset, a new email. */
export const CODE_PURPOSES = ['email', 'phone', 'password_reset', 'email_change'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const REPORT_TARGET_TYPES = ['member', 'post', 'comment', 'photo', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'fake_profile',
  'underage',
  'nudity',
  'violence',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend', 'mark_sensitive'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Who may follow me: with `approve`, follows become requests ("locked account"). */
export const FOLLOW_POLICIES = ['everyone', 'approve', 'nobody'] as const;
export type FollowPolicy = (typeof FOLLOW_POLICIES)[number];

/** Who may comment on my posts (the member's default, also chosen per post). */
export const COMMENT_POLICIES = ['everyone', 'followers', 'nobody'] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];

/** Who may mention me. */
export const MENTION_POLICIES = ['everyone', 'followers', 'nobody'] as const;
export type MentionPolicy = (typeof MENTION_POLICIES)[number];
