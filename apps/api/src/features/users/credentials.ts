import { and, eq, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';
import type { AccountRow } from './accounts.js';
import type { Executor } from './repo.js';

/**
 * Account settings' writes to the member row that sign-in does not make (the new password is
 * `savePasswordHash` in accounts.ts, shared with password reset).
 */
/**
 * A new email address, confirmed by a code sent to it (so it counts as verified from now on).
 * 'email-taken' when another account has it — checked in the statement, and by the unique index
 * when two accounts claim the address at once.
 */
export async function saveEmail(
  db: Executor,
  userId: string,
  email: string,
  now: Date,
): Promise<AccountRow | 'email-taken' | undefined> {
  const holder = alias(users, 'holder');
  try {
    const [row] = await db
      .update(users)
      .set({ email, emailVerifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          notExists(
            db
              .select({ id: holder.id })
              .from(holder)
              .where(and(eq(holder.email, email), ne(holder.id, userId))),
          ),
        ),
      )
      .returning();
    if (row) return row;
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
  const [current] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return current ? 'email-taken' : undefined;
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite report it (possibly wrapped). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
