import { EMAIL_VERIFICATION_DEADLINE_DAYS } from '@kindred/contracts';
import type { AppContext } from '../context.js';
import { verificationReminderEmail } from '../features/auth/index.js';
import {
  claimDueReminders,
  releaseReminderClaim,
  removeUnverifiedAccountsCreatedBy,
  type DueReminder,
} from '../features/users/index.js';

/**
 * Daily "please verify your email" reminders during the 7 days an account has to verify it.
 *
 * Due accounts are claimed and marked in one statement (`FOR UPDATE SKIP LOCKED`), so several
 * processes running the job at once never remind anyone twice, and since the schedule lives in
 * `users.verification_reminder_at`, a restart loses nothing. The first reminder goes out a day
 * after sign-up (sign-up itself sends the first code); none after the deadline or once verified.
 * Each run first removes the accounts whose 7 days passed unverified, with their data: such an
 * account may be a stranger's sign-up with someone else's address, and must not linger.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

export async function runVerificationReminders(
  context: AppContext,
): Promise<{ sent: number; removed: number }> {
  const now = context.clock.now();
  const removed = await removeUnverifiedAccountsCreatedBy(
    context.db,
    new Date(now.getTime() - EMAIL_VERIFICATION_DEADLINE_DAYS * DAY_MS),
  );
  if (removed > 0)
    context.logger.info({ removed }, 'unverified accounts past the deadline removed');
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
        await releaseReminderClaim(context.db, account, now);
      }
    }
    if (batch.length < BATCH_SIZE) break;
  }
  if (sent > 0) context.logger.info({ sent }, 'verification reminders sent');
  return { sent, removed };
}

function claimDueAccounts(context: AppContext, now: Date): Promise<DueReminder[]> {
  return claimDueReminders(context.db, {
    now,
    createdAfter: new Date(now.getTime() - EMAIL_VERIFICATION_DEADLINE_DAYS * DAY_MS),
    createdAtOrBefore: new Date(now.getTime() - DAY_MS),
    remindedAtOrBefore: new Date(now.getTime() - DAY_MS),
    limit: BATCH_SIZE,
  });
}
