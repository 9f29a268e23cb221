/**
 * Member search at scale: seeds N members (default 100 000) and prints EXPLAIN ANALYZE of the
 * search page and count queries, and their timings for a range of prefixes. It prints figures;
 * it is not a test.
 *
 *   cd apps/api && npx tsx ../../scripts/search-explain.ts              # in-memory PGlite
 *   cd apps/api && DATABASE_URL=postgres://… npx tsx ../../scripts/search-explain.ts --rows 100000
 *
 * Point DATABASE_URL at a scratch database: the app's migrations are applied to it if missing.
 * The members are seeded inside one transaction that is rolled back at the end, so no row stays.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema.js';
import { nameSearchColumns } from '../apps/api/src/features/users/names.js';
import {
  countMatchingMembers,
  searchMembersQuery,
  type Executor,
} from '../apps/api/src/features/users/repo.js';
import { analyzeUsers, explainSearch } from '../apps/api/src/features/users/search-diagnostics.js';
import { FIRST_NAMES, LAST_NAMES } from './seed-names.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '25' },
  },
});
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);

/** A small deterministic generator, so runs are comparable. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function seed(db: Executor, count: number) {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      // Some double-barrelled last names, so "first last" prefixes vary too.
      const lastName = next() < 0.1 ? `${pick(LAST_NAMES)}-${pick(LAST_NAMES)}` : pick(LAST_NAMES);
      const firstName = pick(FIRST_NAMES);
      rows.push({
        email: `bench-${index}@bench.invalid`,
        username: `bench-${index}@bench.invalid`,
        passwordHash: 'not-a-hash',
        firstName,
        lastName,
        ...nameSearchColumns(firstName, lastName),
        status: next() < 0.02 ? ('disabled' as const) : ('active' as const),
        // Verified, as every member search can find; a third on a plan with priority in search.
        emailVerifiedAt: new Date(),
        ...(next() < 0.33
          ? { plan: 'professional' as const, subscriptionStatus: 'active' as const }
          : {}),
      });
    }
    await db.insert(users).values(rows);
  }
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function time(runs: number, work: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

class Rollback extends Error {}

async function main() {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url });
  await database.migrate();
  console.log(`Engine: ${database.engine}; seeding ${ROWS.toLocaleString('en')} members…`);

  try {
    await database.db.transaction(async (tx) => {
      const seeded = performance.now();
      await seed(tx, ROWS);
      await analyzeUsers(tx);
      console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`);

      const searcherId = randomUUID();
      const page = { searcherId, limit: 10, offset: 0 };

      for (const query of ['m', 'mar', 'maria gar', 'zoe']) {
        console.log(`=== EXPLAIN ANALYZE — page query, searchText=${JSON.stringify(query)} ===`);
        console.log(await explainSearch(tx, { ...page, query }, { analyze: true }));
        console.log(`\n=== EXPLAIN ANALYZE — count query, searchText=${JSON.stringify(query)} ===`);
        console.log(await explainSearch(tx, { ...page, query }, { analyze: true, count: true }));
        console.log();
      }

      console.log(`=== Timings over ${RUNS} runs (ms; page of 10 + total count) ===`);
      console.log(
        'query'.padEnd(14),
        'matches'.padStart(8),
        'page p50'.padStart(9),
        'page p95'.padStart(9),
        'count p50'.padStart(10),
        'count p95'.padStart(10),
      );
      for (const query of [
        'a',
        'm',
        'ma',
        'mar',
        'mari',
        'maria',
        'maria g',
        'maria gar',
        'garc',
        'zo',
        'ø',
        'q',
      ]) {
        const { totalCount: matches } = await countMatchingMembers(tx, query, searcherId);
        const pageTime = await time(RUNS, () => searchMembersQuery(tx, { ...page, query }));
        const countTime = await time(RUNS, () => countMatchingMembers(tx, query, searcherId));
        console.log(
          JSON.stringify(query).padEnd(14),
          String(matches).padStart(8),
          pageTime.median.toFixed(2).padStart(9),
          pageTime.p95.toFixed(2).padStart(9),
          countTime.median.toFixed(2).padStart(10),
          countTime.p95.toFixed(2).padStart(10),
        );
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    await database.close();
  }
  console.log('\nDone; the seeded rows were rolled back.');
}

await main();
