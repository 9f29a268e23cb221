import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { createSmsCatcher } from '../../test/mail.js';
import { sendEmailCode, sendPhoneCode, signInWithPassword } from './service.js';
import { setUpTwoFactor, verifyTwoFactor } from './two-factor.js';

/**
 * The sign-in steps called as services, without a request: each answers with an outcome the
 * routes present. (The replies themselves are tested through HTTP in the other files.)
 */

const sms = createSmsCatcher();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sms: sms.sms });
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  signInWithPassword(t.context, {
    email,
    password,
    coordinates: null,
    rememberMe: false,
    newsletter: false,
    ip: '203.0.113.7',
  });

describe('the password step', () => {
  it('answers a wrong password and an unknown email alike: invalid-credentials', async () => {
    const user = await buildUser(t.context);
    expect(await login(user.email, 'wrong-password')).toEqual({ kind: 'invalid-credentials' });
    expect(await login('nobody@example.com', TEST_PASSWORD)).toEqual({
      kind: 'invalid-credentials',
    });
  });

  it('accepts a set-up member with the 2FA code next and a challenge opened for it', async () => {
    const user = await buildUser(t.context);
    const outcome = await login(user.email, TEST_PASSWORD);
    expect(outcome).toMatchObject({ kind: 'password-accepted', nextStep: '2fa-verify' });
    expect(outcome.kind === 'password-accepted' && outcome.challengeId).toEqual(expect.any(String));
  });

  it('answers verification-required once the 7-day email deadline has passed', async () => {
    const eightDaysAgo = new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000);
    const user = await buildUser(t.context, {
      emailVerifiedAt: null,
      totpEnabledAt: null,
      createdAt: eightDaysAgo,
    });
    const outcome = await login(user.email, TEST_PASSWORD);
    expect(outcome.kind).toBe('verification-required');
  });
});

describe('the email code step', () => {
  it('refuses to email any address but the account’s own (not-your-email), sending nothing', async () => {
    const user = await buildUser(t.context, { emailVerifiedAt: null, totpEnabledAt: null });
    const outcome = await sendEmailCode(t.context, { userId: user.id }, 'someone-else@example.com');
    expect(outcome).toEqual({ kind: 'not-your-email' });
  });

  it('answers session-expired when the session’s account is gone', async () => {
    const outcome = await sendEmailCode(
      t.context,
      { userId: '00000000-0000-4000-8000-000000000000' },
      'gone@example.com',
    );
    expect(outcome).toEqual({ kind: 'session-expired' });
  });
});

describe('the phone code step', () => {
  it('hands the code back only in SMS development mode outside production', async () => {
    const user = await buildUser(t.context);
    const dev = await sendPhoneCode(t.context, user.id, '+919876543210');
    expect(dev).toEqual({ kind: 'phone-code-sent', devCode: expect.stringMatching(/^\d{6}$/) });

    const other = await buildUser(t.context);
    const production: AppContext = {
      ...t.context,
      config: { ...t.context.config, isProduction: true },
    };
    expect(await sendPhoneCode(production, other.id, '+919876543210')).toEqual({
      kind: 'phone-code-sent',
    });
  });
});

describe('the 2FA steps', () => {
  it('refuses setup before the email is verified, and a second setup once enabled', async () => {
    const unverified = await buildUser(t.context, { emailVerifiedAt: null, totpEnabledAt: null });
    expect(await setUpTwoFactor(t.context, { userId: unverified.id })).toEqual({
      kind: 'email-not-verified',
    });
    const enabled = await buildUser(t.context);
    expect(await setUpTwoFactor(t.context, { userId: enabled.id })).toEqual({
      kind: 'two-factor-already-enabled',
    });
  });

  it('gives one secret to a member who asks twice before confirming it', async () => {
    const user = await buildUser(t.context, { totpEnabledAt: null });
    const first = await setUpTwoFactor(t.context, { userId: user.id });
    const second = await setUpTwoFactor(t.context, { userId: user.id });
    expect(first.kind).toBe('enrolment');
    expect(second).toMatchObject({
      kind: 'enrolment',
      secret: (first as { secret: string }).secret,
    });
  });

  it('answers session-expired to a code with no login challenge behind it', async () => {
    const user = await buildUser(t.context, { totpEnabledAt: null });
    await setUpTwoFactor(t.context, { userId: user.id });
    expect(
      await verifyTwoFactor(t.context, { userId: user.id }, { token: '123456' }, { ip: '::1' }),
    ).toEqual({ kind: 'session-expired' });
  });
});
