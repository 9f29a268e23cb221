import {
  NOTIFICATION_SETTINGS_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
} from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationSettings } from '../../db/schema.js';

/**
 * A member's notification preferences (the `notification_settings` table, written only here). A
 * member without a row has `NOTIFICATION_SETTINGS_DEFAULTS`; the row is written the first time they
 * save. Types are stored as the ones turned off, so a type added later starts on.
 */

export async function notificationSettingsOf(
  db: Executor,
  userId: string,
): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      disabledTypes: notificationSettings.disabledTypes,
      onlyFromFollowing: notificationSettings.onlyFromFollowing,
      notFromNewAccounts: notificationSettings.notFromNewAccounts,
      emailDigest: notificationSettings.emailDigest,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) return structuredClone(NOTIFICATION_SETTINGS_DEFAULTS);
  const off = new Set(row.disabledTypes);
  return {
    types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, !off.has(type)])) as Record<
      NotificationType,
      boolean
    >,
    onlyFromFollowing: row.onlyFromFollowing,
    notFromNewAccounts: row.notFromNewAccounts,
    emailDigest: row.emailDigest,
  };
}

/** Saves every setting (PUT semantics). */
export async function saveNotificationSettings(
  db: Executor,
  userId: string,
  settings: NotificationSettings,
  now: Date,
): Promise<void> {
  const values = {
    disabledTypes: NOTIFICATION_TYPES.filter((type) => !settings.types[type]),
    onlyFromFollowing: settings.onlyFromFollowing,
    notFromNewAccounts: settings.notFromNewAccounts,
    emailDigest: settings.emailDigest,
    updatedAt: now,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
