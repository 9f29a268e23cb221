import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { timelineEntries } from '../../db/schema.js';

const BATCH_SIZE = 5_000;

/**
 * Deletes the timeline rows of posts older than the timeline's days (`timeline_since()`): the
 * feed never reads them (pages that far back are read from the posts), so they are only space.
 * In batches, each a short statement of its own; `SKIP LOCKED` lets several processes run it at
 * once. Returns how many went.
 */
export async function deleteTimelineRowsPastTheirDays(
  context: Pick<AppContext, 'db'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await context.db
      .delete(timelineEntries)
      .where(
        sql`ctid in (select ctid from ${timelineEntries} where ${timelineEntries.createdAt} < timeline_since() limit ${BATCH_SIZE} for update skip locked)`,
      )
      .returning({ one: sql<number>`1` });
    const count = deleted.length;
    total += count;
    if (count < BATCH_SIZE) return total;
  }
}
