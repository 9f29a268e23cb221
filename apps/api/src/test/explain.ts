import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '../db/client.js';

/** A statement the app sent, with its parameters. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
}

/** Runs `work` and returns what it resolved to, with every statement the app sent meanwhile. */
export async function captureStatements<T>(
  database: Pick<DatabaseHandle, 'onQuery'>,
  work: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  const statements: CapturedStatement[] = [];
  const stop = database.onQuery((text, params) => statements.push({ text, params }));
  try {
    return { result: await work(), statements };
  } finally {
    stop();
  }
}

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
  { text, params }: CapturedStatement,
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
 * The generic plan of a captured statement: the one PostgreSQL may keep for a named prepared
 * statement whatever its values (prepared on one connection and explained with
 * plan_cache_mode = force_generic_plan); with `analyze`, as run for these values.
 */
export async function genericPlan(
  db: Database,
  { text, params }: CapturedStatement,
  analyze = false,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan_test as ${text}`));
    try {
      const values = params.map((_, n) => `$${n + 1}`).join(', ');
      const how = analyze ? 'explain (analyze, costs off, timing off)' : 'explain';
      return planText(
        await tx.execute(
          sql.raw(`${how} execute generic_plan_test(${inlineParams(values, params)})`),
        ),
      );
    } finally {
      await tx.execute(sql`deallocate generic_plan_test`);
    }
  });
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

/**
 * How PostgreSQL planned a captured statement prepared on one connection and run `runs` times with
 * its values: it plans the first five executions for their values, then keeps its generic plan
 * unless that is estimated dearer than those plans, in which case it plans every execution anew.
 */
export async function planChoices(
  db: Database,
  { text, params }: CapturedStatement,
  runs: number,
): Promise<{ custom: number; generic: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare plan_choices_probe as ${text}`));
    try {
      const values = params.map(literal).join(', ');
      for (let run = 0; run < runs; run += 1) {
        await tx.execute(sql.raw(`execute plan_choices_probe(${values})`));
      }
      const result = await tx.execute(
        sql.raw(`select generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where name = 'plan_choices_probe'`),
      );
      return (result as unknown as { rows: { generic: number; custom: number }[] }).rows[0]!;
    } finally {
      await tx.execute(sql.raw('deallocate plan_choices_probe'));
    }
  });
}
