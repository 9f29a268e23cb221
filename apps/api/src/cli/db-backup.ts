import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import {
  appVersion,
  BackupError,
  copyMedia,
  databaseMigrationLevel,
  dumpPglite,
  isEmptyFolder,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  PGLITE_IMAGE_FILE,
  POSTGRES_DUMP_FILE,
  requirePostgresTool,
  runPostgresTool,
  type BackupManifest,
  type MigrationLevel,
} from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { StartupError } from '../platform/startup-error.js';
import {
  operatorPath,
  runDatabaseCommand,
  type DatabaseCommandOptions,
  type DatabaseCommandSpec,
} from './database-command.js';
import { exactlyArgs, runWhenMain, type CommandIo } from './shared.js';

/**
 * `pnpm db:backup <dir>`: the configured database and the media (DATA_DIR/media) into a new,
 * empty folder, with a manifest.json (version, migration level, date, engine) written last — a
 * folder without one is an unfinished backup. PostgreSQL goes through pg_dump (one consistent
 * snapshot while the app keeps serving); the embedded database is imaged whole, which needs the
 * server stopped (the data-dir lock tells). The database is dumped before the media are copied,
 * so every file a backed-up row points to is in the backup.
 */
export const backupCommand: DatabaseCommandSpec<{ dir: string }> = {
  name: 'db:backup',
  usage: '<dir>',
  parse(argv) {
    const [dir] = exactlyArgs(argv, 1) as [string];
    return { dir: operatorPath(dir) };
  },
  async run(config, { dir }, io) {
    if (!isEmptyFolder(dir)) {
      throw new BackupError(`${dir} is not empty: back up into a new folder.`);
    }
    const created = !existsSync(dir);
    mkdirSync(dir, { recursive: true });
    try {
      await backUpInto(config, dir, io);
    } catch (error) {
      // A failed backup leaves no half-filled folder behind (one without a manifest, at least).
      if (created) rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  },
};

async function backUpInto(config: Config, dir: string, io: CommandIo) {
  const database = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, dir)
    : await dumpEmbedded(config, dir);
  // Media in an S3 bucket are backed up with the provider's tools (versioning, replication).
  const mediaFiles =
    config.mediaStorage.kind === 'local'
      ? copyMedia(path.join(config.dataDir, MEDIA_FOLDER), path.join(dir, MEDIA_FOLDER))
      : 0;
  if (config.mediaStorage.kind === 's3') {
    io.out(
      'MEDIA_STORAGE=s3: the media stay in the bucket and are not in this backup; back the bucket up with the provider’s tools.',
    );
  }
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    app: 'kindred',
    version: appVersion(),
    engine: database.engine,
    migration: database.migration,
    createdAt: new Date().toISOString(),
    databaseFile: database.file,
    mediaFiles,
  };
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  report(io, dir, manifest);
}

async function dumpPostgres(url: string, dir: string) {
  await requirePostgresTool('pg_dump', url);
  // The level is read before the dump: a migration in between only makes the manifest older.
  const migration = await migrationLevelOf(url);
  runPostgresTool('pg_dump', url, [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(dir, POSTGRES_DUMP_FILE)}`,
  ]);
  return { engine: 'postgres' as const, migration, file: POSTGRES_DUMP_FILE };
}

async function dumpEmbedded(config: Config, dir: string) {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      `no embedded database in DATA_DIR=${config.dataDir} (set DATA_DIR, or DATABASE_URL for a PostgreSQL server).`,
    );
  }
  let database;
  try {
    database = await openDatabase({ pgliteDir });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    throw new BackupError(
      `the embedded database is in use — stop the Kindred server first (a backup of the embedded engine needs it to itself): ${error.message}`,
    );
  }
  try {
    const pglite = database.pglite!;
    const migration = await databaseMigrationLevel((text) => pglite.query(text));
    writeFileSync(path.join(dir, PGLITE_IMAGE_FILE), await dumpPglite(pglite));
    return { engine: 'pglite' as const, migration, file: PGLITE_IMAGE_FILE };
  } finally {
    await database.close();
  }
}

export async function migrationLevelOf(url: string): Promise<MigrationLevel | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await databaseMigrationLevel((text) => client.query(text));
  } finally {
    await client.end();
  }
}

function report(io: CommandIo, dir: string, manifest: BackupManifest) {
  io.out(
    `Backed up the ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database ` +
      `(migration ${manifest.migration?.tag ?? 'none'}) and ${manifest.mediaFiles} media file${manifest.mediaFiles === 1 ? '' : 's'} into ${dir}.`,
  );
  io.out(
    'Keep SESSION_SECRET and DATA_ENCRYPTION_KEY safe as well (they are not in the backup): without the key, 2FA secrets and encrypted data cannot be read.',
  );
}

export function main(argv: readonly string[], options?: DatabaseCommandOptions): Promise<number> {
  return runDatabaseCommand(backupCommand, argv, options);
}

runWhenMain(import.meta.url, main);
