import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CHECKOUT_STATUSES,
  CODE_PURPOSES,
  ENTITLEMENTS,
  COMMENT_POLICIES,
  EMAIL_DIGEST_OPTIONS,
  FOLLOW_POLICIES,
  GENDER_OPTIONS,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  MENTION_POLICIES,
  MESSAGE_POLICIES,
  MODERATION_ACTIONS,
  PAID_PLAN_IDS,
  PHOTO_POSES,
  PHOTO_VERIFICATION_STATUSES,
  ALT_TEXT_MAX_LENGTH,
  SENSITIVE_MEDIA_PREFERENCES,
  PAYMENT_PROVIDERS,
  PLAN_CHANGE_SOURCES,
  NOTIFICATION_TYPES,
  PAID_PLAN_RUNNING_STATUSES,
  PLAN_IDS,
  POST_MEDIA_KINDS,
  POST_PRIVACY_VALUES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SEXUALITY_OPTIONS,
  SUBSCRIPTION_STATUSES,
  UPGRADE_PLANS,
} from '@kindred/contracts';

/**
 * The whole data model. Constraints live here, not only in code: unique likes and follows,
 * foreign keys with the ON DELETE each relation needs, and CHECKs on every enumerated column.
 * Change it, then run `pnpm db:generate` to write the next SQL migration.
 */

/**
 * `('a', 'b')`: the SQL list of an enumerated column's values, from the same array the contracts
 * validate with — one list of genders, privacies and plans for the API, the web app and the CHECKs.
 */
