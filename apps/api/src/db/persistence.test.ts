import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { closeAppContext, createAppContext } from '../context.js';
import { checkResponsesAgainstContracts } from '../test/contract-check.js';
import { buildUser, sessionCookieFor } from '../test/factories.js';
import { users } from './schema.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const bootOnDataDir = async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const context = await createAppContext(config);
  const app = createApp(context);
  checkResponsesAgainstContracts(app);
  return { context, app };
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database', () => {
  // Creates and migrates an embedded database from scratch, then opens it again: slower than a
  // test file's own database, which is a copy of one migrated once per run.
  it('keeps members and sessions across a restart on the same DATA_DIR', async () => {
    const first = await bootOnDataDir();
    expect(first.context.database.engine).toBe('pglite');
    const user = await buildUser(first.context, { firstName: 'Persisted' });
    const cookie = await sessionCookieFor(first.context, user.id);
    await closeAppContext(first.context);

    const second = await bootOnDataDir();
    try {
      const rows = await second.context.db.select().from(users);
      expect(rows.map((row) => row.firstName)).toEqual(['Persisted']);
      // The session survived too: the same cookie still reaches member-only routes.
      const res = await request(second.app)
        .get('/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp')
        .set('Cookie', cookie);
      expect(res.status).toBe(404);
    } finally {
      await closeAppContext(second.context);
    }
  }, 120_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one process per embedded database', () => {
  const lockFile = () => path.join(dataDir, 'pglite.lock');

  it('refuses a second opening of the same DATA_DIR, naming the owner and DATA_DIR', async () => {
    const first = await bootOnDataDir();
    try {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
      await expect(bootOnDataDir()).rejects.toThrow(
        `another Kindred process (PID ${process.pid}) is using the embedded database in DATA_DIR=${dataDir}`,
      );
      // The refused opening did not take the lock away from the first.
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await closeAppContext(first.context);
    }
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    const deadPid = gone.stdout.trim();
    expect(deadPid).toMatch(/^\d+$/);
    writeFileSync(lockFile(), `${deadPid}\n`);

    const booted = await bootOnDataDir();
    try {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await closeAppContext(booted.context);
    }
  });
});
