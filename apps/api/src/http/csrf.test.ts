import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@kindred/contracts';
import { users } from '../db/schema.js';
import { totpCodeAt } from '../features/auth/index.js';
import { LOOSE_RATE_LIMITS, signUpFully } from '../test/account-entry.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser, TEST_PASSWORD } from '../test/factories.js';
import { createMailCatcher } from '../test/mail.js';
import { CSRF_MESSAGES } from './csrf.js';

/**
 * Issue 19 finding 14: our own origin is PUBLIC_URL (http://localhost:3000 in tests), never the
 * Host header; a state-changing request must say where it came from; and closing an account asks
 * for the password or an authenticator code. This app sends requests exactly as written (the
 * test helper's own-origin label is off).
 */

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    labelAsOwnOrigin: false,
    mailer: mail.mailer,
    rateLimits: LOOSE_RATE_LIMITS,
  });
});
afterAll(async () => {
  await t.close();
});

const OWN_ORIGIN = 'http://localhost:3000';

async function statusOf(userId: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, userId));
  return row?.status;
}

describe('CSRF: the own origin is PUBLIC_URL', () => {
  it('refuses Host: evil with Origin: evil (the Host header is the sender’s choice)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post(`/api/users/${user.id}/disable`)
      .set('Host', 'evil.example')
      .set('Origin', 'http://evil.example')
      .set('Cookie', cookie)
      .send({ currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: CSRF_MESSAGES.crossSite,
    });
    expect(await statusOf(user.id)).toBe('active');
  });

  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site, saying why', async () => {
    const { user, cookie } = await signedInUser(t.context);
    // An empty-body form POST, as a foreign page could make one.
    const res = await request(t.app).post(`/api/users/${user.id}/disable`).set('Cookie', cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: CSRF_MESSAGES.unlabelled,
    });
    expect(await statusOf(user.id)).toBe('active');
  });

  it('refuses Sec-Fetch-Site other than same-origin, and lets reads through unlabelled', async () => {
    for (const site of ['same-site', 'cross-site', 'none']) {
      const res = await request(t.app)
        .post('/api/users/logout')
        .set('Sec-Fetch-Site', site)
        .send({});
      expect(res.status, site).toBe(403);
    }
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  it('lets the app’s own origin through by Origin or by Sec-Fetch-Site alone', async () => {
    await request(t.app).post('/api/users/logout').set('Origin', OWN_ORIGIN).send({}).expect(200);
    await request(t.app)
      .post('/api/users/logout')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({})
      .expect(200);
  });
});

describe('closing an account asks who is at the keyboard', () => {
  const disable = (userId: string, cookie: string, body: object) =>
    request(t.app)
      .post(`/api/users/${userId}/disable`)
      .set('Origin', OWN_ORIGIN)
      .set('Cookie', cookie)
      .send(body);
  const remove = (userId: string, cookie: string, body: object) =>
    request(t.app)
      .delete(`/api/users/${userId}`)
      .set('Origin', OWN_ORIGIN)
      .set('Cookie', cookie)
      .send(body);

  it('refuses disable and delete without a password or code (403 REAUTH_REQUIRED)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    for (const res of [await disable(user.id, cookie, {}), await remove(user.id, cookie, {})]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: 'REAUTH_REQUIRED',
        message: ACCOUNT_MESSAGES.accountChangeNeedsProof,
      });
    }
    expect(await statusOf(user.id)).toBe('active');
  });

  it('refuses a wrong password and a wrong code', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const wrongPassword = await disable(user.id, cookie, { currentPassword: 'not-it-123' });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body.code).toBe('WRONG_PASSWORD');
    const wrongCode = await remove(user.id, cookie, { totpCode: '000000' });
    expect(wrongCode.status).toBe(403);
    expect(wrongCode.body.code).toBe('CODE_INVALID');
    expect(await statusOf(user.id)).toBe('active');
  });

  it('disables with the current password, and deletes with an authenticator code', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await disable(user.id, cookie, { currentPassword: TEST_PASSWORD }).expect(200);
    expect(await statusOf(user.id)).toBe('disabled');

    const agent = request.agent(t.app);
    agent.set('Origin', OWN_ORIGIN);
    const account = await signUpFully(t, agent, mail);
    const res = await agent
      .delete(`/api/users/${account.userId}`)
      .send({ totpCode: totpCodeAt(account.secret, t.clock.now()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(account.userId)).toBeUndefined();
  });

  it('still refuses another member’s account as before (403, no password asked)', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    expect((await disable(a.user.id, b.cookie, {})).status).toBe(403);
    expect((await remove(a.user.id, b.cookie, {})).status).toBe(403);
    expect(await statusOf(a.user.id)).toBe('active');
  });
});
