import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder } from './client.js';
import type { EmbeddedClient } from './pglite-thread.js';

/**
 * What backups, restores and the move to PostgreSQL share (apps/api/src/cli/db-*.ts): the
 * manifest, the migration level of a database and of the code, the PostgreSQL client tools, the
 * media folder, and the copy of every table's rows from one database to another.
 */

export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_IMAGE_FILE = 'pglite.tar.gz';
export const POSTGRES_DUMP_FILE = 'postgres.dump';
export const MEDIA_FOLDER = 'media';
export const MANIFEST_FORMAT = 1;

export interface MigrationLevel {
  /** The last applied migration's name (drizzle/NNNN_name.sql), or `unknown` when newer than this code. */
  tag: string;
  /** Its journal timestamp: what drizzle compares to decide what is pending. */
  when: number;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  app: 'kindred';
  /** apps/api's version when the backup was made. */
  version: string;
  engine: 'pglite' | 'postgres';
  /** The last migration applied to the backed-up database (null: none, an empty database). */
  migration: MigrationLevel | null;
  createdAt: string;
  /** The database's file in the backup folder. */
  databaseFile: string;
  /** How many media files were copied (under media/). */
  mediaFiles: number;
}

/** Something an operator can fix; the command prints it as one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  return (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
}

/** The newest migration this code knows. */
export function codeMigrationLevel(): MigrationLevel {
  const entries = journal();
  const last = entries[entries.length - 1]!;
  return { tag: last.tag, when: last.when };
}

/** The last migration recorded in a database, null for a database never migrated. */
export async function databaseMigrationLevel(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<MigrationLevel | null> {
  let when: number;
  try {
    const { rows } = await query(
      'SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations',
    );
    const value = (rows[0] as { last: unknown } | undefined)?.last;
    if (value === null || value === undefined) return null;
    when = Number(value);
  } catch {
    return null;
  }
  const entry = journal().find((candidate) => candidate.when === when);
  return { tag: entry?.tag ?? 'unknown', when };
}

/** Refuses a database migrated by a newer version of Kindred than this code. */
export function assertNotNewerThanCode(level: MigrationLevel | null, what: string): void {
  const code = codeMigrationLevel();
  if (level && level.when > code.when) {
    throw new BackupError(
      `${what} is at a newer migration (${level.tag}, ${level.when}) than this version of Kindred knows (${code.tag}): ` +
        'upgrade Kindred first (migrations only go forward).',
    );
  }
}

/** apps/api's package.json version (from src/ under tsx and from the bundled dist/ alike). */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@kindred/api') return pkg.version ?? '0.0.0';
    }
    const parent = path.dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new BackupError(
      `${backupDir} has no ${MANIFEST_FILE}: not a Kindred backup, or one that did not finish.`,
    );
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  if (
    manifest.app !== 'kindred' ||
    manifest.format !== MANIFEST_FORMAT ||
    (manifest.engine !== 'pglite' && manifest.engine !== 'postgres') ||
    typeof manifest.databaseFile !== 'string'
  ) {
    throw new BackupError(`${file} is not a manifest this version of Kindred can read.`);
  }
  return manifest as BackupManifest;
}

/** True when `dir` is missing or holds nothing. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Copies a media folder (the local disk storage) and returns how many files it held. */
export function copyMedia(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
  return countFiles(to);
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return count;
}

