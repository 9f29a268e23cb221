import { NOTIFICATION_TYPES, type NotificationType } from '@kindred/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { shownNotificationsWhere } from './repo.js';

/**
 * The daily email digest's schedule, kept in `notification_settings.digest_sent_on` (the UTC day
 * of the last digest; the job that sends them is jobs/notification-digest.ts).
 */

export interface DueDigest {
  userId: string;
  email: string;
  firstName: string;
  /** The digest day before this claim, to put back if the email could not be sent. */
  previous: string | null;
  /** Unread items by type, as the member would see them now (no content, counts only). */
  unreadByType: Partial<Record<NotificationType, number>>;
}

interface ClaimedRow {
  user_id: string;
  email: string;
  first_name: string;
  previous: string | Date | null;
}

/** `YYYY-MM-DD`, the UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : utcDay(value);
}

/**
 * Claims up to `limit` active members with the daily digest on, no digest yet on `day` and at
 * least one unread item, marking them sent for `day` in the same statement (`FOR UPDATE SKIP
 * LOCKED`: parallel runs in several processes never claim the same member twice on one day).
 */
export async function claimDueDigests(
  db: Executor,
  window: { day: string; limit: number },
): Promise<DueDigest[]> {
  const result = await db.execute(sql`
    UPDATE notification_settings AS s
       SET digest_sent_on = ${window.day}::date
      FROM (
        SELECT ns.user_id, ns.digest_sent_on AS previous, u.email, u.first_name
          FROM notification_settings ns
          JOIN users u ON u.id = ns.user_id
         WHERE ns.email_digest = 'daily'
           AND u.status = 'active'
           AND (ns.digest_sent_on IS NULL OR ns.digest_sent_on < ${window.day}::date)
           AND EXISTS (
             SELECT 1 FROM notifications n
              WHERE n.recipient_id = ns.user_id AND n.read_at IS NULL
           )
         ORDER BY ns.user_id
         LIMIT ${window.limit}
           FOR UPDATE OF ns SKIP LOCKED
      ) AS due
     WHERE s.user_id = due.user_id
    RETURNING s.user_id, due.email, due.first_name, due.previous`);
  const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
  const digests: DueDigest[] = [];
  for (const row of rows) {
    digests.push({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      previous: dayText(row.previous),
      unreadByType: await unreadByType(db, row.user_id),
    });
  }
  return digests;
}

/** Unread items by type that the member may still see (what the app's count shows). */
async function unreadByType(
  db: Executor,
  userId: string,
): Promise<Partial<Record<NotificationType, number>>> {
  const rows = await db
    .select({ type: notifications.type, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      sql`${notifications.recipientId} = ${userId}::uuid and ${notifications.readAt} is null and ${shownNotificationsWhere(userId)}`,
    )
    .groupBy(notifications.type);
  const counts: Partial<Record<NotificationType, number>> = {};
  for (const type of NOTIFICATION_TYPES) {
    const row = rows.find((candidate) => candidate.type === type);
    if (row && row.count > 0) counts[type] = row.count;
  }
  return counts;
}

/** A digest that could not be sent is left due again, unless something else changed the row. */
export async function releaseDigestClaim(
  db: Executor,
  digest: DueDigest,
  claimedDay: string,
): Promise<void> {
  await db.execute(sql`
    UPDATE notification_settings
       SET digest_sent_on = ${digest.previous}::date
     WHERE user_id = ${digest.userId}::uuid
       AND digest_sent_on = ${claimedDay}::date`);
}
