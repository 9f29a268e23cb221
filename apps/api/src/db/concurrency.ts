import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Helpers for writes that race: toggles a member fires twice in a row, a post deleted while
 * someone likes or comments on it.
 */

/**
 * Takes a transaction-scoped lock on a key (e.g. "like:<post>:<member>"), so toggles on the same
 * pair run one after the other: N parallel toggles end in exactly the state N sequential ones
 * would. Unrelated pairs never wait for each other (a hash collision only costs a short wait).
 */
export async function serializeOn(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select ${serializeOnSql(key)}`);
}

/**
 * `serializeOn`'s lock as an SQL value, for a write that takes it in the statement that first
 * looks up its target (one statement fewer). Only rows the statement returns take it, and the
 * statement read with its snapshot from before the wait: what must see the previous holder's
 * writes goes in a later statement.
 */
export function serializeOnSql(key: string): SQL<unknown> {
  return sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/** True for PostgreSQL's foreign_key_violation, however the driver wrapped it. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23503';
}

function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
