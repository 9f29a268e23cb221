import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { authChallenges, authFailures, users } from '../../db/schema.js';
import {
  GOOD_PASSWORD,
  setUpTwoFactor,
  signUp,
  signUpFully,
  verifyEmail,
  type Agent,
  LOOSE_RATE_LIMITS,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';
import { totpCodeAt } from '../../test/totp.js';
import { deriveKey, openSecret } from '../../platform/secret-box.js';
import { totpStepAt } from './totp.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string) {
  const [user] = await t.context.db.select().from(users).where(eq(users.id, id));
  return user!;
}

/** A code the authenticator does not show now nor one step either side. */
function wrongCode(secret: string): string {
  const now = t.clock.now().getTime();
  const valid = new Set(
    [-30_000, 0, 30_000].map((offset) => totpCodeAt(secret, new Date(now + offset))),
  );
  let guess = 0;
  while (valid.has(String(guess).padStart(6, '0'))) guess += 1;
  return String(guess).padStart(6, '0');
}

/** Signed up with email verified, at the 2FA setup step. */
async function atSetup(): Promise<{ agent: Agent; userId: string; email: string }> {
  const agent = request.agent(t.app);
  const account = await signUp(agent);
  await verifyEmail(agent, mail, account.email);
  return { agent, userId: account.userId, email: account.email };
}

/** A fully set-up member, now logged out and logged in again with a password: at 2fa-verify. */
async function atLoginChallenge(existing?: { email: string; userId: string; secret: string }) {
  const account = existing ?? (await signUpFully(t, request.agent(t.app), mail));
  const agent = request.agent(t.app);
  const login = await agent
    .post('/api/users/login')
    .send({ email: account.email, password: GOOD_PASSWORD });
  expect(login.body.nextStep).toBe('2fa-verify');
  return { agent, ...account };
}

