import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IdSchema } from '@kindred/contracts';

/**
 * Keyset pagination over (created_at, id), newest first — used by every feed and member list.
 * A cursor names the last row of the page the client has; the next page starts strictly after it,
 * so posts arriving meanwhile (all newer) can neither shift nor repeat what follows.
 *
 * The time travels as PostgreSQL's own microsecond text, not a JS Date (milliseconds): a row
 * written with now() must compare exactly equal to its cursor, or rows sharing a millisecond
 * would be skipped or repeated.
 */

export interface Keyset {
  /** UTC, microseconds: `2025-01-31T12:00:00.123456Z`. */
  time: string;
  id: string;
}

const KEYSET_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/**
 * The pattern alone lets through times PostgreSQL refuses with an error (month 13, day 45, year 0):
 * a cursor's time must also be a real instant, the same once read back.
 */
function isRealInstant(time: string): boolean {
  const milliseconds = Date.parse(time);
  if (Number.isNaN(milliseconds) || time.startsWith('0000')) return false;
  return new Date(milliseconds).toISOString().slice(0, 19) === time.slice(0, 19);
}

const CursorSchema = z.tuple([
  z.string().regex(KEYSET_TIME_PATTERN).refine(isRealInstant),
  IdSchema,
]);

/** Selects a timestamptz column as the exact text a cursor carries. */
export function keysetTime(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows strictly after the cursor in (time DESC, id DESC) order (its parts, or placeholders for them
 * in a prepared statement).
 */
export function afterKeyset(
  timeColumn: AnyColumn | SQL,
  idColumn: AnyColumn | SQL,
  keyset: { time: string | Placeholder; id: string | Placeholder },
): SQL {
  return sql`(${timeColumn}, ${idColumn}) < (${keyset.time}::timestamptz, ${keyset.id}::uuid)`;
}

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.time, keyset.id])).toString('base64url');
}

/**
 * The keyset inside a cursor a client sent back; anything we did not issue throws `invalid()`
 * (the caller's error — the database layer knows nothing of HTTP).
 */
export function decodeCursor(cursor: string | undefined, invalid: () => Error): Keyset | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = CursorSchema.safeParse(decoded);
  if (!parsed.success) throw invalid();
  return { time: parsed.data[0], id: parsed.data[1] };
}

/**
 * Queries fetch `limit + 1` rows: the extra one only says whether another page exists.
 * Returns the page and the cursor of its last row (null at the end).
 */
export function toPage<T extends { id: string; keysetTime: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ time: last.keysetTime, id: last.id }) : null,
  };
}

/**
 * A row count written into the statement's text, not sent as a parameter. Under `LIMIT $n`
 * PostgreSQL prices a generic plan as if it returned a tenth of all its rows, so the plan cache
 * never chose it for the feeds and planned each statement anew on every request (issue 18: for
 * People You Follow about 2.5 ms of database CPU a page, more than running it); with the numbers
 * in the text the generic plan costs what the custom ones do, and is kept. Each count is its own
 * statement: keep the counts to a few (a page size and the largest, each plus one).
 */
export function literalRows(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  // drizzle writes an object given to limit() into the statement as SQL.
  return sql.raw(String(rows)) as unknown as Placeholder;
}
