import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { yieldToIoBeforeEachQuery } from './pglite-turns.js';

/**
 * The embedded engine's queries must leave the event loop its turns (pglite-turns.ts): a server
 * busy with queries still accepts connections and reads requests between them.
 */

let client: PGlite | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** Twenty requests of five queries each; for each query, whether an I/O turn had come first. */
async function queriesAgainstOneTurn(db: PGlite): Promise<boolean[]> {
  await db.query('select 1');
  let turnCame = false;
  setImmediate(() => {
    turnCame = true;
  });
  const requests = Array.from({ length: 20 }, async () => {
    const seen: boolean[] = [];
    for (let query = 0; query < 5; query += 1) {
      await db.query('select count(*) from generate_series(1, 1000)');
      seen.push(turnCame);
    }
    return seen;
  });
  return (await Promise.all(requests)).flat();
}

describe('the embedded database and the event loop', () => {
  // Without the turns nearly every one of the 100 queries ends before the I/O turn comes (PGlite
  // 0.5 here: all of them in most runs), so this fails on a client left as PGlite makes it.
  it('gives the event loop its turn while a burst of queries is still running', async () => {
    client = new PGlite();
    yieldToIoBeforeEachQuery(client);
    const seen = await queriesAgainstOneTurn(client);
    expect(seen.filter((turnCame) => turnCame).length).toBeGreaterThan(seen.length / 2);
    // Transactions and scripts wait their turn too, and still work.
    await client.exec('create table t (n int)');
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
    });
    expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 1 }]);
  });
});
