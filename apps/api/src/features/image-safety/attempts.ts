import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { imageClassificationAttempts as attempts } from '../../db/schema.js';

/**
 * The image backfill job's bookkeeping (`image_classification_attempts`, written only here).
 * Before scoring an image the job claims it: the claim counts an attempt and holds a lease, so a
 * second process skips the image meanwhile and a crash mid-scoring only delays it. A success
 * removes the row; a failure keeps it, and once `IMAGE_CLASSIFICATION_MAX_ATTEMPTS` attempts
 * failed the image is given up — it stays covered, and the row (with the last error) is the
 * record an operator can look at.
 */

export type ClassifiedKind = 'post' | 'message';

export const IMAGE_CLASSIFICATION_MAX_ATTEMPTS = 3;
/** How long a claim holds before another run may try the image again. */
export const IMAGE_CLASSIFICATION_LEASE_MS = 10 * 60 * 1000;

/**
 * SQL condition on an image's row (`itemId` its id column): the job may try it now — never
 * tried, or tried fewer than the maximum times and not within the lease.
 */
export function classificationDueWhere(kind: ClassifiedKind, itemId: AnyPgColumn, now: Date): SQL {
  const leaseStart = new Date(now.getTime() - IMAGE_CLASSIFICATION_LEASE_MS);
  return sql`not exists (
    select 1 from ${attempts}
    where ${attempts.kind} = ${kind}
      and ${attempts.itemId} = ${itemId}
      and (${attempts.attempts} >= ${IMAGE_CLASSIFICATION_MAX_ATTEMPTS}
        or ${attempts.attemptedAt} > ${leaseStart.toISOString()})
  )`;
}

/**
 * Claims an image for one attempt; false when another process holds it, or it is given up.
 * One statement, so two processes never both win.
 */
export async function claimClassification(
  db: Executor,
  kind: ClassifiedKind,
  itemId: string,
  now: Date,
): Promise<boolean> {
  const leaseStart = new Date(now.getTime() - IMAGE_CLASSIFICATION_LEASE_MS);
  const rows = await db
    .insert(attempts)
    .values({ kind, itemId, attempts: 1, attemptedAt: now })
    .onConflictDoUpdate({
      target: [attempts.kind, attempts.itemId],
      set: { attempts: sql`${attempts.attempts} + 1`, attemptedAt: now },
      setWhere: and(
        lt(attempts.attempts, IMAGE_CLASSIFICATION_MAX_ATTEMPTS),
        lte(attempts.attemptedAt, leaseStart),
      ),
    })
    .returning({ attempts: attempts.attempts });
  return rows.length > 0;
}

/** The image was scored (or is gone): nothing to remember. */
export async function clearClassification(
  db: Executor,
  kind: ClassifiedKind,
  itemId: string,
): Promise<void> {
  await db.delete(attempts).where(and(eq(attempts.kind, kind), eq(attempts.itemId, itemId)));
}

/** The attempt failed: its reason is kept; the attempt count already includes it. */
export async function recordClassificationFailure(
  db: Executor,
  kind: ClassifiedKind,
  itemId: string,
  reason: string,
): Promise<{ givenUp: boolean }> {
  const [row] = await db
    .update(attempts)
    .set({ lastError: reason.slice(0, 500) })
    .where(and(eq(attempts.kind, kind), eq(attempts.itemId, itemId)))
    .returning({ attempts: attempts.attempts });
  return { givenUp: (row?.attempts ?? 0) >= IMAGE_CLASSIFICATION_MAX_ATTEMPTS };
}
