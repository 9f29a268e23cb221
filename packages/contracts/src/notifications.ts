import { z } from 'zod';
import { IdSchema } from './common.js';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from './posts.js';
import { MEMBER_DATA } from './responses.js';

/**
 * Notifications (issue 13): what a member is told about others' actions towards them and about
 * their account's security, the read state, and the member's notification preferences.
 */

/** Told about another member's action; each can be turned off in the settings. */
export const SOCIAL_NOTIFICATION_TYPES = [
  'follow',
  'follow_request',
  'like',
  'comment',
  'reply',
  'mention',
  'match',
  'message',
] as const;

/** Told about the member's own account; no other member is the actor. */
export const SECURITY_NOTIFICATION_TYPES = [
  'new_sign_in',
  'two_factor_changed',
  'password_changed',
  'recovery_code_used',
] as const;

/**
 * Every notification type. Later kinds (matches, messages) are appended here: the database's CHECK
 * and the settings follow this list.
 */
export const NOTIFICATION_TYPES = [
  ...SOCIAL_NOTIFICATION_TYPES,
  ...SECURITY_NOTIFICATION_TYPES,
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type SocialNotificationType = (typeof SOCIAL_NOTIFICATION_TYPES)[number];
export type SecurityNotificationType = (typeof SECURITY_NOTIFICATION_TYPES)[number];

export function isSecurityNotificationType(
  type: NotificationType,
): type is SecurityNotificationType {
  return (SECURITY_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Accounts younger than this are "new" for the `notFromNewAccounts` preference. */
export const NOTIFICATION_NEW_ACCOUNT_DAYS = 7;

/** How many of a grouped item's actors an item carries (the newest first). */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/** Longest text excerpt of a post or comment in an item. */
export const NOTIFICATION_EXCERPT_LENGTH = 120;

/**
 * The unread count is counted up to this many items: a count of the cap means at least that many
 * ("99+" on the badge). Counting them all, each checked for visibility, cost a member with 10,000
 * unread 189 ms on every page, live event and mark-read (issue 18).
 */
export const NOTIFICATION_UNREAD_COUNT_CAP = 100;

/** Unread items the member may see, up to NOTIFICATION_UNREAD_COUNT_CAP ("that many or more"). */
const UnreadCountSchema = z
  .number()
  .int()
  .nonnegative()
  .max(NOTIFICATION_UNREAD_COUNT_CAP)
  .describe(
    `Unread items, counted up to ${NOTIFICATION_UNREAD_COUNT_CAP}: ${NOTIFICATION_UNREAD_COUNT_CAP} means ${NOTIFICATION_UNREAD_COUNT_CAP} or more`,
  );

export const EMAIL_DIGEST_OPTIONS = ['off', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGEST_OPTIONS)[number];

export const NOTIFICATION_MESSAGES = {
  markedRead: 'Notifications marked as read',
  settingsSaved: 'Notification settings saved',
  invalidCursor: 'Invalid cursor',
  readTargetInvalid: 'Send ids (up to 100) or all: true',
  typesInvalid: 'Each notification type must be on (true) or off (false)',
  onlyFromFollowingInvalid: 'Only from people I follow must be true or false',
  notFromNewAccountsInvalid: 'Not from new accounts must be true or false',
  emailDigestInvalid: 'Email digest must be off or daily',
  // Client-side words.
  loadFailed: 'Could not load your notifications.',
  markReadFailed: 'Could not mark notifications as read. Please try again.',
  settingsLoadFailed: 'Could not load your notification settings.',
  settingsSaveFailed: 'Could not save your notification settings. Please try again.',
  none: 'No notifications yet.',
} as const;

// ---------------------------------------------------------------------------------------------
// Items

/** Another member who acted (a follower, a liker, a commenter). */
export const NotificationActorSchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profilePicture: z.string().nullable(),
  })
  .meta(MEMBER_DATA);
export type NotificationActor = z.infer<typeof NotificationActorSchema>;

/** The post an item is about: enough to link to it and show what it was. */
export const NotificationPostSchema = z.strictObject({
  _id: z.string(),
  /** The start of the post's text (may be empty for a media-only post). */
  excerpt: z.string(),
});
export type NotificationPost = z.infer<typeof NotificationPostSchema>;

/** The comment an item is about (its post is the item's `post`). */
export const NotificationCommentSchema = z.strictObject({
  _id: z.string(),
  excerpt: z.string(),
});
export type NotificationComment = z.infer<typeof NotificationCommentSchema>;

export const NotificationSchema = z.strictObject({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /**
   * The newest actors first, at most `NOTIFICATION_ACTORS_SHOWN`; empty for security types.
   * Only members the recipient may see.
   */
  actors: z.array(NotificationActorSchema),
  /** How many members the item is about ("Ana and 4 others": actorCount 5). */
  actorCount: z.number().int().nonnegative(),
  /** like, comment, reply, mention. */
  post: NotificationPostSchema.optional(),
  /** comment (the new comment), reply (the reply), mention (the comment that mentions). */
  comment: NotificationCommentSchema.optional(),
  /** message: the conversation the new messages are in (never their content). */
  conversation: z.strictObject({ _id: z.string() }).optional(),
  /** ISO 8601: when the newest action of the item happened (a grouped item moves up). */
  createdAt: z.iso.datetime({ offset: true }),
  /** ISO 8601, or null while unread. */
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationItem = z.infer<typeof NotificationSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and responses

/** GET /notifications?cursor=&limit= — newest first. */
export const NotificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`)
    .default(PAGE_DEFAULT_LIMIT),
});
export type NotificationsQuery = z.input<typeof NotificationsQuerySchema>;

export const NotificationPageSchema = z.strictObject({
  success: z.literal(true),
  notifications: z.array(NotificationSchema),
  /** Pass as `?cursor=` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
  unreadCount: UnreadCountSchema,
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MAX_READ_IDS = 100;

/** POST /notifications/read — some items, or all of them. */
export const MarkNotificationsReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(IdSchema).min(1).max(MAX_READ_IDS) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { message: NOTIFICATION_MESSAGES.readTargetInvalid },
);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export const MarkNotificationsReadResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal(NOTIFICATION_MESSAGES.markedRead),
  unreadCount: UnreadCountSchema,
});
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const NotificationSettingsSchema = z.strictObject({
  /** Each type on (told) or off. Security types can be turned off in the app, never by default. */
  types: z.strictObject(
    Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        z.boolean({ message: NOTIFICATION_MESSAGES.typesInvalid }),
      ]),
    ) as Record<NotificationType, z.ZodBoolean>,
  ),
  /** Told about other members' actions only when the member follows them. */
  onlyFromFollowing: z.boolean({ message: NOTIFICATION_MESSAGES.onlyFromFollowingInvalid }),
  /** Not told about accounts younger than `NOTIFICATION_NEW_ACCOUNT_DAYS`. */
  notFromNewAccounts: z.boolean({ message: NOTIFICATION_MESSAGES.notFromNewAccountsInvalid }),
  /** A daily email listing unread notifications (never message content). */
  emailDigest: z.enum(EMAIL_DIGEST_OPTIONS, { message: NOTIFICATION_MESSAGES.emailDigestInvalid }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** What a member who never saved their settings has. */
export const NOTIFICATION_SETTINGS_DEFAULTS: Readonly<NotificationSettings> = {
  types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Record<
    NotificationType,
    boolean
  >,
  onlyFromFollowing: false,
  notFromNewAccounts: false,
  emailDigest: 'off',
};

export const NotificationSettingsResponseSchema = z.strictObject({
  success: z.literal(true),
  settings: NotificationSettingsSchema,
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponseSchema>;

export const SaveNotificationSettingsResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal(NOTIFICATION_MESSAGES.settingsSaved),
  settings: NotificationSettingsSchema,
});
export type SaveNotificationSettingsResponse = z.infer<
  typeof SaveNotificationSettingsResponseSchema
>;

// ---------------------------------------------------------------------------------------------
// Live events (GET /notifications/stream)

/** `event: notification` carries an item (new, or a group that grew); `event: unread` the count. */
export const UnreadEventDataSchema = z.strictObject({
  unreadCount: UnreadCountSchema,
});
export type UnreadEventData = z.infer<typeof UnreadEventDataSchema>;
