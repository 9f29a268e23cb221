import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { matches, profilePasses } from '../../db/schema.js';

/**
 * Facts about a pair of members that other features ask: are they matched, did either pass the
 * other. SQL fragments take a column (or an id) so a list filters in the database, and a
 * placeholder where a caller prepares its statement once (`sql.placeholder`).
 */

type IdOrPlaceholder = string | Placeholder;

/** A pair as stored in `matches`: the smaller id first (uuids compare as PostgreSQL does). */
export function orderedPair(a: string, b: string): { memberLow: string; memberHigh: string } {
  return a.toLowerCase() < b.toLowerCase()
    ? { memberLow: a, memberHigh: b }
    : { memberLow: b, memberHigh: a };
}

/** Whether the two members are matched (messages: matches always may write to each other). */
export async function areMatched(db: Executor, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const { memberLow, memberHigh } = orderedPair(a, b);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(matches)
    .where(and(eq(matches.memberLow, memberLow), eq(matches.memberHigh, memberHigh)));
  return row !== undefined;
}

/**
 * SQL condition: the member whose id is in `memberIdColumn` is matched with `viewerId`. Two
 * primary-key lookups (one per order), as the pair is stored ordered.
 */
export function matchedWithWhere(viewerId: IdOrPlaceholder, memberIdColumn: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${matches} where (${matches.memberLow} = ${viewerId}::uuid and ${matches.memberHigh} = ${memberIdColumn}) or (${matches.memberLow} = ${memberIdColumn} and ${matches.memberHigh} = ${viewerId}::uuid))`;
}

/**
 * SQL condition for Discover: neither `viewerId` nor the member in `memberIdColumn` passed the
 * other since `since`. Two anti-joins on the primary key (passer, passed), one per direction.
 */
export function notPassedEitherWay(
  viewerId: IdOrPlaceholder,
  memberIdColumn: AnyColumn | SQL,
  since: Date | Placeholder,
): SQL {
  const sinceText = since instanceof Date ? since.toISOString() : since;
  return sql`not exists (select 1 from ${profilePasses} where ${profilePasses.passerId} = ${viewerId}::uuid and ${profilePasses.passedId} = ${memberIdColumn} and ${profilePasses.createdAt} >= ${sinceText}::timestamptz) and not exists (select 1 from ${profilePasses} where ${profilePasses.passerId} = ${memberIdColumn} and ${profilePasses.passedId} = ${viewerId}::uuid and ${profilePasses.createdAt} >= ${sinceText}::timestamptz)`;
}
