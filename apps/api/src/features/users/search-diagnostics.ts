import { randomBytes } from 'node:crypto';
import { Placeholder, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  countMatchingMembersQuery,
  preparedSearch,
  searchMembersQuery,
  searchStatementValues,
  type SearchPage,
} from './repo.js';

/**
 * Query plans of the member search, for the index test and scripts/search-explain.ts. Not used
 * by the running API.
 */

export interface ExplainOptions {
  /** EXPLAIN ANALYZE: runs the query and reports real timings. */
  analyze?: boolean;
  /** false: rule out sequential scans, to show whether an index *can* serve the query. */
  seqscan?: boolean;
  /** Explain the count query instead of the page query. */
  count?: boolean;
}

/** The plan of the search query, as PostgreSQL prints it. Runs in its own transaction. */
export async function explainSearch(
  db: Executor,
  page: SearchPage,
  options: ExplainOptions = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    if (options.seqscan === false) await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const query = options.count
      ? countMatchingMembersQuery(tx, page.query, page.searcherId)
      : searchMembersQuery(tx, page);
    const explain = options.analyze ? sql`EXPLAIN (ANALYZE, BUFFERS)` : sql`EXPLAIN`;
    const result = await tx.execute(sql`${explain} ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
}

/** Refreshes the planner's statistics after bulk-loading members. */
export async function analyzeUsers(db: Executor): Promise<void> {
  await db.execute(sql`ANALYZE users`);
}

/**
 * The plan PostgreSQL keeps for the named search statement (`preparedSearch`): the generic plan,
 * made without the prefix, which every search of that connection then runs. Runs in its own
 * transaction (one connection), with sequential scans ruled out when `seqscan` is false.
 */
export async function explainPlannedSearch(
  db: Database,
  page: SearchPage,
  options: Pick<ExplainOptions, 'seqscan'> = {},
): Promise<string> {
  const { sql: text, params } = preparedSearch(db, page.mentionable ?? false).getQuery();
  const values: Record<string, unknown> = searchStatementValues(page);
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  const args = params.map((param) =>
    literal(param instanceof Placeholder ? values[param.name] : param),
  );
  // PREPARE outlives a rolled-back transaction: a name of its own keeps a failed call from
  // blocking the next.
  const name = `planned_search_${randomBytes(6).toString('hex')}`;
  return db.transaction(async (tx) => {
    if (options.seqscan === false) await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`PREPARE ${name} AS ${text}`));
    const result = await tx.execute(sql.raw(`EXPLAIN EXECUTE ${name}(${args.join(', ')})`));
    await tx.execute(sql.raw(`DEALLOCATE ${name}`));
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
}
