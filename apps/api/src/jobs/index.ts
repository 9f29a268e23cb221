import type { AppContext } from '../context.js';
import { endCancelledPlans } from '../features/billing/index.js';
import { deleteExpiredPassesAndVisits } from '../features/matches/index.js';
import { deleteTimelineRowsPastTheirDays } from '../features/posts/index.js';
import { runImageClassificationBackfill } from './image-classification-backfill.js';
import { runNotificationDigest } from './notification-digest.js';
import { runTrialReminders } from './trial-reminders.js';
import { runVerificationReminders } from './verification-reminders.js';

export interface RunningJobs {
  /** Clears every timer at once; resolves when the runs already under way have finished. */
  stop(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;
/** First run shortly after start, so a deploy or restart does not delay due work by an hour. */
const FIRST_RUN_DELAY_MS = 30 * 1000;

export interface JobOptions {
  /** Delay before each job's first run (tests shorten it). */
  firstRunDelayMs?: number;
}

/**
 * Starts the scheduled background jobs of this process. Every job is safe to run in several
 * processes at once (it claims its work in the database), so each process simply runs them all.
 */
export function startJobs(context: AppContext, options: JobOptions = {}): RunningJobs {
  const firstRunDelayMs = options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS;
  const timers: NodeJS.Timeout[] = [];
  const runs = new Set<Promise<void>>();
  let stopped = false;
  const schedule = (name: string, everyMs: number, run: () => Promise<unknown>) => {
    let running = false;
    const tick = () => {
      if (running || stopped) return;
      running = true;
      const current = run()
        .then(
          () => context.metrics.jobRuns.inc({ job: name, outcome: 'succeeded' }),
          (error: unknown) => {
            context.metrics.jobRuns.inc({ job: name, outcome: 'failed' });
            context.logger.error({ err: error, job: name }, 'scheduled job failed');
          },
        )
        .finally(() => {
          running = false;
          runs.delete(current);
        });
      runs.add(current);
    };
    const first = setTimeout(tick, Math.min(firstRunDelayMs, everyMs));
    const interval = setInterval(tick, everyMs);
    first.unref();
    interval.unref();
    timers.push(first, interval);
  };

  schedule('verification-reminders', HOUR_MS, () => runVerificationReminders(context));
  // Often, so a cancelled plan ends close to its period end (the billing view also ends it on read).
  schedule('cancelled-plan-ends', 5 * 60 * 1000, () => endCancelledPlans(context));
  // Hourly: a member is claimed once per UTC day, so the digest goes out early in each day.
  schedule('notification-digest', HOUR_MS, () => runNotificationDigest(context));
  schedule('trial-reminders', HOUR_MS, () => runTrialReminders(context));
  // Images left unscored (stored before classification, or its run after the upload failed).
  schedule('image-classification-backfill', 5 * 60 * 1000, () =>
    runImageClassificationBackfill(context),
  );

  // Passes older than 30 days hide no one; visits are kept 90 days (features/matches).
  schedule('pass-and-visit-retention', HOUR_MS, async () => {
    const deleted = await deleteExpiredPassesAndVisits(context);
    if (deleted.passes + deleted.visits > 0) {
      context.logger.info(deleted, 'expired passes and visits deleted');
    }
  });

  // People You Follow's timeline rows of posts past its days are never read (features/posts).
  schedule('timeline-retention', 6 * HOUR_MS, async () => {
    const deleted = await deleteTimelineRowsPastTheirDays(context);
    if (deleted > 0) context.logger.info({ deleted }, 'timeline rows past their days deleted');
  });

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(runs);
    },
  };
}
