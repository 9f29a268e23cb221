import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { users, verificationCodes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, sessionCookieFor, signedInUser } from '../../test/factories.js';
import { createSmsCatcher } from '../../test/mail.js';

const sms = createSmsCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    sms: sms.sms,
    rateLimits: {
      codeSendPerIp: { points: 1000, durationSeconds: 60 },
      codeSendPerAccount: { points: 1000, durationSeconds: 60 },
      codeCheckPerIp: { points: 1000, durationSeconds: 60 },
      codeCheckPerAccount: { points: 1000, durationSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await t.close();
});
// The tests share one number, and a number verifies one account only (phone-uniqueness.test.ts):
// each test starts with it free.
afterEach(async () => {
  await t.context.db
    .update(users)
    .set({ phoneVerifiedAt: null })
    .where(eq(users.phoneNumber, '+919876543210'));
});

/** A member who passed 2FA but has not verified a phone yet. */
const memberWithoutPhone = () =>
  signedInUser(t.context, { phoneNumber: null, phoneVerifiedAt: null });

async function userRow(id: string) {
  const [user] = await t.context.db.select().from(users).where(eq(users.id, id));
  return user!;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/phone/send-code', () => {
  it('texts a 6-digit code and, in SMS dev mode, hands it back as devCode', async () => {
    const { user, cookie } = await memberWithoutPhone();
    const res = await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', cookie)
      .send({ userId: user.id, phoneNumber: '+919876543210' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Verification code sent successfully! Check your SMS.',
      devMode: true,
      devCode: expect.stringMatching(/^\d{6}$/),
      expiresInSeconds: 300,
      resendAfterSeconds: 60,
    });
    expect(sms.texts.at(-1)).toEqual({
      to: '+919876543210',
      body: expect.stringContaining(res.body.devCode),
    });
    const [row] = await t.context.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'phone')));
    expect(row?.target).toBe('+919876543210');
    expect(row?.codeHash).not.toContain(res.body.devCode);
  });

  it('never reveals the code when SMS is really sent', async () => {
    const real = await createTestApp({ sms: { devMode: false, send: async () => {} } });
    try {
      const { user, cookie } = await signedInUser(real.context, {
        phoneNumber: null,
        phoneVerifiedAt: null,
      });
      const res = await request(real.app)
        .post('/api/phone/send-code')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: '9876543210' });
      expect(res.status).toBe(200);
      expect(res.body.devMode).toBe(false);
      expect(res.body).not.toHaveProperty('devCode');
    } finally {
      await real.close();
    }
  });

  it('accepts {countryCode, phoneNumber} and defaults the country code to +91', async () => {
    const a = await memberWithoutPhone();
    const b = await memberWithoutPhone();
    await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', a.cookie)
      .send({ userId: a.user.id, countryCode: '+1', phoneNumber: '202-555-0123' })
      .expect(200);
    expect(sms.texts.at(-1)?.to).toBe('+12025550123');
    await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', b.cookie)
      .send({ userId: b.user.id, phoneNumber: '9876543210' })
      .expect(200);
    expect(sms.texts.at(-1)?.to).toBe('+919876543210');
  });

  it('refuses a resend within 60 seconds', async () => {
    const { user, cookie } = await memberWithoutPhone();
    const send = () =>
      request(t.app)
        .post('/api/phone/send-code')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: '9876543210' });
    await send().expect(200);
    t.clock.advance(59_000);
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      message: 'Please wait 1 second before requesting a new code.',
      retryAfterSeconds: 1,
    });
    t.clock.advance(1_000);
    await send().expect(200);
  });

  it.each([
    [{ phoneNumber: '98765' }, AUTH_MESSAGES.invalidPhone],
    [{ phoneNumber: 'abcdefghij' }, AUTH_MESSAGES.invalidPhone],
    [{ phoneNumber: undefined }, AUTH_MESSAGES.invalidPhone],
    [{ countryCode: 'x1', phoneNumber: '9876543210' }, AUTH_MESSAGES.invalidCountryCode],
  ])('refuses %j with 400 %j', async (override, message) => {
    const { user, cookie } = await memberWithoutPhone();
    const res = await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', cookie)
      .send({ userId: user.id, ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('needs a full session: pending gets 401, another member gets 403', async () => {
    const pendingUser = await buildUser(t.context, { phoneVerifiedAt: null });
    const pending = await sessionCookieFor(t.context, pendingUser.id, 'pending');
    const body = { userId: pendingUser.id, phoneNumber: '9876543210' };
    const res = await request(t.app).post('/api/phone/send-code').set('Cookie', pending).send(body);
    expect(res.status).toBe(401);
    const { cookie } = await memberWithoutPhone();
    const cross = await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', cookie)
      .send(body);
    expect(cross.status).toBe(403);
    expect(cross.body.message).toBe('You can only act as yourself');
  });

  it('answers 502 and allows a retry at once when the SMS cannot be sent', async () => {
    const failing = await createTestApp({
      sms: { devMode: false, send: () => Promise.reject(new Error('twilio down')) },
    });
    try {
      const { user, cookie } = await signedInUser(failing.context, { phoneVerifiedAt: null });
      for (let i = 0; i < 2; i += 1) {
        const res = await request(failing.app)
          .post('/api/phone/send-code')
          .set('Cookie', cookie)
          .send({ userId: user.id, phoneNumber: '9876543210' });
        expect(res.status).toBe(502);
        expect(res.body.message).toBe('Failed to send verification code');
      }
    } finally {
      await failing.close();
    }
  });
});

describe('POST /api/phone/verify', () => {
  async function sentCode() {
    const { user, cookie } = await memberWithoutPhone();
    const res = await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', cookie)
      .send({ userId: user.id, phoneNumber: '+919876543210' });
    return { user, cookie, code: res.body.devCode as string };
  }

  it('verifies the number, which completes the verified badge', async () => {
    const { user, cookie, code } = await sentCode();
    const res = await request(t.app)
      .post('/api/phone/verify')
      .set('Cookie', cookie)
      .send({ userId: user.id, phoneNumber: '9876543210', code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Phone number verified successfully!',
      verifiedBadge: true,
    });
    const stored = await userRow(user.id);
    expect(stored.phoneNumber).toBe('+919876543210');
    expect(stored.phoneVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('refuses the code for another number than it was sent to', async () => {
    const { user, cookie, code } = await sentCode();
    const res = await request(t.app)
      .post('/api/phone/verify')
      .set('Cookie', cookie)
      .send({ userId: user.id, phoneNumber: '+919876543211', code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.phoneCodeOtherNumber);
    expect((await userRow(user.id)).phoneVerifiedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { user, cookie, code } = await sentCode();
    t.clock.advance(5 * 60 * 1000 + 1);
    const res = await request(t.app)
      .post('/api/phone/verify')
      .set('Cookie', cookie)
      .send({ userId: user.id, phoneNumber: '+919876543210', code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.codeExpired);
  });

  it('voids the code after 5 wrong tries', async () => {
    const { user, cookie, code } = await sentCode();
    const attempt = (c: string) =>
      request(t.app)
        .post('/api/phone/verify')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: '+919876543210', code: c });
    for (let i = 0; i < 5; i += 1) expect((await attempt(otherThan(code))).status).toBe(400);
    const res = await attempt(code);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(AUTH_MESSAGES.codeVoid);
    expect((await userRow(user.id)).phoneVerifiedAt).toBeNull();
  });

  it("refuses to verify another member's number (403) and a pending session (401)", async () => {
    const { user, code } = await sentCode();
    const other = await memberWithoutPhone();
    const body = { userId: user.id, phoneNumber: '+919876543210', code };
    expect(
      (await request(t.app).post('/api/phone/verify').set('Cookie', other.cookie).send(body))
        .status,
    ).toBe(403);
    const pending = await sessionCookieFor(t.context, user.id, 'pending');
    expect(
      (await request(t.app).post('/api/phone/verify').set('Cookie', pending).send(body)).status,
    ).toBe(401);
    expect((await userRow(user.id)).phoneVerifiedAt).toBeNull();
  });
});
