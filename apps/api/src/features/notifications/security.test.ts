import type { NotificationItem } from '@kindred/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  setUpTwoFactor,
  signUp,
  verifyEmail,
  verifyTwoFactor,
  type Agent,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';
import { totpCodeAt } from '../../test/totp.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

/** The member's item types, newest first; sign-ins from new browsers are sign-in's own business. */
const typesOf = async (agent: Agent): Promise<string[]> => {
  const res = await agent.get('/api/notifications').expect(200);
  return (res.body.notifications as NotificationItem[])
    .map((item) => item.type)
    .filter((type) => type !== 'new_sign_in');
};

describe('security notifications, through sign-in itself', () => {
  it('enabling 2FA, a recovery code used at login and new recovery codes each tell the member once', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await verifyEmail(agent, mail, account.email);
    const secret = await setUpTwoFactor(agent, account.userId);
    const enabled = await verifyTwoFactor(t, agent, account.userId, secret);
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(await typesOf(agent)).toEqual(['two_factor_changed']);

    // A later sign-in with the authenticator changes nothing about 2FA: no new item.
    const again = request.agent(t.app);
    await again
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
    expect((await verifyTwoFactor(t, again, account.userId, secret)).status).toBe(200);
    expect(await typesOf(again)).toEqual(['two_factor_changed']);

    const other = request.agent(t.app);
    await other
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
    await other
      .post('/api/2fa/verify')
      .send({ userId: account.userId, recoveryCode: codes[0] })
      .expect(200);
    expect(await typesOf(other)).toEqual(['recovery_code_used', 'two_factor_changed']);

    // New recovery codes (Settings, with a fresh authenticator code) are a 2FA change too.
    t.clock.advance(60_000);
    await other
      .post('/api/2fa/recovery-codes')
      .send({ token: totpCodeAt(secret, t.clock.now()) })
      .expect(200);
    expect(await typesOf(other)).toEqual([
      'two_factor_changed',
      'recovery_code_used',
      'two_factor_changed',
    ]);
  });

  it('a password reset tells the member once', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await verifyEmail(agent, mail, account.email);
    const secret = await setUpTwoFactor(agent, account.userId);
    expect((await verifyTwoFactor(t, agent, account.userId, secret)).status).toBe(200);

    await request(t.app)
      .post('/api/users/password/forgot')
      .send({ email: account.email })
      .expect(200);
    await t.context.background.settled();
    await request(t.app)
      .post('/api/users/password/reset')
      .send({
        email: account.email,
        code: mail.latestCode(account.email),
        password: 'another-long-password-7',
      })
      .expect(200);

    const again = request.agent(t.app);
    await again
      .post('/api/users/login')
      .send({ email: account.email, password: 'another-long-password-7' })
      .expect(200);
    expect((await verifyTwoFactor(t, again, account.userId, secret)).status).toBe(200);
    expect(await typesOf(again)).toEqual(['password_changed', 'two_factor_changed']);
  });
});
