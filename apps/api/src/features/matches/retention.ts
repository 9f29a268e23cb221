import { DISCOVER_LIMITS } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { deleteBatchMadeBefore } from './repo.js';

/**
 * How long passes and visits are kept. A pass hides the pair from each other's Discover for
 * `passHiddenDays` and means nothing after, so it goes then; a visit stays in the visitors list
 * for `VISITS_KEPT_DAYS`.
 */
export const VISITS_KEPT_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 5_000;

/**
 * Deletes the passes and visits past their time, in batches (each a short transaction of its
 * own), and returns how many went. Safe in several processes at once: each batch claims its rows
 * with `SKIP LOCKED`, so no row is deleted twice and no process waits for another.
 */
export async function deleteExpiredPassesAndVisits(
  context: Pick<AppContext, 'db' | 'clock'>,
): Promise<{ passes: number; visits: number }> {
  const now = context.clock.now().getTime();
  const passesBefore = new Date(now - DISCOVER_LIMITS.passHiddenDays * DAY_MS);
  const visitsBefore = new Date(now - VISITS_KEPT_DAYS * DAY_MS);
  return {
    passes: await deleteAllMadeBefore(context, 'passes', passesBefore),
    visits: await deleteAllMadeBefore(context, 'visits', visitsBefore),
  };
}

async function deleteAllMadeBefore(
  context: Pick<AppContext, 'db'>,
  kind: 'passes' | 'visits',
  before: Date,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatchMadeBefore(context.db, kind, before, BATCH_SIZE);
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}
