import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Waits until a connection of this database waits for a lock (PostgreSQL server only): the second
 * of two overlapping transactions has reached the row the first one holds. Gives up after 2 s, so
 * a test whose second transaction does not wait goes on and fails on what it finds.
 */
export async function untilAnotherWaitsForALock(db: Executor): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
