import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignup, signUp } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, signedInUser, TEST_PASSWORD } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';

/**
 * The per-IP and per-account fences around account entry. Each test uses its own client IP
 * (X-Forwarded-For, trusted here) so the counters of one test do not leak into another.
 */

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    mailer: mail.mailer,
    rateLimits: {
      loginPerIp: { points: 10, durationSeconds: 60 },
      loginFailuresPerAccountClient: { points: 3, durationSeconds: 600 },
      loginFailuresPerAccount: { points: 3, durationSeconds: 600 },
      loginSlowdownPerAccount: { points: 1, durationSeconds: 60 },
      loginFailuresPerIp: { points: 100, durationSeconds: 600 },
      signupPerIp: { points: 2, durationSeconds: 60 },
      codeSendPerIp: { points: 100, durationSeconds: 60 },
      codeSendPerAccount: { points: 2, durationSeconds: 600 },
      codeCheckPerIp: { points: 4, durationSeconds: 60 },
      codeCheckPerAccount: { points: 100, durationSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

describe('rate limits', () => {
  it('answers the 11th login attempt from one IP in a window with 429 and how long to wait', async () => {
    const ip = nextIp();
    const user = await buildUser(t.context);
    for (let i = 0; i < 10; i += 1) {
      const res = await request(t.app)
        .post('/api/users/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `someone-${i}@example.com`, password: 'wrong123' });
      expect(res.status).toBe(401);
    }
    const res = await request(t.app)
      .post('/api/users/login')
      .set('X-Forwarded-For', ip)
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/,
      ),
      retryAfterSeconds: expect.any(Number),
    });
    expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(res.body.retryAfterSeconds));
    // Another IP is not affected.
    const other = await request(t.app)
      .post('/api/users/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(other.status).toBe(200);
  });

  it('slows password guessing on an account from any IP down, and says so only with 429', async () => {
    const user = await buildUser(t.context);
    for (let i = 0; i < 5; i += 1) {
      const res = await request(t.app)
        .post('/api/users/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: user.email, password: 'wrong123' });
      // Past the 3 free failures, each further one delays the next attempt (1 s, 2 s, …).
      expect(res.status).toBe(i < 4 ? 401 : 429);
    }
    const right = await request(t.app)
      .post('/api/users/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
    // A delay, not a lock-out (lockout.test.ts: the owner's known browser is not delayed at all).
    expect(right.body.retryAfterSeconds).toBeLessThanOrEqual(60);
    // An unknown email is slowed the same way (no hint whether it has an account).
    for (let i = 0; i < 4; i += 1) {
      await request(t.app)
        .post('/api/users/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: 'ghost@example.com', password: 'wrong123' })
        .expect(401);
    }
    const ghost = await request(t.app)
      .post('/api/users/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'ghost@example.com', password: 'wrong123' });
    expect(ghost.status).toBe(429);
  });

  it('forgets an account’s failed logins after a successful one', async () => {
    const user = await buildUser(t.context);
    const login = (password: string) =>
      request(t.app)
        .post('/api/users/login')
        .set('X-Forwarded-For', nextIp())
        .send({ email: user.email, password });
    await login('wrong123').expect(401);
    await login('wrong123').expect(401);
    await login(TEST_PASSWORD).expect(200);
    await login('wrong123').expect(401);
    await login('wrong123').expect(401);
    await login(TEST_PASSWORD).expect(200);
  });

  it('limits sign-ups per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 2; i += 1) {
      await request(t.app)
        .post('/api/users/signup')
        .set('X-Forwarded-For', ip)
        .send(newSignup())
        .expect(201);
    }
    const res = await request(t.app)
      .post('/api/users/signup')
      .set('X-Forwarded-For', ip)
      .send(newSignup());
    expect(res.status).toBe(429);
  });

  it('limits code sends per account beyond the 60-second wait', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent.set('X-Forwarded-For', nextIp()));
    for (let i = 0; i < 2; i += 1) {
      await agent.post('/api/send-otp').send({ email: account.email }).expect(200);
      t.clock.advance(60_000);
    }
    const res = await agent.post('/api/send-otp').send({ email: account.email });
    expect(res.status).toBe(429);
    expect(mail.to(account.email)).toHaveLength(2);
  });

  it('limits code checks per IP', async () => {
    const ip = nextIp();
    const { user, cookie } = await signedInUser(t.context, { phoneVerifiedAt: null });
    const check = () =>
      request(t.app)
        .post('/api/phone/verify')
        .set('X-Forwarded-For', ip)
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: '9876543210', code: '123456' });
    for (let i = 0; i < 4; i += 1) expect((await check()).status).toBe(400);
    expect((await check()).status).toBe(429);
  });

  it('keeps its counters in PostgreSQL when running on a server', async () => {
    if (t.context.database.engine !== 'postgres') return;
    const result = await t.context.db.execute(sql`SELECT count(*)::int AS n FROM rate_limits`);
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
