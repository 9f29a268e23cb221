import type { AppContext } from '../context.js';
import {
  claimDueDigests,
  digestEmail,
  releaseDigestClaim,
  utcDay,
  type DueDigest,
} from '../features/notifications/index.js';

/**
 * The daily notification digest: members who chose `emailDigest: 'daily'` and have unread
 * notifications get one email a day (UTC days) saying how many of each kind wait for them —
 * counts only, never what anyone wrote.
 *
 * Due members are claimed and marked for the day in one statement (`FOR UPDATE SKIP LOCKED`), so
 * several processes running the job at once never send anyone two digests on one day; a mail that
 * fails is released and tried on a later run.
 */

const BATCH_SIZE = 100;

export async function runNotificationDigest(context: AppContext): Promise<{ sent: number }> {
  const day = utcDay(context.clock.now());
  const notificationsUrl = `${context.config.publicUrl}/notifications`;
  const settingsUrl = `${context.config.publicUrl}/settings`;
  let sent = 0;
  for (;;) {
    const batch: DueDigest[] = await claimDueDigests(context.db, { day, limit: BATCH_SIZE });
    for (const digest of batch) {
      // Everything unread may have become invisible since (a block, a deleted post): no mail then.
      if (Object.keys(digest.unreadByType).length === 0) continue;
      try {
        await context.mailer.send({
          to: digest.email,
          ...digestEmail({
            firstName: digest.firstName,
            unreadByType: digest.unreadByType,
            notificationsUrl,
            settingsUrl,
          }),
        });
        sent += 1;
      } catch (error) {
        context.logger.error(
          { err: error, userId: digest.userId },
          'notification digest could not be sent',
        );
        await releaseDigestClaim(context.db, digest, day);
      }
    }
    if (batch.length < BATCH_SIZE) break;
  }
  if (sent > 0) context.logger.info({ sent }, 'notification digests sent');
  return { sent };
}
