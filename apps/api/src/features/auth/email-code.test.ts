import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { users, verificationCodes } from '../../db/schema.js';
import { LOOSE_RATE_LIMITS, signUp, type Agent } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

async function signedUp(): Promise<{ agent: Agent; userId: string; email: string }> {
  const agent = request.agent(t.app);
  const account = await signUp(agent);
  return { agent, userId: account.userId, email: account.email };
}

async function codeRow(userId: string) {
  const [row] = await t.context.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'email')));
  return row;
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/send-otp', () => {
  it('emails a 6-digit code to the signing-in member and stores only its hash', async () => {
    const { agent, userId, email } = await signedUp();
    const res = await agent.post('/api/send-otp').send({ email, userId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: `OTP sent to ${email}`,
      expiresInSeconds: 300,
      resendAfterSeconds: 60,
    });
    const [message] = mail.to(email);
    expect(message?.subject).toBe('Your Kindred verification code');
    const code = mail.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.html).toContain(code);
    expect(message?.text).toContain('Hi Asha');
    const row = await codeRow(userId);
    expect(row).toMatchObject({ target: email, failedAttempts: 0 });
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(5 * 60 * 1000);
  });

  it('accepts the email in any case and with spaces', async () => {
    const { agent, email } = await signedUp();
    const res = await agent.post('/api/send-otp').send({ email: `  ${email.toUpperCase()}  ` });
    expect(res.status).toBe(200);
  });

  it("refuses another address than the account's own with 403, without saying whether it exists", async () => {
    const { agent, userId } = await signedUp();
    const other = await signedUp();
    for (const email of [other.email, 'nobody-at-all@example.com']) {
      const res = await agent.post('/api/send-otp').send({ email });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(AUTH_MESSAGES.otpWrongEmail);
    }
    expect(mail.to(other.email)).toHaveLength(0);
    expect(await codeRow(userId)).toBeUndefined();
  });

  it('refuses a resend within 60 seconds with 429 and the seconds left, then allows it', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    t.clock.advance(15_000);
    const res = await agent.post('/api/send-otp').send({ email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Please wait 45 seconds before requesting a new code.',
      retryAfterSeconds: 45,
    });
    expect(res.headers['retry-after']).toBe('45');
    expect(mail.to(email)).toHaveLength(1);
    t.clock.advance(45_000);
    await agent.post('/api/send-otp').send({ email }).expect(200);
    expect(mail.to(email)).toHaveLength(2);
  });

  it('a resend replaces the previous code', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const first = mail.latestCode(email);
    t.clock.advance(60_000);
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const second = mail.latestCode(email);
    if (first !== second) {
      const res = await agent.post('/api/verify-otp').send({ email, otp: first });
      expect(res.status).toBe(400);
    }
    await agent.post('/api/verify-otp').send({ email, otp: second }).expect(200);
  });

  it('answers 409 once the email is verified', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    await agent
      .post('/api/verify-otp')
      .send({ email, otp: mail.latestCode(email) })
      .expect(200);
    t.clock.advance(60_000);
    const res = await agent.post('/api/send-otp').send({ email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(AUTH_MESSAGES.emailAlreadyVerified);
  });

  it('withdraws the code and answers 502 when the email cannot be sent, so a retry is allowed at once', async () => {
    const failing = await createTestApp({
      mailer: { mode: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close() {} },
    });
    try {
      const agent = request.agent(failing.app);
      const account = await signUp(agent);
      const res = await agent.post('/api/send-otp').send({ email: account.email });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to send verification email. Please try again.');
      const again = await agent.post('/api/send-otp').send({ email: account.email });
      expect(again.status).toBe(502);
    } finally {
      await failing.close();
    }
  });

  it.each([
    [{}, 'Please fill in all fields'],
    [{ email: 'bad' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', userId: 'nope' }, 'Invalid ID'],
  ])('refuses %j with 400 %j', async (body, message) => {
    const { agent } = await signedUp();
    const res = await agent.post('/api/send-otp').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('POST /api/verify-otp', () => {
  it('verifies the email, steps the session up and names the next step', async () => {
    const { agent, userId, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const res = await agent.post('/api/verify-otp').send({ email, otp: mail.latestCode(email) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: AUTH_MESSAGES.emailVerified,
      userId,
      nextStep: '2fa-setup',
      setupUrl: `/2fa-setup/${userId}`,
    });
    expect(res.headers['set-cookie']?.[0]).toMatch(/^kindred\.sid=/);
    const [user] = await t.context.db.select().from(users).where(eq(users.id, userId));
    expect(user?.emailVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(await codeRow(userId)).toBeUndefined();
  });

  it('a code works once', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const otp = mail.latestCode(email);
    await agent.post('/api/verify-otp').send({ email, otp }).expect(200);
    const res = await agent.post('/api/verify-otp').send({ email, otp });
    expect(res.status).toBe(409);
  });

  it('refuses an expired code with a clear message', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    t.clock.advance(5 * 60 * 1000);
    const res = await agent.post('/api/verify-otp').send({ email, otp: mail.latestCode(email) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This code has expired. Please request a new code.');
  });

  it('accepts a code just before it expires', async () => {
    const { agent, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    t.clock.advance(5 * 60 * 1000 - 1000);
    await agent
      .post('/api/verify-otp')
      .send({ email, otp: mail.latestCode(email) })
      .expect(200);
  });

  it('counts wrong codes and voids the code after 5, even the right one then', async () => {
    const { agent, userId, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const otp = mail.latestCode(email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await agent.post('/api/verify-otp').send({ email, otp: otherThan(otp) });
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages).toEqual([
      'Invalid verification code. 4 attempts left.',
      'Invalid verification code. 3 attempts left.',
      'Invalid verification code. 2 attempts left.',
      'Invalid verification code. 1 attempt left.',
      'Invalid verification code. Please request a new code.',
    ]);
    const res = await agent.post('/api/verify-otp').send({ email, otp });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many incorrect attempts. Please request a new code.');
    expect((await codeRow(userId))?.failedAttempts).toBe(5);
    const [user] = await t.context.db.select().from(users).where(eq(users.id, userId));
    expect(user?.emailVerifiedAt).toBeNull();
    // A new code (after the resend wait) starts afresh.
    t.clock.advance(60_000);
    await agent.post('/api/send-otp').send({ email }).expect(200);
    await agent
      .post('/api/verify-otp')
      .send({ email, otp: mail.latestCode(email) })
      .expect(200);
  });

  it('20 concurrent wrong guesses count no more than 5', async () => {
    const { agent, userId, email } = await signedUp();
    await agent.post('/api/send-otp').send({ email }).expect(200);
    const otp = mail.latestCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        agent
          .post('/api/verify-otp')
          .send({ email, otp: otherThan(String((Number(otp) + i) % 1_000_000)) }),
      ),
    );
    expect(guesses.filter((res) => res.status === 400)).toHaveLength(5);
    expect(guesses.filter((res) => res.status === 429)).toHaveLength(15);
    expect((await codeRow(userId))?.failedAttempts).toBe(5);
  });

  it('says when no code was requested', async () => {
    const { agent, email } = await signedUp();
    const res = await agent.post('/api/verify-otp').send({ email, otp: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.codeNotRequested);
  });

  it.each([
    [{ otp: '12345' }, 'Please enter the 6-digit code'],
    [{ otp: '12345a' }, 'Please enter the 6-digit code'],
    [{ otp: undefined }, 'Please enter the 6-digit code'],
    [{ email: '' }, 'Please fill in all fields'],
  ])('refuses %j with 400 %j', async (override, message) => {
    const { agent, email } = await signedUp();
    const res = await agent.post('/api/verify-otp').send({ email, otp: '123456', ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses to verify another account's email", async () => {
    const { agent } = await signedUp();
    const other = await signedUp();
    await other.agent.post('/api/send-otp').send({ email: other.email }).expect(200);
    const res = await agent
      .post('/api/verify-otp')
      .send({ email: other.email, otp: mail.latestCode(other.email) });
    expect(res.status).toBe(403);
    const [user] = await t.context.db.select().from(users).where(eq(users.id, other.userId));
    expect(user?.emailVerifiedAt).toBeNull();
  });
});
