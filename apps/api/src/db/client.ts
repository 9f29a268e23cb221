import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { failFastWhileUnreachable, markDatabaseError } from './availability.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { PgliteThread, type EmbeddedClient } from './pglite-thread.js';
import * as schema from './schema.js';

/** The database of a handle, one type for both engines: every query in the app is written against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction on the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * "A database or a transaction" — the one name for it. Repo functions take an `Executor`, so
 * they run on their own or inside a caller's transaction alike.
 */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The node-postgres pool when running on a PostgreSQL server (for libraries that need one). */
  pool: pg.Pool | undefined;
  /**
   * The embedded engine when running on PGlite (tests copy its data directory with dumpDataDir):
   * on this thread, or on a thread of its own (`pgliteThread`).
   */
  pglite: EmbeddedClient | undefined;
  /**
   * Apply every pending SQL migration; resolves with the names of those it applied (empty when
   * the schema was up to date). Safe to call from several processes at once.
   */
  migrate(): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Observe every SQL statement the app sends (used by tests that count statements). */
  onQuery(listener: QueryListener): () => void;
}

export type QueryListener = (query: string, params: unknown[]) => void;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when unset the embedded PGlite engine is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `undefined` (with no url) means an in-memory database. */
  pgliteDir?: string | undefined;
  /** A PGlite data directory image (from `dumpDataDir`) to start from instead of an empty one. */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
  /**
   * Run PGlite on a worker thread of its own (pglite-thread.ts): the server does, so the database
   * and the HTTP work use two cores.
   */
  pgliteThread?: boolean | undefined;
}

export const migrationsFolder = findMigrationsFolder();

// Any constant will do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_140_221;

/** How long a request waits for a new connection to the PostgreSQL server before it fails. */
export const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Settings of every connection the app opens on a PostgreSQL server (issue 18, see
 * docs/architecture.md "Performance"). The app's statements are short index reads whose cost
 * estimates can still pass jit_above_cost (the comments query, a feed walk under a LIMIT): JIT then
 * compiles for 12–40 ms to save less than 1 ms, on every request. Parallel workers for one request
 * take cores from the other requests on a small server and add start-up cost to reads of a few
 * milliseconds. An `options` parameter in DATABASE_URL replaces these.
 */
export const APP_SESSION_SETTINGS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * Settings of the embedded PostgreSQL (issue 18, see docs/architecture.md "Embedded database").
 * PGlite runs the server inside this process's WebAssembly memory, which never shrinks: every
 * buffer it touches stays in the process's resident memory. Its defaults are a server's —
 * 128 MB of shared buffers, allocated and touched at start, were a third of an idle process —
 * while the files it reads stay in the operating system's page cache, outside the process, when
 * shared buffers are small. 32 MB holds the hot pages of a small community (members, the newest
 * posts, their likes and comments) and costs nothing measurable in feed latency; maintenance work
 * (index builds in migrations, vacuum) is capped so one migration does not leave 64 MB behind.
 */
export const PGLITE_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const listeners = new Set<QueryListener>();
  const logger: DrizzleLogger = {
    logQuery(query, params) {
      for (const listener of listeners) listener(query, params);
    },
  };
  const onQuery = (listener: QueryListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: APP_SESSION_SETTINGS,
      // While the server is unreachable a request waits this long for a connection, then fails
      // (503, see http/errors.ts) instead of hanging; keep-alive notices a silently dead network.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client losing its connection must not take the process down; the pool replaces it.
    pool.on('error', markDatabaseError);
    // Nor one checked out (a transaction) when the server goes: its query fails with the error
    // (marked as the database's, so the request answers 503), and the client, no longer
    // queryable, is discarded on release.
    pool.on('connect', (client) => client.on('error', markDatabaseError));
    failFastWhileUnreachable(pool);
    const db = drizzleNodePg(pool, { schema, logger });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      pool,
      pglite: undefined,
      async migrate() {
        const client = await pool.connect();
        try {
          // Several app processes may start together: only one migrates at a time.
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          const pending = await pendingMigrations((text) => client.query(text));
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
          return pending;
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
      onQuery,
    };
  }

  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    lock = acquireDataDirLock(options.pgliteDir);
  }
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => [
      '-c',
      `${name}=${value}`,
    ]),
  ];
  const client = options.pgliteThread
    ? new PgliteThread({
        dataDir: options.pgliteDir,
        image: await options.pgliteImage?.arrayBuffer(),
        startParams,
      })
    : new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.pgliteImage, startParams });
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
  // drizzle calls query, exec and transaction only, which both clients answer alike.
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    pool: undefined,
    pglite: client,
    async migrate() {
      const pending = await pendingMigrations((text) => client.query(text));
      await migratePglite(db, { migrationsFolder });
      return pending;
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    onQuery,
  };
}

/**
 * The migrations drizzle's migrator is about to apply: those newer than the last one recorded in
 * drizzle.__drizzle_migrations (the rule it uses itself). Readiness asks it too (a process of an
 * older version sees a newer schema as up to date; one of a newer version sees what is missing).
 */
export async function pendingMigrations(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<string[]> {
  let last = -Infinity;
  try {
    const { rows } = await query(
      'SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations',
    );
    const value = (rows[0] as { last: unknown } | undefined)?.last;
    if (value !== null && value !== undefined) last = Number(value);
  } catch {
    // No migrations table yet: a new database, every migration is pending.
  }
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

function findMigrationsFolder(): string {
  // Works from src/db (tsx, vitest) and from the bundled dist/ alike.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('SQL migrations folder (drizzle/) not found');
    dir = parent;
  }
}
