import { sql } from 'drizzle-orm';
import { EMAIL_VERIFICATION_DEADLINE_DAYS } from '@kindred/contracts';
import type { AppContext } from '../context.js';
import { verificationReminderEmail } from '../features/auth/index.js';

/**
 * Daily "please verify your email" reminders during the 7 days an account has to verify it.
 *
 * Due accounts are claimed and marked in one statement (`FOR UPDATE SKIP LOCKED`), so several
 * processes running the job at once never remind anyone twice, and since the schedule lives in
 * `users.verification_reminder_at`, a restart loses nothing. The first reminder goes out a day
 * after sign-up (sign-up itself sends the first code); none after the deadline or once verified.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

interface DueAccount {
  id: string;
  email: string;
  first_name: string;
  created_at: string | Date;
  previous: string | Date | null;
}

export async function runVerificationReminders(context: AppContext): Promise<{ sent: number }> {
  const now = context.clock.now();
  const signInUrl = `${context.config.publicUrl}/`;
  let sent = 0;
  for (;;) {
    const batch = await claimDueAccounts(context, now);
    for (const account of batch) {
      const deadline =
        new Date(account.created_at).getTime() + EMAIL_VERIFICATION_DEADLINE_DAYS * DAY_MS;
      const daysLeft = Math.max(1, Math.ceil((deadline - now.getTime()) / DAY_MS));
      try {
        await context.mailer.send({
          to: account.email,
          ...verificationReminderEmail({ firstName: account.first_name, daysLeft, signInUrl }),
        });
        sent += 1;
      } catch (error) {
        context.logger.error(
          { err: error, userId: account.id },
          'verification reminder could not be sent',
        );
        await releaseClaim(context, account, now);
      }
    }
    if (batch.length < BATCH_SIZE) break;
  }
  if (sent > 0) context.logger.info({ sent }, 'verification reminders sent');
  return { sent };
}

async function claimDueAccounts(context: AppContext, now: Date): Promise<DueAccount[]> {
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const deadlineStart = new Date(
    now.getTime() - EMAIL_VERIFICATION_DEADLINE_DAYS * DAY_MS,
  ).toISOString();
  const result = await context.db.execute(sql`
    UPDATE users AS u
       SET verification_reminder_at = ${nowIso}::timestamptz
      FROM (
        SELECT id, verification_reminder_at AS previous
          FROM users
         WHERE email_verified_at IS NULL
           AND status = 'active'
           AND created_at > ${deadlineStart}::timestamptz
           AND created_at <= ${dayAgo}::timestamptz
           AND (verification_reminder_at IS NULL OR verification_reminder_at <= ${dayAgo}::timestamptz)
         ORDER BY created_at
         LIMIT ${BATCH_SIZE}
           FOR UPDATE SKIP LOCKED
      ) AS due
     WHERE u.id = due.id
    RETURNING u.id, u.email, u.first_name, u.created_at, due.previous`);
  return (result as unknown as { rows: DueAccount[] }).rows;
}

/** A reminder that could not be sent is left due again, unless something else changed the row. */
async function releaseClaim(
  context: AppContext,
  account: DueAccount,
  claimedAt: Date,
): Promise<void> {
  const previous = account.previous === null ? null : new Date(account.previous).toISOString();
  await context.db.execute(sql`
    UPDATE users
       SET verification_reminder_at = ${previous}::timestamptz
     WHERE id = ${account.id}
       AND verification_reminder_at = ${claimedAt.toISOString()}::timestamptz`);
}
