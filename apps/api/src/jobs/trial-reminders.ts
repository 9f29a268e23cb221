import { UPGRADE_LINK_PATH } from '@kindred/contracts';
import type { AppContext } from '../context.js';
import { trialEndingEmail } from '../features/subscriptions/index.js';
import { claimDueTrialReminders, releaseTrialReminderClaim } from '../features/users/index.js';

/**
 * "Your free trial ends soon" reminders, 7 days and 1 day before the trial's end (issue 14).
 *
 * Due members are claimed and marked in one statement (`FOR UPDATE SKIP LOCKED`), so several
 * processes running the job at once never remind anyone twice, and since the schedule lives in
 * `users.trial_reminded_at`, a restart loses nothing. Members who upgraded, are disabled or
 * suspended, or deleted their account are never claimed (see users' trial-reminders.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

export async function runTrialReminders(context: AppContext): Promise<{ sent: number }> {
  const now = context.clock.now();
  const upgradeUrl = `${context.config.publicUrl}${UPGRADE_LINK_PATH}`;
  let sent = 0;
  for (;;) {
    const batch = await claimDueTrialReminders(context.db, { now, limit: BATCH_SIZE });
    let failed = false;
    for (const member of batch) {
      const trialEndDate = new Date(member.trial_end_date);
      const daysLeft = Math.max(1, Math.ceil((trialEndDate.getTime() - now.getTime()) / DAY_MS));
      try {
        await context.mailer.send({
          to: member.email,
          ...trialEndingEmail({
            firstName: member.first_name,
            trialEndDate,
            daysLeft,
            upgradeUrl,
          }),
        });
        sent += 1;
      } catch (error) {
        context.logger.error({ err: error, userId: member.id }, 'trial reminder could not be sent');
        await releaseTrialReminderClaim(context.db, member, now);
        failed = true;
      }
    }
    // A failed send is due again: the next hourly run retries it, rather than this one looping.
    if (failed || batch.length < BATCH_SIZE) break;
  }
  if (sent > 0) context.logger.info({ sent }, 'trial reminders sent');
  return { sent };
}
