import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { closeAppContext, createAppContext } from '../context.js';
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
  return { context, app: createApp(context) };
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database', () => {
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
  });
});