/** The embedded database as one gzipped image of its data directory (consistent: the engine is ours alone). */
export async function dumpPglite(pglite: EmbeddedClient): Promise<Buffer> {
  const image = await pglite.dumpDataDir('gzip');
  return Buffer.from(await image.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL client tools

/**
 * Checks that `tool` (pg_dump or pg_restore) is installed and not older than the server's major
 * version (an older pg_dump refuses a newer server; pg_restore reads what its own version wrote).
 */
export async function requirePostgresTool(tool: 'pg_dump' | 'pg_restore', url: string) {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.error) {
    throw new BackupError(
      `${tool} was not found: install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client-NN, ` +
        'with NN at least the server’s major version) or put them on PATH.',
    );
  }
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(result.stdout)?.[1]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let serverMajor: number;
  try {
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version_num') AS v",
    );
    serverMajor = Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
  if (!(toolMajor >= serverMajor)) {
    throw new BackupError(
      `${tool} ${result.stdout.trim()} is older than the PostgreSQL server (major version ${serverMajor}): ` +
        `install postgresql-client-${serverMajor} or newer.`,
    );
  }
}

/** Runs pg_dump/pg_restore with the password in the environment rather than on the command line. */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: readonly string[],
): void {
  const connection = new URL(url);
  const env = { ...process.env };
  if (connection.password) {
    env.PGPASSWORD = decodeURIComponent(connection.password);
    connection.password = '';
  }
  const result = spawnSync(tool, [...args, `--dbname=${connection.toString()}`], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) throw new BackupError(`${tool} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new BackupError(`${tool} failed (exit ${result.status}): ${result.stderr.trim()}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Copying rows between databases (the move from the embedded engine to a PostgreSQL server)

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

const ROWS_PER_BATCH = 500;

/** The app's tables, every table after those its foreign keys point to. */
export async function tablesInDependencyOrder(query: Query): Promise<string[]> {
  const tables = (
    (
      await query(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
      )
    ).rows as { name: string }[]
  ).map((row) => row.name);
  const references = (
    await query(
      `SELECT src.relname AS "from", dst.relname AS "to" FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid JOIN pg_class dst ON dst.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
       WHERE k.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows as { from: string; to: string }[];
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) {
      throw new BackupError(`the tables' foreign keys form a cycle through ${table}`);
    }
    visiting.add(table);
    for (const reference of references) {
      // A table referring to itself (replies to comments) is ordered by its rows' creation.
      if (reference.from === table && reference.to !== table) place(reference.to);
    }
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

async function columnsOf(query: Query, table: string) {
  return (
    await query(
      `SELECT a.attname AS name, a.attidentity <> '' AS identity,
              pg_get_serial_sequence(quote_ident($1), a.attname) AS sequence
       FROM pg_attribute a WHERE a.attrelid = quote_ident($1)::regclass
         AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       ORDER BY a.attnum`,
      [table],
    )
  ).rows as { name: string; identity: boolean; sequence: string | null }[];
}

/** Tables of `query`'s database holding at least one row, by name. */
export async function nonEmptyTables(query: Query): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesInDependencyOrder(query)) {
    const { rows } = await query(`SELECT EXISTS (SELECT 1 FROM ${ident(table)}) AS any`);
    if ((rows[0] as { any: boolean }).any) found.push(table);
  }
  return found;
}

/**
 * Copies every row of every app table from `source` into the same (migrated, empty) tables of
 * `target`, parents before children, through JSON so each value keeps its type exactly (bytea,
 * arrays, json, timestamps). The caller runs `target` inside one transaction: a failure leaves it
 * untouched, triggers switched off for the copy included. Identity and serial sequences continue after the copied ids.
 */
export async function copyAllRows(source: Query, target: Query): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  const tables = await tablesInDependencyOrder(source);
  // The app's triggers (counters kept in member_stats, …) would count the copied rows twice:
  // their results are copied too. Foreign keys stay checked (they are system triggers).
  for (const table of tables) await target(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
  for (const table of tables) {
    const columns = await columnsOf(target, table);
    const sourceColumns = new Set((await columnsOf(source, table)).map((column) => column.name));
    const shared = columns.filter((column) => sourceColumns.has(column.name));
    const list = shared.map((column) => ident(column.name)).join(', ');
    // Rows of a self-referencing table (replies) go in creation order: parents first.
    const order = sourceColumns.has('created_at') ? 'created_at, ctid' : 'ctid';
    let total = 0;
    for (let offset = 0; ; offset += ROWS_PER_BATCH) {
      const { rows } = await source(
        `SELECT coalesce(json_agg(x.r), '[]')::text AS batch FROM (
           SELECT to_jsonb(t) AS r FROM ${ident(table)} t ORDER BY ${order}
           LIMIT ${ROWS_PER_BATCH} OFFSET ${offset}) x`,
      );
      const batch = (rows[0] as { batch: string }).batch;
      const count = (JSON.parse(batch) as unknown[]).length;
      if (count === 0) break;
      await target(
        `INSERT INTO ${ident(table)} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM jsonb_populate_recordset(NULL::${ident(table)}, $1::jsonb)`,
        [batch],
      );
      total += count;
      if (count < ROWS_PER_BATCH) break;
    }
    for (const column of shared) {
      if (!column.sequence) continue;
      await target(
        `SELECT setval($1::regclass, coalesce((SELECT max(${ident(column.name)}) FROM ${ident(table)}), 0) + 1, false)`,
        [column.sequence],
      );
    }
    copied.set(table, total);
  }
  for (const table of tables) await target(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
  return copied;
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
