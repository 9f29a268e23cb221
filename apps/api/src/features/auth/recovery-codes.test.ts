import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_MESSAGES,
  RECOVERY_CODE_PATTERN,
} from '@kindred/contracts';
import { authFailures, recoveryCodes, users } from '../../db/schema.js';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  setUpTwoFactor,
  signUp,
  verifyEmail,
  type Agent,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';
import { totpCodeAt } from '../../test/totp.js';
import { generateRecoveryCode } from './recovery-codes.js';
import { resetTwoFactor } from './two-factor.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

interface Enrolled {
  agent: Agent;
  userId: string;
  email: string;
  secret: string;
  codes: string[];
}

/** Sign-up → email → 2FA setup → first code: a signed-in member and the codes the reply gave. */
async function enrolled(): Promise<Enrolled> {
  const agent = request.agent(t.app);
  const account = await signUp(agent);
  await verifyEmail(agent, mail, account.email);
  const secret = await setUpTwoFactor(agent, account.userId);
  const res = await agent
    .post('/api/2fa/verify')
    .send({ userId: account.userId, token: totpCodeAt(secret, t.clock.now()) });
  t.clock.advance(30_000);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    agent,
    userId: account.userId,
    email: account.email,
    secret,
    codes: res.body.recoveryCodes as string[],
  };
}

/** A new browser that gave the member's password: at the 2FA step of login. */
async function atLoginChallenge(member: Pick<Enrolled, 'email'>): Promise<Agent> {
  const agent = request.agent(t.app);
  const login = await agent
    .post('/api/users/login')
    .send({ email: member.email, password: GOOD_PASSWORD });
  expect(login.body.nextStep).toBe('2fa-verify');
  return agent;
}

function useCode(agent: Agent, userId: string, recoveryCode: string) {
  return agent.post('/api/2fa/verify').send({ userId, recoveryCode });
}

async function unusedCount(userId: string): Promise<number> {
  const rows = await t.context.db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

describe('recovery codes given when 2FA is first enabled', () => {
  it('the first verify reply carries 10 distinct xxxx-xxxx codes, not cached, stored only hashed', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await verifyEmail(agent, mail, account.email);
    const secret = await setUpTwoFactor(agent, account.userId);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const codes = res.body.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const stored = await t.context.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.userId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) {
        expect(row.codeHash).not.toContain(code);
        expect(row.codeHash).not.toContain(code.replace('-', ''));
      }
    }
  });

  it('a later login with the authenticator gives no codes (they are shown once)', async () => {
    const member = await enrolled();
    const agent = await atLoginChallenge(member);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId: member.userId, token: totpCodeAt(member.secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toBeUndefined();
    expect(res.body.recoveryCodesRemaining).toBeUndefined();
    expect(await unusedCount(member.userId)).toBe(RECOVERY_CODE_COUNT);
  });

  it('codes come from a CSPRNG over the unambiguous alphabet (no i, l, o, u)', () => {
    const many = Array.from({ length: 2000 }, generateRecoveryCode);
    expect(new Set(many).size).toBe(many.length);
    for (const code of many) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(many.join('')).not.toMatch(/[ilou]/);
  });
});

