import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * A captured statement with its parameters written in, for EXPLAIN (a prepared statement's
 * parameters would hide the values the planner estimates with).
 */
export function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** The plan of a captured statement, as text, with the planner's own settings. */
export async function explainStatement(
  db: Executor,
  text: string,
  params: unknown[],
): Promise<string> {
  const result = await db.execute(sql.raw(`explain ${inlineParams(text, params)}`));
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}
