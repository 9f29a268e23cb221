import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

/** `pnpm db:migrate`: apply pending migrations to the configured database and exit. */
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.engine}).`);