function sqlList(values: readonly string[]) {
  return sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`);
}

/**
 * A member anyone may find by search: an account in use (features/users `visibleMembersWhere`:
 * active, email verified) who lets themself be found (`searchableMembersWhere`). The search
 * statements state these clauses as they are written here, so the planner can read the partial
 * search indexes bounded by it; the viewer's own blocks are checked on top.
 */
function findableMember(t: {
  status: AnyPgColumn;
  emailVerifiedAt: AnyPgColumn;
  searchable: AnyPgColumn;
}) {
  return sql`${t.status} = 'active' and ${t.emailVerifiedAt} is not null and ${t.searchable}`;
}

/**
 * The plans whose running subscription puts a member first in search (contracts' entitlements).
 * Changing an entitlement changes `users.search_rank`'s expression: run `pnpm db:generate`.
 */
const SEARCH_PRIORITY_PLANS = UPGRADE_PLANS.filter((plan) => ENTITLEMENTS[plan].priorityInSearch);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased, accent-free "first last", kept in step with the names for prefix search. */
    nameSearch: text('name_search').notNull(),
    /** Lower-cased, accent-free last name, for prefix search on the last name alone. */
    lastNameSearch: text('last_name_search').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the last "please verify your email" reminder went out (claimed atomically by the job). */
    verificationReminderAt: timestamp('verification_reminder_at', { withTimezone: true }),
    /** AES-256-GCM ciphertext of the base32 TOTP secret; see features/auth. */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time-step accepted: a step once used is never accepted again. */
    totpLastUsedStep: bigint('totp_last_used_step', { mode: 'number' }),
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    newsletter: boolean('newsletter').notNull().default(false),
    rememberMe: boolean('remember_me').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Where the last login came from, when the browser shared it. Never shown to other members. */
    lastLoginLatitude: doublePrecision('last_login_latitude'),
    lastLoginLongitude: doublePrecision('last_login_longitude'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set by a moderator's "suspend"; signing in does not lift it. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Granted from the command line only. */
    role: text('role', { enum: MEMBER_ROLES }).notNull().default('member'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Consent given at sign-up (SPEC: every visitor certifies legal age and accepts the terms):
     * when, and which version of the terms (contracts TERMS_VERSION). NULL for accounts made
     * before the sign-up recorded it.
     */
    legalAgeConfirmedAt: timestamp('legal_age_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    plan: text('plan', { enum: PLAN_IDS }),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** When the last "your trial ends soon" reminder went out (claimed atomically by the job). */
    trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true }),
    /** Set when a selfie matched the member's photos (features/photo-verification); NULL otherwise. */
    photoVerifiedAt: timestamp('photo_verified_at', { withTimezone: true }),
    /** The verified face's descriptor, sealed (secret box, the member's id as context): a new main photo keeps the mark only if it matches. */
    photoVerifiedFace: text('photo_verified_face'),
    /**
     * The member's `privacy_settings.searchable` (true without a row), kept by the database
     * (trigger privacy_settings_searchable, migration 0026), so the search indexes below can hold
     * only members who may be found: a partial index can name this row's columns only.
     */
    searchable: boolean('searchable').notNull().default(true),
    /**
     * Counts changes to what a Discover card shows of the member from other tables: the profile,
     * the photos, the privacy settings. Kept by the database (triggers `*_card_changed`,
     * migration 0029), so a page can use a card it read before when this is unchanged, reading
     * only this row (features/discovery).
     */
    cardVersion: bigint('card_version', { mode: 'number' }).notNull().default(0),
    /**
     * 0 when the member's plan state has priority in search (a running paid plan with
     * `priorityInSearch`; a free plan, trial or not, never has it), 1 otherwise. Kept by the
     * database from plan and subscription_status, so the search indexes below can start with it
     * and hand out each group already in name order (issue 18).
     */
    searchRank: smallint('search_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "plan" IN ${sqlList(SEARCH_PRIORITY_PLANS)} AND "subscription_status" IN ${sqlList(PAID_PLAN_RUNNING_STATUSES)} THEN 0 ELSE 1 END`,
      ),
    ...timestamps,
  },
  (t) => [
    // One verified account per address; unverified sign-ups may share it until one of them
    // proves the address with its code (the others are then removed: issue 19, squatting).
    uniqueIndex('users_verified_email_unique')
      .on(t.email)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
    index('users_email').on(t.email),
    // Search reads these in order, a prefix range per rank: "first last" matches by that name,
    // then last-name matches by last name and name (features/users searchMembersQuery). They hold
    // only members anyone may find, so the capped count is an index-only scan (issue 18).
    index('users_search_full_name')
      .on(t.searchRank, sql`${t.nameSearch} COLLATE "C"`, t.id)
      .where(findableMember(t)),
    index('users_search_last_name')
      .on(
        t.searchRank,
        sql`${t.lastNameSearch} COLLATE "C"`,
        sql`${t.nameSearch} COLLATE "C"`,
        t.id,
      )
      .where(findableMember(t)),
    index('users_unverified_created')
      .on(t.createdAt)
      .where(sql`${t.emailVerifiedAt} IS NULL`),
    index('users_trial_end').on(t.trialEndDate),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_status_valid', sql`${t.status} IN ${sqlList(MEMBER_STATUSES)}`),
    check('users_role_valid', sql`${t.role} IN ${sqlList(MEMBER_ROLES)}`),
    check('users_plan_valid', sql`${t.plan} IN ${sqlList(PLAN_IDS)}`),
    check(
      'users_subscription_status_valid',
      sql`${t.subscriptionStatus} IN ${sqlList(SUBSCRIPTION_STATUSES)}`,
    ),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    age: integer('age').notNull(),
    gender: text('gender', { enum: GENDER_OPTIONS }).notNull(),
    sexuality: text('sexuality', { enum: SEXUALITY_OPTIONS }).notNull(),
    bio: text('bio').notNull().default(''),
    /** What other members see, e.g. "Pune, India". */
    locationText: text('location_text').notNull(),
    city: text('city'),
    country: text('country'),
    /** The member's own coordinates: stored for them, never sent to anyone else. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The half-degree grid cell of the coordinates (360 rows of latitude × 720 columns of
     * longitude, numbered row by row; features/discovery/geo-grid.ts numbers them the same way):
     * Discover finds the members near a place by ranges of cells on `profiles_geo_cell`.
     */
    geoCell: integer('geo_cell').generatedAlwaysAs(
      sql`least(359, floor(("latitude" + 90) * 2))::integer * 720 + mod(floor(("longitude" + 180) * 2)::integer, 720)`,
    ),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    check('profiles_age_adult', sql`${t.age} BETWEEN 18 AND 120`),
    check('profiles_gender_valid', sql`${t.gender} IN ${sqlList(GENDER_OPTIONS)}`),
    check('profiles_sexuality_valid', sql`${t.sexuality} IN ${sqlList(SEXUALITY_OPTIONS)}`),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= 500`),
    index('profiles_geo_cell').on(t.geoCell),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 is the profile picture. */
    position: integer('position').notNull(),
    /** Unguessable storage key of the full-size image. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the full-size file. */
    bytes: integer('bytes').notNull(),
    /** Size of the thumbnail file: both count against the plan's media storage (0 for photos stored before it was recorded). */
    thumbnailBytes: integer('thumbnail_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The image model's score (0–1) when the photo was accepted; null for photos from before it. */
    nsfwScore: real('nsfw_score'),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
    /** The member's description of the photo for people who cannot see it; null: none given. */
    altText: text('alt_text'),
  },
  (t) => [
    index('photos_user_position').on(t.userId, t.position),
    check(
      'photos_alt_text_length',
      sql`char_length(${t.altText}) <= ${sql.raw(String(ALT_TEXT_MAX_LENGTH))}`,
    ),
    uniqueIndex('photos_storage_key_unique').on(t.storageKey),
    // Media requests are authorized by looking up what the key belongs to.
    uniqueIndex('photos_thumbnail_key_unique').on(t.thumbnailKey),
  ],
);

/**
 * One table for every code we send (email, phone, password reset, email change), keyed by (user, purpose): sending a new
 * code replaces the old one. Codes are stored hashed and carry their own attempt counter.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    /** The address or number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    check('verification_codes_purpose_valid', sql`${t.purpose} IN ${sqlList(CODE_PURPOSES)}`),
  ],
);

/**
 * A login's second-factor challenge: counts the wrong TOTP codes given to it, atomically, so
 * parallel guesses cannot exceed the cap.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_challenges_user').on(t.userId)],
);

/** Failed second-factor attempts per account, for the hourly cap. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp'] }).notNull(),
    /**
     * The device cookie's id of the browser that sent the wrong code, NULL for a browser without
     * one: a known device has its own hourly cap, so guesses from elsewhere cannot lock it out.
     */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_user_kind_created').on(t.userId, t.kind, t.createdAt)],
);

/**
 * Counters of rate-limiter-flexible's RateLimiterPostgres (its own column layout), shared by every
 * app process on a PostgreSQL server so brute-force limits hold across processes. Created here
 * rather than by the library so several processes starting at once never race to create it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    /** Epoch milliseconds when the counter resets; NULL for a counter that never expires. */
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire').on(t.expire)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    /** The member this session belongs to (pending or full), so all of a member's sessions can be ended. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The id a member sees in their list of sessions; the sid (the cookie's secret) never leaves. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user').on(t.userId),
    index('sessions_expires').on(t.expiresAt),
    uniqueIndex('sessions_public_id_unique').on(t.publicId),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    privacy: text('privacy', { enum: POST_PRIVACY_VALUES }).notNull(),
    mediaKey: text('media_key'),
    mediaType: text('media_type', { enum: POST_MEDIA_KINDS }),
    mediaMime: text('media_mime'),
    mediaBytes: integer('media_bytes'),
    /** The picture's or the video frame's size in pixels, so clients reserve its box; null if unknown. */
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    /** Who may comment; chosen per post, defaulting to the author's privacy setting. */
    commentPolicy: text('comment_policy', { enum: COMMENT_POLICIES }).notNull().default('everyone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author last edited the title, description or privacy. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * The image model's score (0–1, explicit content) and when it was given: both null while an
     * image waits for the classifier (it is treated as sensitive meanwhile), and for videos.
     */
    nsfwScore: real('nsfw_score'),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
    /** The author said the media is sensitive ("Mark as sensitive"). */
    sensitiveByAuthor: boolean('sensitive_by_author').notNull().default(false),
    /** A moderator did, resolving a report. */
    sensitiveByModerator: boolean('sensitive_by_moderator').notNull().default(false),
    /** The author's description of the media for people who cannot see it; null: none given. */
    altText: text('alt_text'),
  },
  (t) => [
    index('posts_created_id').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('posts_media_key_unique').on(t.mediaKey),
    index('posts_author_created_id').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    // The image backfill job's look-up (jobs/image-classification-backfill.ts).
    index('posts_unscored_images')
      .on(t.createdAt.desc())
      .where(sql`${t.mediaType} = 'image' AND ${t.nsfwScore} IS NULL`),
    check('posts_privacy_valid', sql`${t.privacy} IN ${sqlList(POST_PRIVACY_VALUES)}`),
    check('posts_comment_policy_valid', sql`${t.commentPolicy} IN ${sqlList(COMMENT_POLICIES)}`),
    check('posts_media_type_valid', sql`${t.mediaType} IN ${sqlList(POST_MEDIA_KINDS)}`),
    check('posts_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 150`),
    check('posts_description_length', sql`char_length(${t.description}) <= 5000`),
    check('posts_media_complete', sql`(${t.mediaKey} IS NULL) = (${t.mediaType} IS NULL)`),
    check(
      'posts_alt_text_length',
      sql`char_length(${t.altText}) <= ${sql.raw(String(ALT_TEXT_MAX_LENGTH))}`,
    ),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** NULL once the author deleted their account: the comment stays, shown as "Deleted User". */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    content: text('content').notNull(),
    /** Set when its author deleted the comment but replies keep it in the thread as a placeholder. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author last edited the content. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * The author is hidden from everyone (disabled, suspended, email not verified), kept by
     * triggers (migration 0027): a post's counts find the comments that hide their replies by
     * `comments_hidden_author` instead of walking every thread (issue 18).
     */
    authorHidden: boolean('author_hidden').notNull().default(false),
  },
  (t) => [
    index('comments_post_created').on(t.postId, t.createdAt, t.id),
    index('comments_parent').on(t.parentId),
    index('comments_author').on(t.authorId),
    index('comments_hidden_author')
      .on(t.postId)
      .where(sql`${t.authorHidden}`),
    check('comments_content_length', sql`char_length(${t.content}) <= 2000`),
  ],
);