describe('POST /api/2fa/verify with a recovery code', () => {
  it('signs the member in, says 9 remain and mails a notice', async () => {
    const member = await enrolled();
    const agent = await atLoginChallenge(member);
    const before = mail.to(member.email).length;
    const res = await useCode(agent, member.userId, member.codes[0]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: RECOVERY_CODE_MESSAGES.accepted(9),
      recoveryCodesRemaining: 9,
      user: { _id: member.userId },
    });
    // A full session: member routes answer.
    const status = await agent.get('/api/2fa/recovery-codes');
    expect(status.body).toEqual({ success: true, remaining: 9 });

    const notices = mail.to(member.email).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('A Kindred recovery code was used');
    expect(notices[0]!.text).toContain('9 unused recovery codes left');
    expect(notices[0]!.text).not.toContain(member.codes[0]!);
  });

  it('forgives capitals, spaces and a missing dash', async () => {
    const member = await enrolled();
    const agent = await atLoginChallenge(member);
    const typed = ` ${member.codes[1]!.replace('-', ' ').toUpperCase()} `;
    const res = await useCode(agent, member.userId, typed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recoveryCodesRemaining).toBe(9);
  });

  it('a used code never works again (the session stays pending)', async () => {
    const member = await enrolled();
    const first = await atLoginChallenge(member);
    expect((await useCode(first, member.userId, member.codes[2]!)).status).toBe(200);

    const second = await atLoginChallenge(member);
    const again = await useCode(second, member.userId, member.codes[2]!);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      success: false,
      message: RECOVERY_CODE_MESSAGES.invalid,
      code: 'CODE_INVALID',
    });
    expect((await second.get('/api/2fa/recovery-codes')).status).toBe(401);
    expect(await unusedCount(member.userId)).toBe(9);
  });

  it('of two parallel uses of one code only one succeeds', async () => {
    const member = await enrolled();
    const [a, b] = [await atLoginChallenge(member), await atLoginChallenge(member)];
    const results = await Promise.all([
      useCode(a, member.userId, member.codes[3]!),
      useCode(b, member.userId, member.codes[3]!),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(await unusedCount(member.userId)).toBe(9);
  });

  it("another member's code does not open this account", async () => {
    const owner = await enrolled();
    const stranger = await enrolled();
    const agent = await atLoginChallenge(owner);
    const res = await useCode(agent, owner.userId, stranger.codes[0]!);
    expect(res.status).toBe(401);
    expect(await unusedCount(stranger.userId)).toBe(RECOVERY_CODE_COUNT);
    expect(await unusedCount(owner.userId)).toBe(RECOVERY_CODE_COUNT);
  });

  it('wrong recovery codes count against the login challenge (5) like authenticator codes', async () => {
    const member = await enrolled();
    const agent = await atLoginChallenge(member);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await useCode(agent, member.userId, generateRecoveryCode());
      expect(wrong.status).toBe(401);
    }
    const right = await useCode(agent, member.userId, member.codes[0]!);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(AUTH_MESSAGES.twoFactorChallengeExhausted);
    expect(await unusedCount(member.userId)).toBe(RECOVERY_CODE_COUNT);
    t.clock.advance(60 * 60 * 1000);
  });

  it('wrong recovery and authenticator codes share the hourly cap of 10', async () => {
    const member = await enrolled();
    const first = await atLoginChallenge(member);
    for (let i = 0; i < 5; i += 1) {
      expect((await useCode(first, member.userId, generateRecoveryCode())).status).toBe(401);
    }
    const second = await atLoginChallenge(member);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await second
        .post('/api/2fa/verify')
        .send({ userId: member.userId, token: '000000' });
      // '000000' could be the real code once in a million; then the cap test proves nothing.
      expect(wrong.status).toBe(401);
    }
    const third = await atLoginChallenge(member);
    const capped = await useCode(third, member.userId, member.codes[0]!);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('RATE_LIMITED');
    expect(await unusedCount(member.userId)).toBe(RECOVERY_CODE_COUNT);
    t.clock.advance(60 * 60 * 1000);
    const later = await atLoginChallenge(member);
    expect((await useCode(later, member.userId, member.codes[0]!)).status).toBe(200);
  });

  it.each([
    [{ recoveryCode: 'abc' }, RECOVERY_CODE_MESSAGES.format],
    [{ recoveryCode: 'abcd-efgu' }, RECOVERY_CODE_MESSAGES.format],
    [{ recoveryCode: 42 }, RECOVERY_CODE_MESSAGES.format],
    [{ token: '123456', recoveryCode: 'abcd-2345' }, RECOVERY_CODE_MESSAGES.oneAnswer],
    [{}, AUTH_MESSAGES.codeFormat],
  ])('refuses %j with 400 %j', async (body, message) => {
    const member = await enrolled();
    const agent = await atLoginChallenge(member);
    const res = await agent.post('/api/2fa/verify').send({ userId: member.userId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET and POST /api/2fa/recovery-codes (Settings)', () => {
  it('answers 401 without a full session', async () => {
    const member = await enrolled();
    const pending = await atLoginChallenge(member);
    expect((await pending.get('/api/2fa/recovery-codes')).status).toBe(401);
    const token = totpCodeAt(member.secret, t.clock.now());
    expect((await pending.post('/api/2fa/recovery-codes').send({ token })).status).toBe(401);
    expect((await request(t.app).get('/api/2fa/recovery-codes')).status).toBe(401);
  });

  it('a fresh authenticator code replaces the codes: the old ones stop working, the new ones work', async () => {
    const member = await enrolled();
    const before = mail.to(member.email).length;
    const res = await member.agent
      .post('/api/2fa/recovery-codes')
      .send({ token: totpCodeAt(member.secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.message).toBe(RECOVERY_CODE_MESSAGES.regenerated);
    const fresh = res.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => member.codes.includes(code))).toEqual([]);
    expect(
      mail
        .to(member.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual(['Your Kindred recovery codes were replaced']);

    const agent = await atLoginChallenge(member);
    expect((await useCode(agent, member.userId, member.codes[0]!)).status).toBe(401);
    expect((await useCode(agent, member.userId, fresh[0]!)).status).toBe(200);
    expect((await agent.get('/api/2fa/recovery-codes')).body.remaining).toBe(9);
  });

  it('refuses a wrong or replayed code with 400 (the member stays signed in), codes unchanged', async () => {
    const member = await enrolled();
    const wrong = await member.agent.post('/api/2fa/recovery-codes').send({ token: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.twoFactorInvalid,
      code: 'CODE_INVALID',
    });
    // The code of the step the sign-up already used is a replay.
    t.clock.advance(-30_000);
    const replay = await member.agent
      .post('/api/2fa/recovery-codes')
      .send({ token: totpCodeAt(member.secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(replay.status).toBe(400);
    expect((await member.agent.get('/api/2fa/recovery-codes')).body.remaining).toBe(10);
    const failures = await t.context.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.userId, member.userId));
    expect(failures).toHaveLength(2);
    const agent = await atLoginChallenge(member);
    expect((await useCode(agent, member.userId, member.codes[0]!)).status).toBe(200);
  });

  it('refuses a malformed token with 400 "Please enter the 6-digit code"', async () => {
    const member = await enrolled();
    const res = await member.agent.post('/api/2fa/recovery-codes').send({ token: '12' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.codeFormat);
  });

  it('counts what remains, per member', async () => {
    const member = await enrolled();
    const other = await enrolled();
    for (const code of member.codes.slice(0, 3)) {
      expect((await useCode(await atLoginChallenge(member), member.userId, code)).status).toBe(200);
    }
    expect((await member.agent.get('/api/2fa/recovery-codes')).body).toEqual({
      success: true,
      remaining: 7,
    });
    expect((await other.agent.get('/api/2fa/recovery-codes')).body.remaining).toBe(10);
  });
});

describe('an operator reset (lost authenticator and codes)', () => {
  it('clears the secret and codes, ends every session, and the next login re-enrols with new codes', async () => {
    const member = await enrolled();
    const before = mail.to(member.email).length;
    expect(await resetTwoFactor(t.context, member.email)).toEqual({
      kind: 'two-factor-reset',
      userId: member.userId,
    });
    const [row] = await t.context.db.select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ totpSecretEncrypted: null, totpEnabledAt: null });
    expect(await unusedCount(member.userId)).toBe(0);
    // The signed-in browser is signed out.
    expect((await member.agent.get('/api/2fa/recovery-codes')).status).toBe(401);
    expect(
      mail
        .to(member.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual(['Two-factor authentication was reset on your Kindred account']);

    // Next login: password, then 2FA setup (not the code step), and an old code is no way in.
    const agent = request.agent(t.app);
    const login = await agent
      .post('/api/users/login')
      .send({ email: member.email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.nextStep).toBe('2fa-setup');
    const oldCode = await useCode(agent, member.userId, member.codes[0]!);
    expect(oldCode.status).not.toBe(200);

    const secret = await setUpTwoFactor(agent, member.userId);
    expect(secret).not.toBe(member.secret);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId: member.userId, token: totpCodeAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await agent.get('/api/2fa/recovery-codes')).body.remaining).toBe(10);
  });

  it('says so for an email with no account', async () => {
    expect(await resetTwoFactor(t.context, 'nobody-here@example.com')).toEqual({
      kind: 'unknown-email',
    });
  });
});
