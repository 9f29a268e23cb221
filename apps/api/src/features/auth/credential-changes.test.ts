import bcrypt from 'bcrypt';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@kindred/contracts';
import { sessions, users, verificationCodes } from '../../db/schema.js';
import { deriveKey, sealSecret, TOTP_SECRET_PURPOSE } from '../../platform/secret-box.js';
import { LOOSE_RATE_LIMITS } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  buildUser,
  sessionCookieFor,
  signedInUser,
  TEST_PASSWORD,
  type UserRow,
} from '../../test/factories.js';
import { createMailCatcher, createSmsCatcher } from '../../test/mail.js';
import { generateTotpSecret, totpCodeAt } from './totp.js';

const NEW_PASSWORD = 'fresh-start-42';

const mail = createMailCatcher();
const sms = createSmsCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, sms: sms.sms, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string, app: TestApp = t): Promise<UserRow> {
  const [row] = await app.context.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const post = (app: TestApp, path: string, cookie: string, body: object) =>
  request(app.app).post(path).set('Cookie', cookie).send(body);

const signedIn = async (cookie: string, app: TestApp = t) =>
  (await request(app.app).get('/api/users/me/sessions').set('Cookie', cookie)).status;

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

// ---------------------------------------------------------------------------------------------

describe('POST /api/users/me/password', () => {
  it('sets the new password, records when, and mails a notice', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await post(t, '/api/users/me/password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    const row = await userRow(user.id);
    expect(await bcrypt.compare(NEW_PASSWORD, row.passwordHash)).toBe(true);
    expect(row.passwordChangedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(mail.to(user.email).at(-1)?.subject).toBe('Your Kindred password was changed');

    // The new password logs in; the old one no longer does.
    const oldLogin = await request(t.app)
      .post('/api/users/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request(t.app)
      .post('/api/users/login')
      .send({ email: user.email, password: NEW_PASSWORD });
    expect(newLogin.status).toBe(200);
  });

  it("ends the member's other sessions and keeps this one (and nobody else's)", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const otherBrowser = await sessionCookieFor(t.context, user.id);
    const bystander = await signedInUser(t.context);
    expect(await signedIn(otherBrowser)).toBe(200);

    const res = await post(t, '/api/users/me/password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await signedIn(otherBrowser)).toBe(401);
    expect(await signedIn(cookie)).toBe(200);
    expect(await signedIn(bystander.cookie)).toBe(200);
    const left = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const otherBrowser = await sessionCookieFor(t.context, user.id);
    const before = await userRow(user.id);
    const mailed = mail.sent.length;
    const res = await post(t, '/api/users/me/password', cookie, {
      currentPassword: 'not-my-password1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: ACCOUNT_MESSAGES.wrongPassword,
      code: 'WRONG_PASSWORD',
    });
    const after = await userRow(user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordChangedAt).toBeNull();
    expect(mail.sent.length).toBe(mailed);
    expect(await signedIn(otherBrowser)).toBe(200);
  });

  it('holds the new password to the sign-up rules, and refuses the same password again', async () => {
    const { cookie } = await signedInUser(t.context);
    const cases = [
      { newPassword: 'abcdefgh', message: AUTH_MESSAGES.passwordNeedsNumber },
      { newPassword: '12345678', message: AUTH_MESSAGES.passwordNeedsLetter },
      { newPassword: 'ab1', message: AUTH_MESSAGES.passwordTooShort },
      { newPassword: TEST_PASSWORD, message: ACCOUNT_MESSAGES.samePassword },
    ];
    for (const { newPassword, message } of cases) {
      const res = await post(t, '/api/users/me/password', cookie, {
        currentPassword: TEST_PASSWORD,
        newPassword,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('needs a full session (401 for none or a pending one)', async () => {
    const user = await buildUser(t.context);
    const pending = await sessionCookieFor(t.context, user.id, 'pending');
    const body = { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await request(t.app).post('/api/users/me/password').send(body)).status).toBe(401);
    expect((await post(t, '/api/users/me/password', pending, body)).status).toBe(401);
    expect((await userRow(user.id)).passwordChangedAt).toBeNull();
  });
});

describe('wrong current passwords count like failed logins', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      mailer: mail.mailer,
      rateLimits: {
        ...LOOSE_RATE_LIMITS,
        loginFailuresPerAccountClient: { points: 3, durationSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await tight.close();
  });

  it('answers 429 with retryAfterSeconds once the account has spent its failures', async () => {
    const { user, cookie } = await signedInUser(tight.context);
    const attempt = (currentPassword: string) =>
      post(tight, '/api/users/me/password', cookie, { currentPassword, newPassword: NEW_PASSWORD });
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password1')).status).toBe(403);
    // Even the right password waits now.
    const res = await attempt(TEST_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    const login = await request(tight.app)
      .post('/api/users/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(429);
    expect((await userRow(user.id, tight)).passwordChangedAt).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

async function emailChangeRow(userId: string) {
  const [row] = await t.context.db
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'email_change')),
    );
  return row;
}

const freshAddress = () => `new-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function requestChange(cookie: string, newEmail: string, app: TestApp = t) {
  return post(app, '/api/users/me/email', cookie, { password: TEST_PASSWORD, newEmail });
}

describe('POST /api/users/me/email and /email/verify', () => {
  it('sends a code to the new address, then switches to it and tells the old address (masked)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const newEmail = freshAddress();
    const res = await requestChange(cookie, `  ${newEmail.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.emailCodeSent(newEmail),
      expiresInSeconds: 15 * 60,
      resendAfterSeconds: 60,
    });
    const row = await emailChangeRow(user.id);
    expect(row).toMatchObject({ target: newEmail, failedAttempts: 0 });
    const code = mail.latestCode(newEmail);
    expect(row!.codeHash).not.toContain(code);
    // Nothing changes before the code.
    expect((await userRow(user.id)).email).toBe(user.email);

    const verified = await post(t, '/api/users/me/email/verify', cookie, { code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.emailChanged,
      email: newEmail,
    });
    const after = await userRow(user.id);
    expect(after.email).toBe(newEmail);
    expect(after.emailVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(await emailChangeRow(user.id)).toBeUndefined();

    const notice = mail.to(user.email).at(-1)!;
    expect(notice.subject).toBe('Your Kindred email address was changed');
    expect(notice.text).toContain(`n***@example.com`);
    expect(notice.text).not.toContain(newEmail);

    // The code is single use.
    const again = await post(t, '/api/users/me/email/verify', cookie, { code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('CODE_NOT_REQUESTED');
  });

  it('refuses a wrong password with 403 and sends no code', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const newEmail = freshAddress();
    const res = await post(t, '/api/users/me/email', cookie, {
      password: 'wrong-password1',
      newEmail,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('WRONG_PASSWORD');
    expect(mail.to(newEmail)).toHaveLength(0);
    expect(await emailChangeRow(user.id)).toBeUndefined();
  });

  it('refuses the address the member already has, and an address that is not one', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const same = await requestChange(cookie, user.email);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(ACCOUNT_MESSAGES.sameEmail);
    const bad = await requestChange(cookie, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('says how many attempts are left after a wrong code, and voids the code after 5', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const newEmail = freshAddress();
    await requestChange(cookie, newEmail);
    const code = mail.latestCode(newEmail);
    const first = await post(t, '/api/users/me/email/verify', cookie, { code: otherThan(code) });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      message: 'Invalid verification code. 4 attempts left.',
      code: 'CODE_INVALID',
    });
    for (let i = 0; i < 4; i += 1) {
      await post(t, '/api/users/me/email/verify', cookie, { code: otherThan(code) });
    }
    const right = await post(t, '/api/users/me/email/verify', cookie, { code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(AUTH_MESSAGES.codeVoid);
    expect(right.body.retryAfterSeconds).toEqual(expect.any(Number));
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("says 'Code expired. Please request a new one.' after 15 minutes", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const newEmail = freshAddress();
    await requestChange(cookie, newEmail);
    const code = mail.latestCode(newEmail);
    t.clock.advance(15 * 60 * 1000 + 1);
    const res = await post(t, '/api/users/me/email/verify', cookie, { code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Code expired. Please request a new one.',
      code: 'CODE_EXPIRED',
    });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('still accepts the code just before 15 minutes', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const newEmail = freshAddress();
    await requestChange(cookie, newEmail);
    t.clock.advance(15 * 60 * 1000 - 1000);
    const res = await post(t, '/api/users/me/email/verify', cookie, {
      code: mail.latestCode(newEmail),
    });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).email).toBe(newEmail);
  });

  it("answers 409 only to whoever holds a taken address's code, and changes nothing", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const other = await buildUser(t.context);
    // Asking does not tell whether the address has an account.
    const asked = await requestChange(cookie, other.email);
    expect(asked.status).toBe(200);
    const res = await post(t, '/api/users/me/email/verify', cookie, {
      code: mail.latestCode(other.email),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: ACCOUNT_MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
    expect((await userRow(user.id)).email).toBe(user.email);
    expect((await userRow(other.id)).email).toBe(other.email);
  });

  it('refuses a code nobody asked for', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await post(t, '/api/users/me/email/verify', cookie, { code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CODE_NOT_REQUESTED');
  });

  it("cannot confirm another member's pending change", async () => {
    const owner = await signedInUser(t.context);
    const newEmail = freshAddress();
    await requestChange(owner.cookie, newEmail);
    const intruder = await signedInUser(t.context);
    const res = await post(t, '/api/users/me/email/verify', intruder.cookie, {
      code: mail.latestCode(newEmail),
    });
    expect(res.status).toBe(400);
    expect((await userRow(intruder.user.id)).email).toBe(intruder.user.email);
    expect((await userRow(owner.user.id)).email).toBe(owner.user.email);
  });
});

describe('email change rate limits', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      mailer: mail.mailer,
      rateLimits: {
        ...LOOSE_RATE_LIMITS,
        codeSendPerAccount: { points: 2, durationSeconds: 3600 },
        codeCheckPerIp: { points: 3, durationSeconds: 900 },
      },
    });
  });
  afterAll(async () => {
    await tight.close();
  });

  it('waits 60 seconds between codes, then limits codes per account (429, retryAfterSeconds)', async () => {
    const { cookie } = await signedInUser(tight.context);
    expect((await requestChange(cookie, freshAddress(), tight)).status).toBe(200);
    const soon = await requestChange(cookie, freshAddress(), tight);
    expect(soon.status).toBe(429);
    expect(soon.body.retryAfterSeconds).toBeGreaterThan(0);
    tight.clock.advance(61_000);
    const third = await requestChange(cookie, freshAddress(), tight);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/^Too many attempts/);
    expect(third.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('limits code checks per IP (429, retryAfterSeconds)', async () => {
    const members = [await signedInUser(tight.context), await signedInUser(tight.context)];
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const { cookie } = members[i % 2]!;
      const res = await post(tight, '/api/users/me/email/verify', cookie, { code: '123456' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('email change rate limits, the other way round', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      mailer: mail.mailer,
      rateLimits: {
        ...LOOSE_RATE_LIMITS,
        codeCheckPerAccount: { points: 2, durationSeconds: 900 },
        codeSendPerIp: { points: 2, durationSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await tight.close();
  });

  it('limits code checks per account, whatever the address', async () => {
    const { cookie } = await signedInUser(tight.context);
    const check = () => post(tight, '/api/users/me/email/verify', cookie, { code: '123456' });
    expect((await check()).status).toBe(400);
    expect((await check()).status).toBe(400);
    const res = await check();
    expect(res.status).toBe(429);
    expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    // Another member from the same address is not held back by this one's limit.
    const other = await signedInUser(tight.context);
    const theirs = await post(tight, '/api/users/me/email/verify', other.cookie, {
      code: '123456',
    });
    expect(theirs.status).toBe(400);
  });

  it('limits codes sent per IP, across members', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const { cookie } = await signedInUser(tight.context);
      const res = await requestChange(cookie, freshAddress(), tight);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

// ---------------------------------------------------------------------------------------------

/** A member with a verified phone and an authenticator whose secret the test knows. */
async function memberWithAuthenticator() {
  const { user, cookie } = await signedInUser(t.context);
  const secret = generateTotpSecret();
  const sealed = sealSecret(
    deriveKey(t.context.config.dataEncryptionKey, TOTP_SECRET_PURPOSE),
    secret,
    user.id,
  );
  await t.context.db
    .update(users)
    .set({ totpSecretEncrypted: sealed })
    .where(eq(users.id, user.id));
  return { user, cookie, secret };
}

const NEW_NUMBER = '+919811122233';

describe('changing a verified phone number', () => {
  const sendCode = (cookie: string, userId: string, proof: object = {}) =>
    post(t, '/api/phone/send-code', cookie, { userId, phoneNumber: NEW_NUMBER, ...proof });
  // The tests share one number, and a number verifies one account only: each starts with it free.
  afterEach(async () => {
    await t.context.db
      .update(users)
      .set({ phoneVerifiedAt: null })
      .where(eq(users.phoneNumber, NEW_NUMBER));
  });

  it('asks for the current password or an authenticator code first (403), and texts nothing', async () => {
    const { user, cookie } = await memberWithAuthenticator();
    const texts = sms.texts.length;
    const res = await sendCode(cookie, user.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: ACCOUNT_MESSAGES.phoneChangeNeedsProof,
      code: 'REAUTH_REQUIRED',
    });
    expect(sms.texts.length).toBe(texts);
  });

  it('changes the number after the current password', async () => {
    const { user, cookie } = await memberWithAuthenticator();
    const sent = await sendCode(cookie, user.id, { currentPassword: TEST_PASSWORD });
    expect(sent.status).toBe(200);
    expect(sms.texts.at(-1)?.to).toBe(NEW_NUMBER);
    const verified = await post(t, '/api/phone/verify', cookie, {
      userId: user.id,
      phoneNumber: NEW_NUMBER,
      code: sent.body.devCode,
    });
    expect(verified.status).toBe(200);
    expect((await userRow(user.id)).phoneNumber).toBe(NEW_NUMBER);
  });

  it('refuses a wrong password (403 WRONG_PASSWORD)', async () => {
    const { user, cookie } = await memberWithAuthenticator();
    const res = await sendCode(cookie, user.id, { currentPassword: 'wrong-password1' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('WRONG_PASSWORD');
    expect((await userRow(user.id)).phoneNumber).toBe(user.phoneNumber);
  });

  it('accepts an authenticator code once, and refuses a wrong or replayed one', async () => {
    const { user, cookie, secret } = await memberWithAuthenticator();
    const code = totpCodeAt(secret, t.clock.now());
    const wrong = await sendCode(cookie, user.id, { totpCode: otherThan(code) });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ message: ACCOUNT_MESSAGES.totpWrong, code: 'CODE_INVALID' });

    const sent = await sendCode(cookie, user.id, { totpCode: code });
    expect(sent.status).toBe(200);
    expect(sms.texts.at(-1)?.to).toBe(NEW_NUMBER);

    t.clock.advance(61_000);
    const replayed = await post(t, '/api/phone/send-code', cookie, {
      userId: user.id,
      phoneNumber: NEW_NUMBER,
      totpCode: code,
    });
    expect(replayed.status).toBe(403);
  });

  it('asks nothing of a member verifying a first number', async () => {
    const { user, cookie } = await signedInUser(t.context, {
      phoneNumber: null,
      phoneVerifiedAt: null,
    });
    const res = await sendCode(cookie, user.id);
    expect(res.status).toBe(200);
  });
});