export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('comment_mentions_user').on(t.userId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_created').on(t.followeeId, t.createdAt),
    // The "following" list of a member, newest first.
    index('follows_follower_created').on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * Per-member counters kept by the database itself: a trigger on `follows` adds and subtracts in
 * the same transaction as every insert and delete (cascades included), so the follow toggle reads
 * one row instead of counting tens of thousands of followers (issue 18).
 */
export const memberStats = pgTable(
  'member_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /**
     * The member's posts are read from them when a follower's People You Follow is read, not copied
     * into their followers' timelines: set once their followers pass `TIMELINE_PUSH_MAX_FOLLOWERS`
     * (migration 0028's trigger), and never cleared, so no post of theirs is missed by both ways.
     */
    timelinePulled: boolean('timeline_pulled').notNull().default(false),
  },
  (t) => [
    index('member_stats_timeline_pulled')
      .on(t.userId)
      .where(sql`${t.timelinePulled}`),
  ],
);

/**
 * People You Follow, written ahead (issue 18): a row per post of the last `TIMELINE_DAYS` days for
 * each follower of its author, kept by triggers (migration 0028) as posts are written and follows
 * made or ended. Authors with many followers (`memberStats.timelinePulled`) are not copied; their
 * posts are read at read time. Only which posts a member's feed may hold lives here: who may see
 * them is checked on every read, as everywhere (posts' policy).
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('timeline_entries_member_created_post').on(
      t.memberId,
      t.createdAt.desc(),
      t.postId.desc(),
    ),
    // A deleted post's rows, for the cascade.
    index('timeline_entries_post').on(t.postId),
    // An ended follow's rows: without it, ending a follow read the follower's whole timeline
    // (1.2 ms for a member following 500, against 0.1 ms). Author first, so that the feed's read
    // of a member's rows has only the index in their order to read them by.
    index('timeline_entries_author_member').on(t.authorId, t.memberId),
  ],
);

/**
 * Per-post counters kept by the database itself: triggers on `post_likes`, `comments` and `users`
 * add and subtract in the same transaction as every change (cascades included; migrations 0024
 * and 0025), so the like toggle reads one row instead of counting every like of a popular post,
 * and a feed page's counts start from these rows instead of reading every like and comment
 * (issue 18). A post nobody liked or commented on may have no row (all 0).
 *
 * The `hidden_…` counters count rows by members hidden from everyone (users' `shownToOthers`
 * does not hold: disabled, suspended, email not verified), whatever the viewer: what is hidden
 * from one viewer alone (blocks, mutes) is read per request (posts repo's `loadPostCounts`).
 */
export const postStats = pgTable('post_stats', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  likesCount: integer('likes_count').notNull().default(0),
  /** Likes by members hidden from everyone. */
  hiddenLikesCount: integer('hidden_likes_count').notNull().default(0),
  /** Comments not deleted (placeholders left by a deleted comment with replies are not counted). */
  commentsCount: integer('comments_count').notNull().default(0),
  /**
   * Comments, deleted placeholders included, by members hidden from everyone: each hides itself
   * and the replies beneath it, so a post with any is counted by walking its threads.
   */
  hiddenCommentsCount: integer('hidden_comments_count').notNull().default(0),
});

