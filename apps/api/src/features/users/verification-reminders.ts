import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * The schedule of "please verify your email" reminders, kept in `users.verification_reminder_at`
 * (the job that sends them is jobs/verification-reminders.ts; this module owns the rows).
 */

export interface DueReminder {
  id: string;
  email: string;
  first_name: string;
  created_at: string | Date;
  /** The reminder time before this claim, to put back if the email could not be sent. */
  previous: string | Date | null;
}

/**
 * Claims up to `limit` active, unverified accounts created between `createdAfter` and
 * `createdAtOrBefore` whose last reminder is at or before `remindedAtOrBefore`, marking them
 * reminded at `now` in the same statement (`FOR UPDATE SKIP LOCKED`: parallel runs never claim
 * the same account).
 */
export async function claimDueReminders(
  db: Executor,
  window: {
    now: Date;
    createdAfter: Date;
    createdAtOrBefore: Date;
    remindedAtOrBefore: Date;
    limit: number;
  },
): Promise<DueReminder[]> {
  const result = await db.execute(sql`
    UPDATE users AS u
       SET verification_reminder_at = ${window.now.toISOString()}::timestamptz
      FROM (
        SELECT id, verification_reminder_at AS previous
          FROM users
         WHERE email_verified_at IS NULL
           AND status = 'active'
           AND created_at > ${window.createdAfter.toISOString()}::timestamptz
           AND created_at <= ${window.createdAtOrBefore.toISOString()}::timestamptz
           AND (verification_reminder_at IS NULL
                OR verification_reminder_at <= ${window.remindedAtOrBefore.toISOString()}::timestamptz)
         ORDER BY created_at
         LIMIT ${window.limit}
           FOR UPDATE SKIP LOCKED
      ) AS due
     WHERE u.id = due.id
    RETURNING u.id, u.email, u.first_name, u.created_at, due.previous`);
  return (result as unknown as { rows: DueReminder[] }).rows;
}

/** A reminder that could not be sent is left due again, unless something else changed the row. */
export async function releaseReminderClaim(
  db: Executor,
  reminder: DueReminder,
  claimedAt: Date,
): Promise<void> {
  const previous = reminder.previous === null ? null : new Date(reminder.previous).toISOString();
  await db.execute(sql`
    UPDATE users
       SET verification_reminder_at = ${previous}::timestamptz
     WHERE id = ${reminder.id}
       AND verification_reminder_at = ${claimedAt.toISOString()}::timestamptz`);
}