describe('POST /api/2fa/setup', () => {
  it('answers a QR code, the otpauth URI (issuer Kindred, labelled with the email) and the secret', async () => {
    const { agent, userId, email } = await atSetup();
    const res = await agent.post('/api/2fa/setup').send({ userId });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      otpauthUrl: `otpauth://totp/Kindred:${encodeURIComponent(email)}?secret=${res.body.secret}&period=30&digits=6&algorithm=SHA1&issuer=Kindred`,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
  });

  it('keeps the secret encrypted at rest, bound to the member', async () => {
    const { agent, userId } = await atSetup();
    const secret = await setUpTwoFactor(agent, userId);
    const stored = await userRow(userId);
    expect(stored.totpSecretEncrypted).toMatch(/^v1\./);
    expect(stored.totpSecretEncrypted).not.toContain(secret);
    const key = deriveKey(t.context.config.dataEncryptionKey, 'totp-secret');
    expect(openSecret(key, stored.totpSecretEncrypted!, userId)).toBe(secret);
    expect(stored.totpEnabledAt).toBeNull();
  });

  it('gives the same secret again until 2FA is enabled (reloads and doubled requests agree)', async () => {
    const { agent, userId } = await atSetup();
    const first = await setUpTwoFactor(agent, userId);
    expect(await setUpTwoFactor(agent, userId)).toBe(first);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(first, t.clock.now()) });
    expect(res.status).toBe(200);
    t.clock.advance(30_000);
  });

  it('concurrent first setup requests agree on one secret, which then verifies', async () => {
    const { agent, userId } = await atSetup();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => agent.post('/api/2fa/setup').send({ userId })),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const secrets = new Set(results.map((res) => res.body.secret as string));
    expect(secrets.size).toBe(1);
    const [secret] = [...secrets];
    const key = deriveKey(t.context.config.dataEncryptionKey, 'totp-secret');
    expect(openSecret(key, (await userRow(userId)).totpSecretEncrypted!, userId)).toBe(secret);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(secret!, t.clock.now()) });
    expect(res.status).toBe(200);
    t.clock.advance(30_000);
  });

  it('replaces a stored secret that no longer decrypts (the encryption key changed)', async () => {
    const { agent, userId } = await atSetup();
    await t.context.db
      .update(users)
      .set({ totpSecretEncrypted: 'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where(eq(users.id, userId));
    const secret = await setUpTwoFactor(agent, userId);
    const key = deriveKey(t.context.config.dataEncryptionKey, 'totp-secret');
    expect(openSecret(key, (await userRow(userId)).totpSecretEncrypted!, userId)).toBe(secret);
  });

  it('is refused with 409 once 2FA is enabled, and the secret is unchanged', async () => {
    const agent = request.agent(t.app);
    const account = await signUpFully(t, agent, mail);
    const before = (await userRow(account.userId)).totpSecretEncrypted;
    const res = await agent.post('/api/2fa/setup').send({ userId: account.userId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(AUTH_MESSAGES.twoFactorAlreadyEnabled);
    expect((await userRow(account.userId)).totpSecretEncrypted).toBe(before);
    // Same for a pending login session.
    const login = await atLoginChallenge(account);
    expect((await login.agent.post('/api/2fa/setup').send({ userId: account.userId })).status).toBe(
      409,
    );
  });

  it('refuses a malformed userId with 400', async () => {
    const { agent } = await atSetup();
    const res = await agent.post('/api/2fa/setup').send({ userId: 'not-an-id' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid ID');
  });
});

describe('POST /api/2fa/verify', () => {
  it("accepts the current code at login and gives a full session, with the member's name", async () => {
    const { agent, userId, secret, email } = await atLoginChallenge();
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(secret, t.clock.now()) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: '2FA verification successful!',
      user: {
        _id: userId,
        email,
        firstName: 'Asha',
        lastName: 'Rao',
        verifiedBadge: false,
        isPhoneVerified: false,
      },
    });
    // The challenge is used up.
    expect(
      await t.context.db.select().from(authChallenges).where(eq(authChallenges.userId, userId)),
    ).toEqual([]);
    t.clock.advance(30_000);
  });

  it('accepts the code of the previous time-step (clock drift), not one from two steps ago', async () => {
    const { agent, userId, secret } = await atLoginChallenge();
    // Well past the step used at sign-up, so the previous step is unused.
    t.clock.advance(90_000);
    const twoStepsAgo = totpCodeAt(secret, new Date(t.clock.now().getTime() - 60_000));
    const stillValid = new Set(
      [-30_000, 0, 30_000].map((offset) =>
        totpCodeAt(secret, new Date(t.clock.now().getTime() + offset)),
      ),
    );
    if (!stillValid.has(twoStepsAgo)) {
      expect(
        (await agent.post('/api/2fa/verify').send({ userId, token: twoStepsAgo })).status,
      ).toBe(401);
    }
    const previous = totpCodeAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await agent.post('/api/2fa/verify').send({ userId, token: previous })).status).toBe(
      200,
    );
    t.clock.advance(30_000);
  });

  it("refuses a replayed code (its time-step was already used) with 401 'Invalid verification code'", async () => {
    const account = await signUpFully(t, request.agent(t.app), mail);
    // signUpFully moved the clock one step on; go back into the step it used.
    t.clock.advance(-30_000);
    const usedStep = (await userRow(account.userId)).totpLastUsedStep;
    expect(usedStep).toBe(totpStepAt(t.clock.now()));
    const { agent } = await atLoginChallenge(account);
    const replay = await agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Invalid verification code');
    // The code of an earlier step is refused too: steps only move forward.
    const earlier = await agent.post('/api/2fa/verify').send({
      userId: account.userId,
      token: totpCodeAt(account.secret, new Date(t.clock.now().getTime() - 30_000)),
    });
    expect(earlier.status).toBe(401);
    // The next step's code is fine.
    t.clock.advance(30_000);
    const next = await agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(next.status).toBe(200);
    expect((await userRow(account.userId)).totpLastUsedStep).toBe(totpStepAt(t.clock.now()));
    t.clock.advance(30_000);
  });

  it('allows one use of a code however many requests race with it', async () => {
    const account = await signUpFully(t, request.agent(t.app), mail);
    const agents = await Promise.all(Array.from({ length: 5 }, () => atLoginChallenge(account)));
    const token = totpCodeAt(account.secret, t.clock.now());
    const results = await Promise.all(
      agents.map(({ agent }) =>
        agent.post('/api/2fa/verify').send({ userId: account.userId, token }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401]);
    t.clock.advance(30_000);
  });

  it('takes at most 5 wrong codes per login challenge, then asks for a new login', async () => {
    const { agent, userId, secret } = await atLoginChallenge();
    for (let i = 0; i < 5; i += 1) {
      const res = await agent.post('/api/2fa/verify').send({ userId, token: wrongCode(secret) });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid verification code');
    }
    const right = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(secret, t.clock.now()) });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(AUTH_MESSAGES.twoFactorChallengeExhausted);
    // Logging in again opens a new challenge.
    const again = await agent
      .post('/api/users/login')
      .send({ email: (await userRow(userId)).email, password: GOOD_PASSWORD });
    expect(again.status).toBe(200);
    const ok = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(secret, t.clock.now()) });
    expect(ok.status).toBe(200);
    t.clock.advance(30_000);
  });

  it('20 concurrent wrong guesses on one challenge count exactly 5', async () => {
    const { agent, userId, secret } = await atLoginChallenge();
    const token = wrongCode(secret);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => agent.post('/api/2fa/verify').send({ userId, token })),
    );
    expect(results.filter((res) => res.status === 401)).toHaveLength(5);
    expect(results.filter((res) => res.status === 429)).toHaveLength(15);
    const [challenge] = await t.context.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.userId, userId));
    expect(challenge?.failedAttempts).toBe(5);
    expect(
      await t.context.db.select().from(authFailures).where(eq(authFailures.userId, userId)),
    ).toHaveLength(5);
  });

  it('takes at most 10 wrong codes per account per hour, across logins, then 429 until the hour passes', async () => {
    const account = await signUpFully(t, request.agent(t.app), mail);
    for (let login = 0; login < 2; login += 1) {
      const { agent } = await atLoginChallenge(account);
      for (let i = 0; i < 5; i += 1) {
        const res = await agent
          .post('/api/2fa/verify')
          .send({ userId: account.userId, token: wrongCode(account.secret) });
        expect(res.status).toBe(401);
      }
      t.clock.advance(60_000);
    }
    const { agent } = await atLoginChallenge(account);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(res.status).toBe(429);
    // The first failure was 2 minutes ago: 58 minutes to go.
    expect(res.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many incorrect codes for this account. Please try again in 58 minutes.',
      retryAfterSeconds: 58 * 60,
    });
    expect(res.headers['retry-after']).toBe(String(58 * 60));
    t.clock.advance(58 * 60 * 1000);
    const later = await atLoginChallenge(account);
    const ok = await later.agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: totpCodeAt(account.secret, t.clock.now()) });
    expect(ok.status).toBe(200);
    t.clock.advance(30_000);
  });

  it('20 concurrent wrong guesses over 4 logins never exceed the hourly cap of 10', async () => {
    const account = await signUpFully(t, request.agent(t.app), mail);
    const logins: { agent: Agent }[] = [];
    for (let i = 0; i < 4; i += 1) logins.push(await atLoginChallenge(account));
    const token = wrongCode(account.secret);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        logins[i % 4]!.agent.post('/api/2fa/verify').send({ userId: account.userId, token }),
      ),
    );
    expect(results.filter((res) => res.status === 401)).toHaveLength(10);
    expect(results.filter((res) => res.status === 429)).toHaveLength(10);
    const failures = await t.context.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.userId, account.userId));
    expect(failures).toHaveLength(10);
    t.clock.advance(60 * 60 * 1000);
  });

  it('says the session expired when the login challenge is older than 15 minutes', async () => {
    const { agent, userId, secret } = await atLoginChallenge();
    t.clock.advance(15 * 60 * 1000);
    const res = await agent
      .post('/api/2fa/verify')
      .send({ userId, token: totpCodeAt(secret, t.clock.now()) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Session expired. Please login again.');
  });

  it.each([
    [{ token: '12345' }, 'Please enter the 6-digit code'],
    [{ token: 123456 }, 'Please enter the 6-digit code'],
    [{ userId: 'x' }, 'Invalid ID'],
  ])('refuses %j with 400 %j', async (override, message) => {
    const { agent, userId } = await atSetup();
    const res = await agent.post('/api/2fa/verify').send({ userId, token: '123456', ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
