import { PAID_PLAN_RUNNING_STATUSES, TRIAL_REMINDER_DAYS, UPGRADE_PLANS } from '@kindred/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * The schedule of "your free trial ends soon" reminders, kept in `users.trial_reminded_at`
 * (the job that sends them is jobs/trial-reminders.ts; this module owns the rows).
 *
 * A reminder is due TRIAL_REMINDER_DAYS (7 and 1) days before the trial's end. The latest
 * reminder point already passed is the one due; it is due while the last reminder went out
 * before that point, so each point is sent once, and a job that was down over the 7-day point
 * sends only the 1-day one.
 */

export interface DueTrialReminder {
  id: string;
  email: string;
  first_name: string;
  trial_end_date: string | Date;
  /** The reminder time before this claim, to put back if the email could not be sent. */
  previous: string | Date | null;
}

/** `interval 'N days'`, from the contracts' constants (never member input). */
const days = (count: number) => sql.raw(`interval '${Math.trunc(count)} days'`);
const REMINDER_DAYS_NEAREST_FIRST = [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b);
const FIRST_REMINDER_DAYS = Math.max(...TRIAL_REMINDER_DAYS);

const sqlValues = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Members on the free trial, as the entitlements' planStateOf reads it: a paid plan counts while
 * it is active or cancelled (to the end of its period); otherwise a member is on the trial unless
 * it was marked expired. Upgraded members are never reminded.
 */
const onFreeTrial = sql`CASE
  WHEN plan IN (${sqlValues(UPGRADE_PLANS)})
    THEN coalesce(subscription_status, '') NOT IN (${sqlValues(PAID_PLAN_RUNNING_STATUSES)})
  ELSE subscription_status IS DISTINCT FROM 'expired'
END`;

/** The latest reminder point at or before `now`, for a trial ending within the window. */
function reminderPointBefore(now: string) {
  const cases = REMINDER_DAYS_NEAREST_FIRST.map(
    (before) =>
      sql`WHEN trial_end_date <= ${now}::timestamptz + ${days(before)} THEN trial_end_date - ${days(before)}`,
  );
  return sql`CASE ${sql.join(cases, sql` `)} END`;
}

/**
 * Claims up to `limit` active, email-verified members on the free trial whose trial ends within
 * the next 7 days and whose current reminder point has not been reminded yet, marking them
 * reminded at `now` in the same statement (`FOR UPDATE SKIP LOCKED`: parallel runs, in this
 * process or another, never claim the same member). Disabled and suspended members are skipped;
 * deleted members have no row.
 */
export async function claimDueTrialReminders(
  db: Executor,
  window: { now: Date; limit: number },
): Promise<DueTrialReminder[]> {
  const now = window.now.toISOString();
  const result = await db.execute(sql`
    UPDATE users AS u
       SET trial_reminded_at = ${now}::timestamptz
      FROM (
        SELECT id, trial_reminded_at AS previous
          FROM users
         WHERE status = 'active'
           AND email_verified_at IS NOT NULL
           AND trial_end_date > ${now}::timestamptz
           AND trial_end_date <= ${now}::timestamptz + ${days(FIRST_REMINDER_DAYS)}
           AND (trial_reminded_at IS NULL OR trial_reminded_at < ${reminderPointBefore(now)})
           AND ${onFreeTrial}
         ORDER BY trial_end_date
         LIMIT ${window.limit}
           FOR UPDATE SKIP LOCKED
      ) AS due
     WHERE u.id = due.id
    RETURNING u.id, u.email, u.first_name, u.trial_end_date, due.previous`);
  return (result as unknown as { rows: DueTrialReminder[] }).rows;
}

/** A reminder that could not be sent is left due again, unless something else changed the row. */
export async function releaseTrialReminderClaim(
  db: Executor,
  reminder: DueTrialReminder,
  claimedAt: Date,
): Promise<void> {
  const previous = reminder.previous === null ? null : new Date(reminder.previous).toISOString();
  await db.execute(sql`
    UPDATE users
       SET trial_reminded_at = ${previous}::timestamptz
     WHERE id = ${reminder.id}
       AND trial_reminded_at = ${claimedAt.toISOString()}::timestamptz`);
}