/** Single-use 2FA recovery codes, stored hashed; a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recovery_codes_user').on(t.userId),
    uniqueIndex('recovery_codes_hash').on(t.codeHash),
  ],
);

/** A block hides the two members from each other everywhere (see `visibleMembersWhere`). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked').on(t.blockedId),
    index('blocks_blocker_created').on(t.blockerId, t.createdAt),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A mute hides the muted member's posts and comments from the muter's feeds only. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index('mutes_muted').on(t.mutedId),
    index('mutes_muter_created').on(t.muterId, t.createdAt),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

/** A member's contact controls; a member without a row has the defaults. */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    whoCanFollow: text('who_can_follow', { enum: FOLLOW_POLICIES }).notNull().default('everyone'),
    defaultCommentPolicy: text('default_comment_policy', { enum: COMMENT_POLICIES })
      .notNull()
      .default('everyone'),
    whoCanMention: text('who_can_mention', { enum: MENTION_POLICIES })
      .notNull()
      .default('everyone'),
    searchable: boolean('searchable').notNull().default(true),
    showLocation: boolean('show_location').notNull().default(true),
    /** Viewing a profile records a visit; when false the member leaves none and sees no visitors. */
    leaveVisits: boolean('leave_visits').notNull().default(true),
    /** Who may start a conversation with the member (issue 16). */
    whoCanMessage: text('who_can_message', { enum: MESSAGE_POLICIES })
      .notNull()
      .default('everyone'),
    /** Others see when the member read their messages (when the plan includes read receipts). */
    allowReadReceipts: boolean('allow_read_receipts').notNull().default(true),
    /**
     * Only photo-verified members may start a conversation with the member (matches and mutual
     * follows still write: the member chose them).
     */
    messagesFromPhotoVerifiedOnly: boolean('messages_from_photo_verified_only')
      .notNull()
      .default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('privacy_follow_valid', sql`${t.whoCanFollow} IN ${sqlList(FOLLOW_POLICIES)}`),
    check('privacy_comment_valid', sql`${t.defaultCommentPolicy} IN ${sqlList(COMMENT_POLICIES)}`),
    check('privacy_mention_valid', sql`${t.whoCanMention} IN ${sqlList(MENTION_POLICIES)}`),
    check('privacy_message_valid', sql`${t.whoCanMessage} IN ${sqlList(MESSAGE_POLICIES)}`),
  ],
);

