import type { AppContext } from '../context.js';
import {
  claimClassification,
  clearClassification,
  recordClassificationFailure,
  type ClassifiedKind,
} from '../features/image-safety/index.js';
import {
  messageImageUnscored,
  scoreMessageImage,
  unscoredMessageImages,
} from '../features/messages/index.js';
import { postImageUnscored, scorePostImage, unscoredPostImages } from '../features/posts/index.js';

/**
 * Scores the post and message images that have no score (issue 17): those stored before images
 * were classified, and those whose classification after the upload could not run (a full queue,
 * a restart). Until scored they are covered for everyone but their author.
 *
 * Small batches, at most `CONCURRENCY` images at once, so the classifier's queue keeps room for
 * uploads. The work lives in the database — an image is unscored until its score is written — so
 * a restart picks up where the last run stopped. Each image is claimed before it is scored
 * (features/image-safety/attempts.ts): processes running the job at once never score the same
 * image together, and an image that fails is retried on later runs, then given up after a few
 * attempts (it stays covered; the attempt row keeps the last error), so one bad file never blocks
 * the others or loops forever.
 */

export const BACKFILL_BATCH_SIZE = 20;
const CONCURRENCY = 2;
/** An upload's own classification gets this long before the job steps in. */
export const BACKFILL_GRACE_MS = 5 * 60 * 1000;

export interface BackfillOutcome {
  scored: number;
  failed: number;
}

interface Candidate {
  id: string;
  /** Still unscored: another run may have scored it between the look-up and the claim. */
  pending(): Promise<boolean>;
  /** Whether a score was stored (false: the row or its file is gone). */
  score(): Promise<boolean>;
}

type Source = (now: Date, createdBefore: Date) => Promise<Candidate[]>;

export async function runImageClassificationBackfill(
  context: AppContext,
): Promise<BackfillOutcome> {
  const sources: Record<ClassifiedKind, Source> = {
    post: async (now, createdBefore) =>
      (
        await unscoredPostImages(context.db, { now, createdBefore, limit: BACKFILL_BATCH_SIZE })
      ).map(({ id, mediaKey }) => ({
        id,
        pending: () => postImageUnscored(context.db, id),
        score: () => scorePostImage(context, id, mediaKey),
      })),
    message: async (now, createdBefore) =>
      (
        await unscoredMessageImages(context.db, { now, createdBefore, limit: BACKFILL_BATCH_SIZE })
      ).map(({ id }) => ({
        id,
        pending: () => messageImageUnscored(context.db, id),
        score: () => scoreMessageImage(context, id),
      })),
  };
  const outcome: BackfillOutcome = { scored: 0, failed: 0 };
  for (const [kind, source] of Object.entries(sources) as [ClassifiedKind, Source][]) {
    for (;;) {
      const now = context.clock.now();
      const batch = await source(now, new Date(now.getTime() - BACKFILL_GRACE_MS));
      await inParallel(batch, CONCURRENCY, (candidate) =>
        scoreOne(context, kind, candidate, now, outcome),
      );
      // Every image of the batch is now scored or claimed (skipped until its lease ends).
      if (batch.length < BACKFILL_BATCH_SIZE) break;
    }
  }
  if (outcome.scored > 0 || outcome.failed > 0) {
    context.logger.info({ ...outcome }, 'image classification backfill');
  }
  return outcome;
}

async function scoreOne(
  context: AppContext,
  kind: ClassifiedKind,
  candidate: Candidate,
  now: Date,
  outcome: BackfillOutcome,
): Promise<void> {
  if (!(await claimClassification(context.db, kind, candidate.id, now))) return;
  if (!(await candidate.pending())) {
    await clearClassification(context.db, kind, candidate.id);
    return;
  }
  try {
    // A row or file gone since the look-up counts as a failure, so it is not picked up forever.
    if (!(await candidate.score())) throw new Error('the image is no longer there');
  } catch (error) {
    outcome.failed += 1;
    const reason = error instanceof Error ? error.message : String(error);
    const { givenUp } = await recordClassificationFailure(context.db, kind, candidate.id, reason);
    context.logger.warn(
      { kind, id: candidate.id, reason, givenUp },
      givenUp ? 'an image could not be classified: given up' : 'an image could not be classified',
    );
    return;
  }
  outcome.scored += 1;
  await clearClassification(context.db, kind, candidate.id);
}

async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
