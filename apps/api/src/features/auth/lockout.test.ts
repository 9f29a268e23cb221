import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from './index.js';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  signUpFully,
  type Agent,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';

/**
 * Issue 19 finding 1: strangers must not be able to lock an account's owner out. Failures count
 * per (account, client) and per IP; per account, browsers without the device cookie are only
 * slowed down, and the browser the owner signed in with before is exempt. Each request names its
 * own client IP (X-Forwarded-For, trusted here).
 */

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    mailer: mail.mailer,
    rateLimits: {
      ...LOOSE_RATE_LIMITS,
      loginFailuresPerAccountClient: { points: 10, durationSeconds: 3600 },
      loginFailuresPerAccount: { points: 5, durationSeconds: 3600 },
      loginSlowdownPerAccount: { points: 1, durationSeconds: 60 },
      loginFailuresPerIp: { points: 1000, durationSeconds: 3600 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

/** A member who signed up in `owner`'s browser (which now holds the device cookie), signed out. */
async function ownerWithKnownBrowser() {
  const owner: Agent = request.agent(t.app);
  owner.set('X-Forwarded-For', nextIp());
  const account = await signUpFully(t, owner, mail);
  await owner.post('/api/users/logout').expect(200);
  return { owner, account };
}

function attackerLogin(email: string, password = 'wrong-guess1', ip = nextIp()) {
  return request(t.app)
    .post('/api/users/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password });
}

describe('password lockout cannot be turned against the owner', () => {
  it('ten wrong passwords from anywhere leave the owner’s known browser able to sign in', async () => {
    const { owner, account } = await ownerWithKnownBrowser();
    for (let i = 0; i < 10; i += 1) {
      const res = await attackerLogin(account.email.toUpperCase());
      expect([401, 429]).toContain(res.status);
    }
    const res = await owner.post('/api/users/login').send({
      email: account.email,
      password: GOOD_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.nextStep).toBe('2fa-verify');
  });

  it('slows other browsers down by seconds, never for an hour', async () => {
    const { account } = await ownerWithKnownBrowser();
    for (let i = 0; i < 12; i += 1) await attackerLogin(account.email);
    const res = await attackerLogin(account.email, GOOD_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts one client’s failures on an account, upper-case email or not, only against that client', async () => {
    const { owner, account } = await ownerWithKnownBrowser();
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const email = i % 2 ? account.email.toUpperCase() : account.email;
      await attackerLogin(email, 'wrong-guess1', ip);
    }
    // This client has spent its failures on the account: even the right password waits.
    const spent = await attackerLogin(account.email, GOOD_PASSWORD, ip);
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe('RATE_LIMITED');
    // The owner is not that client.
    await owner
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
  });

  it('a password reset lifts every counter of the account', async () => {
    const { account } = await ownerWithKnownBrowser();
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) await attackerLogin(account.email, 'wrong-guess1', ip);
    expect((await attackerLogin(account.email, GOOD_PASSWORD, ip)).status).toBe(429);

    await request(t.app)
      .post('/api/users/password/forgot')
      .set('X-Forwarded-For', ip)
      .send({ email: account.email })
      .expect(200);
    // The code is sent after the reply.
    await t.context.background.settled();
    const newPassword = 'brand-new-pass9';
    await request(t.app)
      .post('/api/users/password/reset')
      .set('X-Forwarded-For', ip)
      .send({ email: account.email, code: mail.latestCode(account.email), password: newPassword })
      .expect(200);
    const res = await attackerLogin(account.email, newPassword, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('the 2FA hourly cap cannot be turned against the owner', () => {
  it('ten wrong codes from someone with the password leave the owner’s known browser able to finish', async () => {
    const { owner, account } = await ownerWithKnownBrowser();
    const attacker = request.agent(t.app);
    attacker.set('X-Forwarded-For', nextIp());
    // Two logins of five wrong codes each (the per-challenge limit).
    for (let login = 0; login < 2; login += 1) {
      await attacker
        .post('/api/users/login')
        .send({ email: account.email, password: GOOD_PASSWORD })
        .expect(200);
      for (let i = 0; i < 5; i += 1) {
        const res = await attacker
          .post('/api/2fa/verify')
          .send({ userId: account.userId, token: '000000' });
        expect(res.status).toBe(401);
      }
    }
    // The attacker's next login is capped for the hour…
    await attacker
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
    const capped = await attacker
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(capped.status).toBe(429);

    // …the owner's known browser is not.
    await owner
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
    t.clock.advance(30_000);
    const res = await owner
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a forged or another account’s device cookie does not exempt a browser', async () => {
    const { account } = await ownerWithKnownBrowser();
    const { owner: otherBrowser } = await ownerWithKnownBrowser();
    for (let i = 0; i < 12; i += 1) await attackerLogin(account.email);
    const forged = await request(t.app)
      .post('/api/users/login')
      .set('X-Forwarded-For', nextIp())
      .set('Cookie', `kindred.device=${account.userId}.abc.${t.clock.now().getTime()}.forged`)
      .send({ email: account.email, password: GOOD_PASSWORD });
    expect(forged.status).toBe(429);
    const other = await otherBrowser
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD });
    expect(other.status).toBe(429);
  });
});

describe('a sign-in from a browser not seen before', () => {
  const newSignIns = async (agent: Agent) => {
    const res = await agent.get('/api/notifications').expect(200);
    return (res.body.notifications as { type: string }[]).filter(
      (item) => item.type === 'new_sign_in',
    ).length;
  };

  it('tells the member once per new browser, and not for the browser they used before', async () => {
    const { owner, account } = await ownerWithKnownBrowser();
    const signIn = async (agent: Agent) => {
      await agent
        .post('/api/users/login')
        .send({ email: account.email, password: GOOD_PASSWORD })
        .expect(200);
      t.clock.advance(30_000);
      await agent
        .post('/api/2fa/verify')
        .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) })
        .expect(200);
    };
    await signIn(owner);
    expect(await newSignIns(owner)).toBe(0);

    const stranger: Agent = request.agent(t.app);
    stranger.set('X-Forwarded-For', nextIp());
    await signIn(stranger);
    expect(await newSignIns(owner)).toBe(1);
    // That browser is known now.
    await stranger.post('/api/users/logout').expect(200);
    await signIn(stranger);
    expect(await newSignIns(owner)).toBe(1);
  });
});
