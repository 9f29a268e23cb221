import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countMatchingMembersQuery, searchMembersQuery, type SearchPage } from './repo.js';

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