/**
 * What a member sees of sensitive media (blur, hide or show); no row: blur. Written only by
 * features/image-safety.
 */
export const contentPreferences = pgTable(
  'content_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sensitiveMedia: text('sensitive_media', { enum: SENSITIVE_MEDIA_PREFERENCES })
      .notNull()
      .default('blur'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'content_preferences_sensitive_media_valid',
      sql`${t.sensitiveMedia} IN ${sqlList(SENSITIVE_MEDIA_PREFERENCES)}`,
    ),
  ],
);

/**
 * The image backfill job's claims and failures (features/image-safety/attempts.ts): one row per
 * post or message image it tried to score. `attempted_at` is a lease (another process skips the
 * image meanwhile); past `IMAGE_CLASSIFICATION_MAX_ATTEMPTS` the image is given up and the row
 * stays as the record. No foreign key: `item_id` is a post's or a message's id, by `kind`.
 */
export const imageClassificationAttempts = pgTable(
  'image_classification_attempts',
  {
    kind: text('kind', { enum: ['post', 'message'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** Why the last attempt failed (an error message, never image content). */
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    check('image_classification_attempts_kind_valid', sql`${t.kind} IN ('post', 'message')`),
  ],
);

/** A follow waiting for the followee's approval (accounts with `whoCanFollow = 'approve'`). */
export const followRequests = pgTable(
  'follow_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follow_requests_pair').on(t.followerId, t.followeeId),
    index('follow_requests_followee_created').on(t.followeeId, t.createdAt),
    check('follow_requests_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * A member's report of a member, post, comment or photo. `snapshot` keeps what was reported as it
 * was at report time, so deleting the content does not erase the evidence. One open report per
 * reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** NULL once the reporter deleted their account: the report stays for the moderators. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The member the reported content belongs to (the member themself for a member report). */
    targetMemberId: uuid('target_member_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    action: text('action', { enum: MODERATION_ACTIONS }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_per_reporter_target')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created').on(t.status, t.createdAt),
    index('reports_target').on(t.targetType, t.targetId),
    index('reports_target_member').on(t.targetMemberId),
    check('reports_target_type_valid', sql`${t.targetType} IN ${sqlList(REPORT_TARGET_TYPES)}`),
    check('reports_reason_valid', sql`${t.reason} IN ${sqlList(REPORT_REASONS)}`),
    check('reports_status_valid', sql`${t.status} IN ${sqlList(REPORT_STATUSES)}`),
    check('reports_action_valid', sql`${t.action} IN ${sqlList(MODERATION_ACTIONS)}`),
    check('reports_note_length', sql`char_length(${t.note}) <= 1000`),
  ],
);

/** Every moderator action, for accountability (`GET /api/moderation/log`). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    targetMemberId: uuid('target_member_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created').on(t.createdAt, t.id),
    check('moderation_log_action_valid', sql`${t.action} IN ${sqlList(MODERATION_ACTIONS)}`),
  ],
);

/**
 * Live events too big for a PostgreSQL NOTIFY payload (8000 bytes): the notification carries this
 * row's id and each listening process reads the event here (platform/live-events.ts). Rows are
 * read within moments; publishing sweeps those older than a few minutes.
 */
export const liveEventPayloads = pgTable(
  'live_event_payloads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_event_payloads_created').on(t.createdAt)],
);

