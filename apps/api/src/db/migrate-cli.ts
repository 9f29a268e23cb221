import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { StartupError } from '../platform/startup-error.js';
import { openDatabase, pendingMigrations } from './client.js';
import { waitForDatabase } from './connect.js';

/**
 * `pnpm db:migrate [--dry-run]`: apply pending migrations to the configured database and exit;
 * with --dry-run, list them (and the SQL files they run) without touching the database.
 * Migrations only go forward: there is no "down".
 */
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const dryRun = args.includes('--dry-run');
const unknown = args.filter((arg) => arg !== '--dry-run');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}.\nUsage: pnpm db:migrate [--dry-run]`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    if (config.databaseUrl) {
      await waitForDatabase(database, {
        url: config.databaseUrl,
        timeoutMs: config.databaseConnectTimeoutMs,
        logger: { warn: (_object, message) => console.warn(message) },
      });
    }
    if (dryRun) {
      const query = (text: string) => database.db.execute(text) as Promise<{ rows: unknown[] }>;
      const pending = await pendingMigrations(query);
      console.log(
        pending.length > 0
          ? `Would apply ${pending.length} migration${pending.length === 1 ? '' : 's'} (${database.engine}), in this order:\n` +
              pending.map((tag) => `  drizzle/${tag}.sql`).join('\n')
          : `Database schema up to date (${database.engine}): nothing would run.`,
      );
    } else {
      const applied = await database.migrate();
      console.log(
        applied.length > 0
          ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${database.engine}): ${applied.join(', ')}`
          : `Database schema up to date (${database.engine}).`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartupError)) throw error;
  console.error(`Migrations not applied: ${error.message}`);
  process.exitCode = 1;
}
