import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { photoVerifications, users } from '../../db/schema.js';

export type PhotoVerificationRow = typeof photoVerifications.$inferSelect;

export async function insertChallenge(
  db: Executor,
  values: Pick<PhotoVerificationRow, 'userId' | 'pose' | 'expiresAt'>,
): Promise<PhotoVerificationRow> {
  const [row] = await db.insert(photoVerifications).values(values).returning();
  return row!;
}

/**
 * Takes a challenge for one answer: only the member's own, not answered yet, not expired. Two
 * uploads racing for one challenge meet on the row: one gets it, the other nothing.
 */
export async function claimChallenge(
  db: Executor,
  memberId: string,
  id: string,
  now: Date,
): Promise<PhotoVerificationRow | undefined> {
  const [row] = await db
    .update(photoVerifications)
    .set({ submittedAt: now })
    .where(
      and(
        eq(photoVerifications.id, id),
        eq(photoVerifications.userId, memberId),
        eq(photoVerifications.status, 'challenged'),
        isNull(photoVerifications.submittedAt),
        gt(photoVerifications.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findOwnAttempt(
  db: Executor,
  memberId: string,
  id: string,
): Promise<PhotoVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(photoVerifications)
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.userId, memberId)));
  return row;
}

export async function findInReview(
  db: Executor,
  memberId: string,
): Promise<PhotoVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(photoVerifications)
    .where(and(eq(photoVerifications.userId, memberId), eq(photoVerifications.status, 'in-review')))
    .orderBy(desc(photoVerifications.createdAt))
    .limit(1);
  return row;
}

export async function saveOutcome(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      PhotoVerificationRow,
      | 'status'
      | 'similarity'
      | 'poseMatched'
      | 'selfieKey'
      | 'selfieFace'
      | 'decidedAt'
      | 'decidedBy'
    >
  >,
): Promise<void> {
  await db.update(photoVerifications).set(values).where(eq(photoVerifications.id, id));
}

/** The selfies waiting for a moderator, oldest first, with the member's names. */
export async function listInReview(db: Executor, limit: number) {
  return db
    .select({
      attempt: photoVerifications,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(photoVerifications)
    .innerJoin(users, eq(users.id, photoVerifications.userId))
    .where(eq(photoVerifications.status, 'in-review'))
    .orderBy(asc(photoVerifications.submittedAt))
    .limit(limit);
}

/** Takes an in-review attempt for a decision (the row lock serialises two moderators). */
export async function lockInReview(
  db: Executor,
  id: string,
): Promise<PhotoVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(photoVerifications)
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'in-review')))
    .for('update');
  return row;
}
