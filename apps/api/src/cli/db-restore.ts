import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import {
  assertNotNewerThanCode,
  BackupError,
  copyMedia,
  isEmptyFolder,
  MEDIA_FOLDER,
  readManifest,
  requirePostgresTool,
  runPostgresTool,
  type BackupManifest,
} from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { StartupError } from '../platform/startup-error.js';
import {
  oneArgumentAndForce,
  operatorPath,
  runDatabaseCommand,
  type DatabaseCommandOptions,
  type DatabaseCommandSpec,
} from './database-command.js';
import { runWhenMain } from './shared.js';

/**
 * `pnpm db:restore [--force] <dir>`: a backup made by `pnpm db:backup` into the configured
 * database (same engine as the backup: `pnpm db:export-to` moves between engines) and
 * DATA_DIR/media. It refuses a target holding data unless --force (which replaces it), and a
 * backup from a newer version of Kindred than this one (migrations only go forward; an older
 * backup is brought up to date by the migrations the server applies at its next start).
 */
export const restoreCommand: DatabaseCommandSpec<{ dir: string; force: boolean }> = {
  name: 'db:restore',
  usage: '[--force] <dir>',
  parse(argv) {
    const { value, force } = oneArgumentAndForce(argv);
    return { dir: operatorPath(value), force };
  },
  async run(config, { dir, force }, io) {
    const manifest = readManifest(dir);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new BackupError(
        `the backup is of the ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} engine but this installation uses ` +
          `${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded engine'}: restore with the engine it came from ` +
          '(pnpm db:export-to moves an embedded installation to PostgreSQL).',
      );
    }
    assertNotNewerThanCode(manifest.migration, 'The backup');
    const databaseFile = path.join(dir, manifest.databaseFile);
    if (!existsSync(databaseFile)) throw new BackupError(`${databaseFile} is missing.`);
    const mediaDir = path.join(config.dataDir, MEDIA_FOLDER);
    if (!force && !isEmptyFolder(mediaDir)) {
      throw new BackupError(
        `${mediaDir} already holds media files: restore into an empty installation, or pass --force to replace it.`,
      );
    }

    if (config.databaseUrl) await restorePostgres(config.databaseUrl, databaseFile, force);
    else await restoreEmbedded(config, databaseFile, force);

    rmSync(mediaDir, { recursive: true, force: true });
    const mediaFiles = copyMedia(path.join(dir, MEDIA_FOLDER), mediaDir);
    report(io, dir, manifest, mediaFiles);
  },
};

async function restorePostgres(url: string, file: string, force: boolean) {
  await requirePostgresTool('pg_restore', url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    if (Number(rows[0]!.count) > 0) {
      if (!force) {
        throw new BackupError(
          'the database named by DATABASE_URL already has tables: restore into an empty database, or pass --force to replace its contents.',
        );
      }
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    }
  } finally {
    await client.end();
  }
  runPostgresTool('pg_restore', url, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    file,
  ]);
}

async function restoreEmbedded(config: Config, file: string, force: boolean) {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  mkdirSync(config.dataDir, { recursive: true });
  let lock;
  try {
    lock = acquireDataDirLock(pgliteDir);
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    throw new BackupError(
      `the embedded database is in use — stop the Kindred server before restoring: ${error.message}`,
    );
  }
  try {
    if (!isEmptyFolder(pgliteDir)) {
      if (!force) {
        throw new BackupError(
          `${pgliteDir} already holds a database: restore into an empty DATA_DIR, or pass --force to replace it.`,
        );
      }
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
  const database = await openDatabase({
    pgliteDir,
    pgliteImage: new Blob([readFileSync(file)]),
  });
  await database.close();
}

function report(
  io: { out(line: string): void },
  dir: string,
  manifest: BackupManifest,
  mediaFiles: number,
) {
  io.out(
    `Restored the backup of ${manifest.createdAt} (Kindred ${manifest.version}, migration ${manifest.migration?.tag ?? 'none'}) ` +
      `from ${dir} with ${mediaFiles} media file${mediaFiles === 1 ? '' : 's'}.`,
  );
  io.out(
    'Start the server with the SESSION_SECRET and DATA_ENCRYPTION_KEY of the backed-up installation; it applies newer migrations at start.',
  );
}

export function main(argv: readonly string[], options?: DatabaseCommandOptions): Promise<number> {
  return runDatabaseCommand(restoreCommand, argv, options);
}

runWhenMain(import.meta.url, main);
