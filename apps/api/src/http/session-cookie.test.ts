import { randomBytes, randomUUID } from 'node:crypto';
import { REMEMBER_ME_DAYS } from '@kindred/contracts';
import cookieSignature from 'cookie-signature';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser, sessionCookieFor } from '../test/factories.js';
import { COOKIE_RENEWAL_MS, SESSION_COOKIE_NAME } from './session.js';

/**
 * When the session cookie is sent (issue 18): only when the browser does not have it yet, or a
 * remembered session's expiry moves — at most once a day, for REMEMBER_ME_DAYS from then — and
 * not on every response as express-session's `rolling` does.
 */

const MINUTE = 60 * 1000;
const REMEMBER_ME_MS = REMEMBER_ME_DAYS * 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A remembered (30-day) signed-in session whose cookie the browser received `sentAgo` ms ago, as
 * its row records it (express-session's format: the cookie's settings with the data).
 */
async function rememberedSession(sentAgo: number) {
  const user = await buildUser(t.context);
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() - sentAgo + REMEMBER_ME_MS);
  const data = {
    cookie: {
      originalMaxAge: REMEMBER_ME_MS,
      expires: expires.toISOString(),
      secure: false,
      httpOnly: true,
      path: '/',
      sameSite: 'lax' as const,
    },
    auth: { userId: user.id, stage: 'full' as const, handle: randomUUID(), rememberMe: true },
  };
  await new Promise<void>((resolve, reject) => {
    t.context.sessionStore.set(sid, data as never, (error) => (error ? reject(error) : resolve()));
  });
  const cookie = `${SESSION_COOKIE_NAME}=${encodeURIComponent(`s:${cookieSignature.sign(sid, t.context.config.sessionSecret)}`)}`;
  return { sid, cookie, expires };
}

function sessionCookieOf(res: request.Response): string | undefined {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
}

async function storedRow(sid: string) {
  const [row] = await t.context.db.select().from(sessions).where(eq(sessions.sid, sid));
  return row!;
}

describe('the session cookie', () => {
  it('is not sent again on the responses of a signed-in browser-session', async () => {
    const user = await buildUser(t.context);
    const cookie = await sessionCookieFor(t.context, user.id);
    for (const path of ['/api/health', '/api/blocks', '/api/blocks']) {
      const res = await request(t.app).get(path).set('Cookie', cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it('is not sent to a visitor without a session, and no session is stored for them', async () => {
    const before = await t.context.db.$count(sessions);
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.context.db.$count(sessions)).toBe(before);
  });

  it('leaves a remembered cookie received less than a day ago as it is', async () => {
    const { sid, cookie, expires } = await rememberedSession(COOKIE_RENEWAL_MS - 10 * MINUTE);
    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.app).get('/api/blocks').set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const row = await storedRow(sid);
    expect(new Date((row.data as { cookie: { expires: string } }).cookie.expires)).toEqual(expires);
  });

  it('renews a remembered cookie a day old, for 30 days from then, once', async () => {
    const { sid, cookie } = await rememberedSession(COOKIE_RENEWAL_MS + MINUTE);
    const renewed = await request(t.app).get('/api/blocks').set('Cookie', cookie);
    expect(renewed.status).toBe(200);
    const line = sessionCookieOf(renewed)!;
    // The same session (same signed id), with its attributes, and a new expiry.
    expect(line.split(';')[0]).toBe(cookie);
    expect(line).toMatch(/; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/);
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(REMEMBER_ME_MS - MINUTE);
    expect(expires - Date.now()).toBeLessThanOrEqual(REMEMBER_ME_MS);

    // The row records the renewal (so every process knows the browser has it) and ends with it.
    const row = await storedRow(sid);
    const storedExpires = new Date((row.data as { cookie: { expires: string } }).cookie.expires);
    expect(Math.abs(storedExpires.getTime() - expires)).toBeLessThan(1000);
    expect(Math.abs(row.expiresAt.getTime() - expires)).toBeLessThan(1000);

    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.app).get('/api/blocks').set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});
