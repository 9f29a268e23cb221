import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';

/** A parameter as an SQL literal, so the planner estimates with the value itself. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((item) => `"${String(item)}"`).join(',')}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * A captured statement with its parameters written in, for EXPLAIN (a prepared statement's
 * parameters would hide the values the planner estimates with).
 */
export function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/** The rows an EXPLAIN returns, one plan line each, as one text. */
export function planText(result: unknown): string {
  return (result as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

/** The plan of a captured statement, as text, with the planner's own settings. */
export async function explainStatement(
  db: Executor,
  text: string,
  params: unknown[],
): Promise<string> {
  return planText(await db.execute(sql.raw(`explain ${inlineParams(text, params)}`)));
}

/**
 * The plan of a captured statement as planned for its values (not the generic plan a prepared
 * statement may keep); with `analyze`, as run, with the rows each node read and without costs or
 * timings, which change from run to run.
 */
export async function customPlan(
  db: Executor,
  { text, params }: { text: string; params: unknown[] },
  analyze = false,
): Promise<string> {
  if (!analyze) return explainStatement(db, text, params);
  return planText(
    await db.execute(
      sql.raw(`explain (analyze, costs off, timing off) ${inlineParams(text, params)}`),
    ),
  );
}

/**
 * The plan of a captured statement with sequential scans priced out and every other setting as in
 * production: on a small test database a scan of a few rows is cheapest, so a missing index would
 * not show; with scans priced out the planner still scans when no index can serve the clause.
 */
export async function explainWithoutSeqScans(
  db: Database,
  text: string,
  params: unknown[],
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return explainStatement(tx, text, params);
  });
}
