import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

/** The migrated database every test file starts from, made once per run by global-setup.ts. */
export type TestDatabaseTemplate =
  { engine: 'pglite'; imageFile: string } | { engine: 'postgres'; name: string };

export const testTmpDir = os.tmpdir();
export const pgliteTemplatePrefix = 'kindred-test-template-';

/**
 * A database of its own for one test file, already migrated: an in-memory PGlite loaded from the
 * run's migrated image by default, or a copy of the run's template database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped afterwards), so tests never share data.
 * `{ empty: true }` gives one with no schema at all, for testing the migrations themselves.
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<DatabaseHandle> {
  const template = options.empty ? undefined : inject('testDatabaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.engine === 'pglite') {
      return openDatabase({ pgliteImage: new Blob([readFileSync(template.imageFile)]) });
    }
    return openDatabase({});
  }

  const name = serverDatabaseName('test');
  await adminQuery(
    serverUrl,
    template?.engine === 'postgres'
      ? `CREATE DATABASE "${name}" TEMPLATE "${template.name}"`
      : `CREATE DATABASE "${name}"`,
  );
  const database = await openDatabase({ url: withDatabaseName(serverUrl, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

// Databases this machine's test runs create on the server are named
// kindred_<kind>_<host>_<pid>_<random>, so a later run can tell which ones a killed run left.
const hostTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const serverDatabasePattern = /^kindred_(?:test|template)_([0-9a-f]{6})_(\d+)_[0-9a-f]+$/;

export function serverDatabaseName(kind: 'test' | 'template'): string {
  return `kindred_${kind}_${hostTag}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** This machine's test databases whose process is gone (killed before it could drop them). */
export async function staleServerDatabases(serverUrl: string): Promise<string[]> {
  const { rows } = await adminQuery(serverUrl, 'SELECT datname FROM pg_database');
  return rows
    .map((row) => String(row.datname))
    .filter((name) => {
      const match = serverDatabasePattern.exec(name);
      return match?.[1] === hostTag && !isRunning(Number(match[2]));
    });
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's own connection (CREATE/DROP DATABASE cannot run in a pool's). */
export async function adminQuery(serverUrl: string, text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}
