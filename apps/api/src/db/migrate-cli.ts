import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { StartupError } from '../platform/startup-error.js';
import { openDatabase } from './client.js';
import { waitForDatabase } from './connect.js';

/** `pnpm db:migrate`: apply pending migrations to the configured database and exit. */
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
    const applied = await database.migrate();
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${database.engine}): ${applied.join(', ')}`
        : `Database schema up to date (${database.engine}).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartupError)) throw error;
  console.error(`Migrations not applied: ${error.message}`);
  process.exitCode = 1;
}
