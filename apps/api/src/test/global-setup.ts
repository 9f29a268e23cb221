import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import {
  adminQuery,
  isRunning,
  pgliteTemplatePrefix,
  serverDatabaseName,
  staleServerDatabases,
  testTmpDir,
  withDatabaseName,
  type TestDatabaseTemplate,
} from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Migrates one template database per test run; every test file then starts from a copy of it
 * (see openTestDatabase) instead of creating and migrating a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { template, teardown } = serverUrl
    ? await migrateServerTemplate(serverUrl)
    : await migratePgliteTemplate();
  project.provide('testDatabaseTemplate', template);
  return teardown;
}

/** A migrated PGlite data directory, written as a tar image that each test file loads. */
async function migratePgliteTemplate() {
  removeStalePgliteTemplates();
  const dir = mkdtempSync(path.join(testTmpDir, `${pgliteTemplatePrefix}${process.pid}-`));
  const imageFile = path.join(dir, 'pgdata.tar');
  const database = await openDatabase({});
  try {
    await database.migrate();
    // Uncompressed: loading it is faster than gunzipping it, and it never leaves this machine.
    const image = await database.pglite!.dumpDataDir('none');
    writeFileSync(imageFile, new Uint8Array(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  const template: TestDatabaseTemplate = { engine: 'pglite', imageFile };
  return { template, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated database on the server, copied per test file with CREATE DATABASE … TEMPLATE. */
async function migrateServerTemplate(serverUrl: string) {
  for (const name of await staleServerDatabases(serverUrl)) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const name = serverDatabaseName('template');
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const drop = async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    // Closed before any copy is made: PostgreSQL copies a template only while no one is connected.
    const database = await openDatabase({ url: withDatabaseName(serverUrl, name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  const template: TestDatabaseTemplate = { engine: 'postgres', name };
  return { template, teardown: drop };
}

/** Images left in the temporary directory by runs that were killed before their teardown. */
function removeStalePgliteTemplates() {
  for (const entry of readdirSync(testTmpDir)) {
    if (!entry.startsWith(pgliteTemplatePrefix)) continue;
    const pid = Number(entry.slice(pgliteTemplatePrefix.length).split('-')[0]);
    if (!isRunning(pid)) rmSync(path.join(testTmpDir, entry), { recursive: true, force: true });
  }
}
