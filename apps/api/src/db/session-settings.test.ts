import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { DatabaseHandle } from './client.js';

/**
 * Every connection of the app's pool runs without JIT and without parallel workers (issue 18: JIT
 * compiled for 12–14 ms on every comments request to save under 1 ms). PGlite has neither.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function setting(name: 'jit' | 'max_parallel_workers_per_gather'): Promise<string> {
  const result = await database.db.execute(sql.raw(`show ${name}`));
  const [row] = (result as unknown as { rows: Record<string, string>[] }).rows;
  return Object.values(row!)[0]!;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('app connections on PostgreSQL', () => {
  it('have JIT off and no parallel workers, on every pooled connection', async () => {
    // More at once than one connection: each of them must carry the settings.
    const settings = await Promise.all(
      Array.from({ length: 5 }, async () => [
        await setting('jit'),
        await setting('max_parallel_workers_per_gather'),
      ]),
    );
    for (const [jit, workers] of settings) {
      expect(jit).toBe('off');
      expect(workers).toBe('0');
    }
  });
});
