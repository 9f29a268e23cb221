import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createLocalStorage } from '../media/index.js';

/** Readiness on the engine of the run: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/ready', () => {
  it('is ready when the database answers, its migrations are applied and storage is writable', async () => {
    t = await createTestApp();
    const res = await request(t.app).get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming storage when media cannot be written', async () => {
    // A file where the media folder should be: no write succeeds, not even as root.
    const blocked = path.join(mkdtempSync(path.join(os.tmpdir(), 'kindred-ready-')), 'media');
    writeFileSync(blocked, '');
    t = await createTestApp({ storage: createLocalStorage(blocked) });
    const res = await request(t.app).get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
    expect(res.body.checks.storage).toEqual({ ok: false, detail: expect.any(String) });
    expect(res.body.checks.database).toEqual({ ok: true });
    // Liveness does not depend on storage.
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  it('answers 503 naming the migrations when the database lacks the newest one', async () => {
    t = await createTestApp();
    await t.context.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await request(t.app).get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.checks.migrations.ok).toBe(false);
    expect(res.body.checks.migrations.detail).toMatch(/^pending migrations: \d{4}_/);
  });

  it('answers 503 when the database is gone, while the process still answers', async () => {
    t = await createTestApp();
    const ping = t.context.database.ping;
    t.context.database.ping = () => Promise.reject(new Error('connection refused'));
    const res = await request(t.app).get('/api/ready');
    t.context.database.ping = ping;
    expect(res.status).toBe(503);
    expect(res.body.checks.database).toEqual({ ok: false, detail: 'connection refused' });
  });
});
