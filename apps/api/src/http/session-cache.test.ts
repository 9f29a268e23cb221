import type { SessionData } from 'express-session';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessLiveEvents } from '../platform/live-events.js';
import { createLogger } from '../platform/logger.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';
import { sessionCookieFor, signedInUser } from '../test/factories.js';
import { LAST_ACTIVE_RESOLUTION_MS } from './session-store.js';

/**
 * The per-request session check (issue 18): a signed-in member's requests read their session
 * from memory, not from the sessions table, and write it at most once a minute; ending a
 * session is still honoured on the very next request, in this process and in another one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The statements one request runs, and how many of them read or write the sessions table. */
async function statementsOf(app: TestApp, cookie: string, path = '/api/blocks') {
  const statements: string[] = [];
  const stop = app.context.database.onQuery((query) => statements.push(query));
  try {
    const res = await request(app.app).get(path).set('Cookie', cookie);
    return {
      status: res.status,
      total: statements.length,
      onSessions: sessionStatements(statements),
    };
  } finally {
    stop();
  }
}

function sessionStatements(statements: string[]): number {
  return statements.filter((query) => /"sessions"/.test(query)).length;
}

describe('the session check of a signed-in request', () => {
  it('runs no session statement once the session is cached, and at most one write a minute', async () => {
    const { cookie } = await signedInUser(t.context);
    const first = await statementsOf(t, cookie);
    expect(first.status).toBe(200);
    // The first read (and its touch) go to the database…
    expect(first.onSessions).toBe(2);
    await statementsOf(t, cookie);
    // …later ones read the session from memory and do not rewrite the row.
    const warm = await statementsOf(t, cookie);
    expect(warm.status).toBe(200);
    expect(warm.onSessions).toBe(0);
    expect(warm.total).toBe(first.total - 2);

    t.clock.advance(LAST_ACTIVE_RESOLUTION_MS + 1);
    const minuteLater = await statementsOf(t, cookie);
    expect(minuteLater.onSessions).toBe(1); // the touch recording activity
    expect((await statementsOf(t, cookie)).onSessions).toBe(0);
  });

  it('refuses a session at once after sign-out, though it was cached', async () => {
    const { cookie } = await signedInUser(t.context);
    for (let i = 0; i < 3; i += 1) expect((await statementsOf(t, cookie)).status).toBe(200);
    const out = await request(t.app).post('/api/users/logout').set('Cookie', cookie);
    expect(out.status).toBeLessThan(300);
    expect((await statementsOf(t, cookie)).status).toBe(401);
  });

  it('refuses a session at once after the member revoked it from another session', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const other = await sessionCookieFor(t.context, user.id);
    for (let i = 0; i < 3; i += 1) expect((await statementsOf(t, cookie)).status).toBe(200);
    const revoked = await request(t.app).delete('/api/users/me/sessions').set('Cookie', other);
    expect(revoked.status).toBe(200);
    expect((await statementsOf(t, cookie)).status).toBe(401);
    expect((await statementsOf(t, other)).status).toBe(200);
  });
});

describe('a cached session', () => {
  it('is handed to each request as its own copy: what one request changes, the next does not see', async () => {
    const { user } = await signedInUser(t.context);
    const sid = `copy-${user.id}`;
    const store = t.context.sessionStore;
    const data = {
      cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' },
      auth: { userId: user.id, stage: 'full' as const, handle: 'h-copy' },
      userAgent: 'Test/1.0',
    };
    await new Promise<void>((resolve, reject) =>
      store.set(sid, data as never, (error) => (error ? reject(error) : resolve())),
    );
    const read = () =>
      new Promise<SessionData>((resolve, reject) =>
        store.get(sid, (error, value) => (error || !value ? reject(error) : resolve(value))),
      );
    // The first read starts watching the member, the second is cached, the rest come from memory.
    await read();
    await read();
    const first = await read();
    first.auth!.stage = 'pending';
    first.userAgent = 'Changed/2.0';
    expect(await read()).toEqual(data);
  });
});

describe('two app processes on one database', () => {
  // On PostgreSQL each app has its own LISTEN/NOTIFY carrier, as two real processes do; the
  // embedded database belongs to one process, so there the two share one in-process bus.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const shared =
      database.engine === 'pglite' ? createInProcessLiveEvents(createLogger('silent')) : undefined;
    const sharedDatabase = { ...database, close: async () => {} };
    // One deployment: the same cookie-signing secret in both.
    const env = { SESSION_SECRET: 'two-processes-one-deployment-session-secret' };
    first = await createTestApp({
      env,
      database: sharedDatabase,
      ...(shared ? { liveEvents: shared } : {}),
    });
    second = await createTestApp({
      env,
      database: sharedDatabase,
      ...(shared ? { liveEvents: shared } : {}),
    });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('a session ended in one is refused by the other at once, though the other had it cached', async () => {
    const { cookie } = await signedInUser(first.context);
    for (let i = 0; i < 3; i += 1) expect((await statementsOf(second, cookie)).status).toBe(200);
    expect((await statementsOf(second, cookie)).onSessions).toBe(0); // cached in the second

    const out = await request(first.app).post('/api/users/logout').set('Cookie', cookie);
    expect(out.status).toBeLessThan(300);
    await expect
      .poll(async () => (await statementsOf(second, cookie)).status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
  });
});
