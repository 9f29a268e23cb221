import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { migrationsFolder } from './client.js';

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };
const allMigrations = journal.entries.map((entry) => entry.tag);

// Test files start from a copy of a database migrated once per run; these check both ends of that.
describe('SQL migrations', () => {
  // An empty embedded database is created from scratch (initdb), which is slow on a busy machine.
  it('apply in order to an empty database, after which none is pending', async () => {
    const database = await openTestDatabase({ empty: true });
    try {
      expect(await database.migrate()).toEqual(allMigrations);
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('are all applied in the database a test file starts from', async () => {
    const database = await openTestDatabase();
    try {
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
