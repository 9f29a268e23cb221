import {
  NEW_ACCOUNT_HOURS,
  NEW_ACCOUNT_STRANGER_LIMITS,
  PRIVACY_DEFAULTS,
  PRIVACY_MESSAGES,
  type NewAccountContactKind,
  type PrivacySettings,
  type PrivacySettingsUpdate,
} from '@kindred/contracts';
import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, privacySettings, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { ViewerId } from './visibility.js';

/**
 * A member's contact controls (the `privacy_settings` table, written only here). A member without
 * a row has `PRIVACY_DEFAULTS`: the row is written the first time they save.
 *
 * The rules built on them are answered where the thing is decided — follows and follow requests
 * in connections, comments in the posts policy, mentions in comments — from what is exported here:
 * the settings themselves and SQL fragments, so a list never filters afterwards in code.
 */

const settingsColumns = {
  whoCanFollow: privacySettings.whoCanFollow,
  defaultCommentPolicy: privacySettings.defaultCommentPolicy,
  whoCanMention: privacySettings.whoCanMention,
  searchable: privacySettings.searchable,
  showLocation: privacySettings.showLocation,
  leaveVisits: privacySettings.leaveVisits,
  whoCanMessage: privacySettings.whoCanMessage,
  messagesFromPhotoVerifiedOnly: privacySettings.messagesFromPhotoVerifiedOnly,
  readReceipts: privacySettings.allowReadReceipts,
};

/** The member's settings (the defaults until they save any). */
export async function privacySettingsOf(db: Executor, userId: string): Promise<PrivacySettings> {
  const [row] = await db
    .select(settingsColumns)
    .from(privacySettings)
    .where(eq(privacySettings.userId, userId));
  return row ?? { ...PRIVACY_DEFAULTS };
}

/** Several members' settings in one query; every id gets an entry (the defaults if no row). */
export async function privacySettingsOfMany(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, PrivacySettings>> {
  const unique = [...new Set(userIds)];
  const settings = new Map(unique.map((id) => [id, { ...PRIVACY_DEFAULTS }]));
  if (unique.length === 0) return settings;
  const rows = await db
    .select({ userId: privacySettings.userId, ...settingsColumns })
    .from(privacySettings)
    .where(inArray(privacySettings.userId, unique));
  for (const { userId, ...row } of rows) settings.set(userId, row);
  return settings;
}

/**
 * Saves the settings (PUT semantics; a setting added later and left out keeps the stored value)
 * and answers what is now stored. `readReceipts` is stored as `allow_read_receipts`.
 */
export async function savePrivacySettings(
  db: Executor,
  userId: string,
  settings: PrivacySettingsUpdate,
  now: Date,
): Promise<PrivacySettings> {
  const { readReceipts, ...sameNames } = settings;
  const values = { ...sameNames, allowReadReceipts: readReceipts, updatedAt: now };
  const [row] = await db
    .insert(privacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacySettings.userId, set: values })
    .returning(settingsColumns);
  return row!;
}

/**
 * SQL condition on a `users` row in scope (or an alias): the member lets themself be found by
 * search, search suggestions and mention suggestions. Only search uses it — their profile, posts
 * and places in lists stay as they are (`visibleMembersWhere` decides those). It reads
 * `users.searchable`, which the database keeps equal to the member's saved setting (a trigger on
 * this table, migration 0025): a column of the row, unlike a lookup in this table, can bound a
 * partial index, so the search indexes hold only members who may be found (issue 18).
 */
export function searchableMembersWhere(member: { searchable: AnyColumn } = users): SQL {
  return sql`${member.searchable}`;
}

const mentionPrivacy = alias(privacySettings, 'mention_privacy');
const mentionFollow = alias(follows, 'mention_follow');

/**
 * SQL condition: the member whose id is in `memberIdColumn` accepts a mention from `authorId` —
 * their `whoCanMention` is `everyone`, or `followers` and the author follows them (one of their
 * followers, as `followers` means for comments); a member always may mention themself. A mention
 * that fails it stays plain text.
 */
export function mentionAllowedWhere(authorId: ViewerId, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`(${memberIdColumn} = ${authorId}::uuid or not exists (
    select 1 from ${privacySettings} ${mentionPrivacy}
    where ${mentionPrivacy.userId} = ${memberIdColumn}
      and (
        ${mentionPrivacy.whoCanMention} = 'nobody'
        or (
          ${mentionPrivacy.whoCanMention} = 'followers'
          and not exists (
            select 1 from ${follows} ${mentionFollow}
            where ${mentionFollow.followerId} = ${authorId}::uuid and ${mentionFollow.followeeId} = ${memberIdColumn}
          )
        )
      )
  ))`;
}

/** Whether others see the member's location (the member always sees their own). */
export function showsLocationTo(
  viewerId: string,
  memberId: string,
  settings: Pick<PrivacySettings, 'showLocation'>,
): boolean {
  return viewerId === memberId || settings.showLocation;
}

/**
 * New accounts and strangers: an account younger than `NEW_ACCOUNT_HOURS` may send only a few
 * follows, comments and mentions to members who do not follow it. Each feature counts what it
 * sends (its own table); this says whether the account is still new, and refuses past the limit.
 * Everything the account did is within its first day, so the count is "since the account
 * began" and the limit frees up when the account comes of age — the time the message names.
 */
export async function newAccountLimitEndsAt(
  db: Executor,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const endsAt = new Date(row.createdAt.getTime() + NEW_ACCOUNT_HOURS * 60 * 60_000);
  return endsAt > now ? endsAt : null;
}

/** Throws the 429 when `alreadySent + adding` strangers would pass the new-account limit. */
export function assertWithinNewAccountLimit(
  kind: NewAccountContactKind,
  counts: { alreadySent: number; adding: number },
  endsAt: Date,
  now: Date,
): void {
  if (counts.adding === 0) return;
  if (counts.alreadySent + counts.adding <= NEW_ACCOUNT_STRANGER_LIMITS[kind]) return;
  throw new AppError(429, PRIVACY_MESSAGES.newAccountLimit(kind, endsAt), {
    code: 'NEW_ACCOUNT_LIMIT',
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  });
}

const strangerCheck = alias(follows, 'stranger_check');

/** SQL condition: the member in `memberIdColumn` follows `userId` (so they are no stranger to them). */
export function followsMemberWhere(memberIdColumn: AnyColumn | SQL, userId: string): SQL {
  return sql`exists (select 1 from ${follows} ${strangerCheck} where ${strangerCheck.followerId} = ${memberIdColumn} and ${strangerCheck.followeeId} = ${userId}::uuid)`;
}
