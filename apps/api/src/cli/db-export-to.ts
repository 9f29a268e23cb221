import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  assertNotNewerThanCode,
  BackupError,
  copyAllRows,
  databaseMigrationLevel,
  nonEmptyTables,
  type Query,
} from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { maskDatabaseUrl } from '../db/connect.js';
import { StartupError } from '../platform/startup-error.js';
import {
  runDatabaseCommand,
  type DatabaseCommandOptions,
  type DatabaseCommandSpec,
} from './database-command.js';
import { exactlyArgs, runWhenMain, UsageError } from './shared.js';

/**
 * `pnpm db:export-to <DATABASE_URL>`: moves an embedded installation (DATA_DIR/pglite) to a
 * PostgreSQL server. The target is migrated by this code, then every table's rows are copied,
 * parents before children, in one transaction (a failure leaves the target as it was). Media
 * rows keep their storage keys: the files stay under DATA_DIR/media, so the installation keeps
 * its DATA_DIR and gains DATABASE_URL. A target that already has members is refused.
 */
export const exportToCommand: DatabaseCommandSpec<{ url: string }> = {
  name: 'db:export-to',
  usage: '<postgres://user:password@host:5432/database>',
  parse(argv) {
    const [url] = exactlyArgs(argv, 1) as [string];
    if (!/^postgres(?:ql)?:\/\//.test(url)) {
      throw new UsageError('The target must be a postgres:// connection string.');
    }
    return { url };
  },
  async run(config, { url }, io) {
    if (config.databaseUrl) {
      throw new BackupError(
        'DATABASE_URL is set: this installation already runs on PostgreSQL (unset it to export the embedded database in DATA_DIR).',
      );
    }
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      throw new BackupError(`no embedded database in DATA_DIR=${config.dataDir}.`);
    }
    let source;
    try {
      source = await openDatabase({ pgliteDir });
    } catch (error) {
      if (!(error instanceof StartupError)) throw error;
      throw new BackupError(
        `the embedded database is in use — stop the Kindred server first: ${error.message}`,
      );
    }
    try {
      const pglite = source.pglite!;
      const sourceQuery: Query = (text, params) => pglite.query(text, params);
      assertNotNewerThanCode(await databaseMigrationLevel(sourceQuery), 'The embedded database');
      // Both sides at this code's level, so their tables match column for column.
      const applied = await source.migrate();
      if (applied.length > 0)
        io.out(`Brought the embedded database up to date: ${applied.join(', ')}`);

      const target = new pg.Client({ connectionString: url });
      await target.connect();
      try {
        const targetQuery: Query = (text, params) => target.query(text, params);
        assertNotNewerThanCode(await databaseMigrationLevel(targetQuery), 'The target database');
        const occupied = await nonEmptyTables(targetQuery);
        if (occupied.includes('users')) {
          throw new BackupError(
            `${maskDatabaseUrl(url)} already has members: export into an empty database.`,
          );
        }
        if (occupied.length > 0) {
          throw new BackupError(
            `${maskDatabaseUrl(url)} already holds rows (${occupied.join(', ')}): export into an empty database.`,
          );
        }
        const migrated = await openDatabase({ url, poolSize: 1 });
        try {
          await migrated.migrate();
        } finally {
          await migrated.close();
        }
        await target.query('BEGIN');
        let copied: Map<string, number>;
        try {
          copied = await copyAllRows(sourceQuery, targetQuery);
          await target.query('COMMIT');
        } catch (error) {
          await target.query('ROLLBACK').catch(() => {});
          throw error;
        }
        const rows = [...copied.values()].reduce((sum, count) => sum + count, 0);
        io.out(
          `Copied ${rows} rows of ${copied.size} tables (${copied.get('users') ?? 0} members) to ${maskDatabaseUrl(url)}.`,
        );
        io.out(
          `Now set DATABASE_URL=${maskDatabaseUrl(url)} and keep DATA_DIR=${config.dataDir}: its media/ folder holds the files the rows point to. ` +
            'The embedded database in DATA_DIR/pglite is left as it was.',
        );
      } finally {
        await target.end();
      }
    } finally {
      await source.close();
    }
  },
};

export function main(argv: readonly string[], options?: DatabaseCommandOptions): Promise<number> {
  return runDatabaseCommand(exportToCommand, argv, options);
}

runWhenMain(import.meta.url, main);