/**
 * What a member is told (issue 13). A grouped item ("Ana and 4 others liked your post") is one row
 * with one `notification_actors` row per member; `group_key` names what groups (`like:<postId>`, or
 * for single-actor types the action itself, `follow:<actorId>`, `comment:<commentId>`), and at most
 * one unread row per recipient and key exists, so a repeated or concurrent action joins the unread
 * item instead of adding one. `created_at` is the newest action's time: a group that grows moves up.
 * Deleting the post or comment deletes the item (cascade); who and what the recipient may still see
 * is filtered again when items are read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** NULL for items that never group (security events). */
    groupKey: text('group_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_created_id').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('notifications_unread_group')
      .on(t.recipientId, t.groupKey)
      .where(sql`${t.readAt} IS NULL AND ${t.groupKey} IS NOT NULL`),
    index('notifications_recipient_unread')
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL`),
    index('notifications_post').on(t.postId),
    index('notifications_comment').on(t.commentId),
    check('notifications_type_valid', sql`${t.type} IN ${sqlList(NOTIFICATION_TYPES)}`),
  ],
);

/** The members a notification is about; the newest are shown, all are counted. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_actor').on(t.actorId),
  ],
);

/**
 * A member's notification preferences; a member without a row has the defaults. Types are stored
 * as the ones turned off, so a type added later is on for everyone. `digest_sent_on` is the UTC day
 * of the last daily digest, claimed atomically by the job (once per member per day).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    disabledTypes: text('disabled_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onlyFromFollowing: boolean('only_from_following').notNull().default(false),
    notFromNewAccounts: boolean('not_from_new_accounts').notNull().default(false),
    emailDigest: text('email_digest', { enum: EMAIL_DIGEST_OPTIONS }).notNull().default('off'),
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_settings_daily_digest')
      .on(t.userId)
      .where(sql`${t.emailDigest} = 'daily'`),
    check(
      'notification_settings_types_valid',
      sql`${t.disabledTypes} <@ ${sql.raw(`ARRAY[${NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')}]`)}::text[]`,
    ),
    check(
      'notification_settings_digest_valid',
      sql`${t.emailDigest} IN ${sqlList(EMAIL_DIGEST_OPTIONS)}`,
    ),
  ],
);

/**
 * Checkouts members started (issue 14): the test-mode provider's page or a Stripe Checkout
 * Session. `id` is random and unguessable (it is in the test-mode page's address); a checkout is
 * closed once (completed or cancelled), so a confirmation cannot be replayed.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: PAID_PLAN_IDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's Checkout Session id (cs_…); null for the test-mode provider. */
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_session').on(t.provider, t.providerSessionId),
    index('checkout_sessions_member').on(t.memberId, t.createdAt),
    check('checkout_sessions_plan_valid', sql`${t.planId} IN ${sqlList(PAID_PLAN_IDS)}`),
    check('checkout_sessions_provider_valid', sql`${t.provider} IN ${sqlList(PAYMENT_PROVIDERS)}`),
    check('checkout_sessions_status_valid', sql`${t.status} IN ${sqlList(CHECKOUT_STATUSES)}`),
  ],
);

/**
 * A member's paid plan as the provider reported it: the provider's subscription, the end of the
 * period paid for, and whether the member cancelled it (it then ends at that date).
 */
export const paidSubscriptions = pgTable(
  'paid_subscriptions',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: PAID_PLAN_IDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('paid_subscriptions_provider_subscription').on(
      t.provider,
      t.providerSubscriptionId,
    ),
    index('paid_subscriptions_period_end').on(t.currentPeriodEnd),
    check('paid_subscriptions_plan_valid', sql`${t.planId} IN ${sqlList(PAID_PLAN_IDS)}`),
    check('paid_subscriptions_provider_valid', sql`${t.provider} IN ${sqlList(PAYMENT_PROVIDERS)}`),
  ],
);

/** Provider webhook events already applied: an event delivered twice changes nothing the second time. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    check(
      'payment_webhook_events_provider_valid',
      sql`${t.provider} IN ${sqlList(PAYMENT_PROVIDERS)}`,
    ),
  ],
);

/** Every plan change: who, when, from, to, why, and the provider's reference (issue 14). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    fromPlan: text('from_plan', { enum: PLAN_IDS }),
    toPlan: text('to_plan', { enum: PLAN_IDS }),
    fromStatus: text('from_status', { enum: SUBSCRIPTION_STATUSES }),
    toStatus: text('to_status', { enum: SUBSCRIPTION_STATUSES }),
    source: text('source', { enum: PLAN_CHANGE_SOURCES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    providerReference: text('provider_reference'),
  },
  (t) => [
    index('plan_changes_member_changed').on(t.memberId, t.changedAt),
    check('plan_changes_from_plan_valid', sql`${t.fromPlan} IN ${sqlList(PLAN_IDS)}`),
    check('plan_changes_to_plan_valid', sql`${t.toPlan} IN ${sqlList(PLAN_IDS)}`),
    check(
      'plan_changes_from_status_valid',
      sql`${t.fromStatus} IN ${sqlList(SUBSCRIPTION_STATUSES)}`,
    ),
    check('plan_changes_to_status_valid', sql`${t.toStatus} IN ${sqlList(SUBSCRIPTION_STATUSES)}`),
    check('plan_changes_source_valid', sql`${t.source} IN ${sqlList(PLAN_CHANGE_SOURCES)}`),
    check('plan_changes_provider_valid', sql`${t.provider} IN ${sqlList(PAYMENT_PROVIDERS)}`),
  ],
);

/**
 * Profile likes (issue 15), apart from post likes: one row per liker and liked member. A like of a
 * member the liker passed replaces the pass, a pass replaces the like.
 */
export const profileLikes = pgTable(
  'profile_likes',
  {
    likerId: uuid('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: uuid('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // "Who liked you", newest first.
    index('profile_likes_liked_created').on(t.likedId, t.createdAt, t.likerId),
    // The daily cap: the liker's likes since a time.
    index('profile_likes_liker_created').on(t.likerId, t.createdAt),
    check('profile_likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
  ],
);

/** "Not interested": Discover leaves the pair out (both ways) for a while; renewed by a new pass. */
export const profilePasses = pgTable(
  'profile_passes',
  {
    passerId: uuid('passer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passedId: uuid('passed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.passerId, t.passedId] }),
    index('profile_passes_passed_created').on(t.passedId, t.createdAt),
    check('profile_passes_not_self', sql`${t.passerId} <> ${t.passedId}`),
  ],
);

/**
 * A mutual like. One row per pair, stored ordered (`member_low < member_high`) under the primary
 * key, so two likes arriving at the same instant meet on it and make exactly one match.
 */
export const matches = pgTable(
  'matches',
  {
    memberLow: uuid('member_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: uuid('member_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberLow, t.memberHigh] }),
    index('matches_low_created').on(t.memberLow, t.createdAt),
    index('matches_high_created').on(t.memberHigh, t.createdAt),
    check('matches_ordered', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/** Profile views: one row per visitor, visited member and UTC day; `visited_at` is the latest. */
export const profileVisits = pgTable(
  'profile_visits',
  {
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedId: uuid('visited_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitorId, t.visitedId, t.day] }),
    index('profile_visits_visited_at').on(t.visitedId, t.visitedAt),
    check('profile_visits_not_self', sql`${t.visitorId} <> ${t.visitedId}`),
  ],
);

/**
 * A one-to-one conversation (issue 16): one row per pair, stored ordered (`member_low <
 * member_high`) under a unique index, so two members opening it at once share one row. It shows
 * in the opener's list at once and in the other member's once it has a message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberLow: uuid('member_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: uuid('member_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time (the creation's until then): the lists' order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** An unmatch closed it: kept (for reports), hidden from both, nothing more can be sent. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.memberLow, t.memberHigh),
    index('conversations_low_updated').on(t.memberLow, t.updatedAt.desc(), t.id.desc()),
    index('conversations_high_updated').on(t.memberHigh, t.updatedAt.desc(), t.id.desc()),
    check('conversations_ordered', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/**
 * One message. Text, image description and image key are sealed (features/messages/sealing.ts);
 * `image_digest` finds a stored image's message again without its key. A deleted message keeps
 * its row (a placeholder for both members) with its content gone.
 */
export const chatMessages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bodySealed: text('body_sealed'),
    imageKeySealed: text('image_key_sealed'),
    imageDigest: text('image_digest'),
    imageAltSealed: text('image_alt_sealed'),
    imageBytes: integer('image_bytes'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Sent to a member who was neither a match nor a mutual follow and had not answered yet. */
    fromStranger: boolean('from_stranger').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The image model's score (0–1) and when it was given: null while the image waits for the
     * classifier (covered for the recipient meanwhile) and for messages without an image.
     */
    nsfwScore: real('nsfw_score'),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_created_id').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // The image backfill job's look-up (jobs/image-classification-backfill.ts).
    index('messages_unscored_images')
      .on(t.createdAt.desc())
      .where(
        sql`${t.imageDigest} IS NOT NULL AND ${t.nsfwScore} IS NULL AND ${t.deletedAt} IS NULL`,
      ),
    uniqueIndex('messages_image_digest_unique').on(t.imageDigest),
    check(
      'messages_image_complete',
      sql`(${t.imageKeySealed} IS NULL) = (${t.imageDigest} IS NULL)`,
    ),
  ],
);

/** How far each member has read a conversation (unread counts; read receipts). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
    lastReadMessageId: uuid('last_read_message_id').references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] })],
);

/** First messages to strangers per sender and UTC day: the plan's `firstMessagesPerDay`. */
export const firstMessageCounts = pgTable(
  'first_message_counts',
  {
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.day] }),
    check('first_message_counts_not_negative', sql`${t.count} >= 0`),
  ],
);

/** A boost (issue 15): the member comes first in others' Discover from `started_at` to `ends_at`. */
export const boosts = pgTable(
  'boosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The member's latest boost (the plan's frequency) and whether it still runs.
    index('boosts_user_started').on(t.userId, t.startedAt),
    // The boosts running at a time: those that end after it.
    index('boosts_ends_at').on(t.endsAt),
    check('boosts_ends_after_start', sql`${t.endsAt} > ${t.startedAt}`),
  ],
);

/**
 * Photo verification attempts (features/photo-verification): a pose challenge the server chose,
 * answered at most once before `expiresAt`. The selfie is kept (`selfieKey`) only while a
 * moderator has to look at it.
 */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text('pose', { enum: PHOTO_POSES }).notNull(),
    status: text('status', { enum: PHOTO_VERIFICATION_STATUSES }).notNull().default('challenged'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    similarity: doublePrecision('similarity'),
    poseMatched: boolean('pose_matched'),
    selfieKey: text('selfie_key'),
    /** The selfie's sealed descriptor while in review: approval marks this face as verified. */
    selfieFace: text('selfie_face'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('photo_verifications_pose_valid', sql`${t.pose} IN ${sqlList(PHOTO_POSES)}`),
    check(
      'photo_verifications_status_valid',
      sql`${t.status} IN ${sqlList(PHOTO_VERIFICATION_STATUSES)}`,
    ),
    index('photo_verifications_user_created').on(t.userId, t.createdAt),
    index('photo_verifications_in_review')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'in-review'`),
  ],
);
