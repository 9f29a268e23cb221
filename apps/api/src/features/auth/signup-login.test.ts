import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { sessions, users } from '../../db/schema.js';
import { SESSION_COOKIE_NAME } from '../../http/session.js';
import {
  GOOD_PASSWORD,
  newSignup,
  setUpTwoFactor,
  signUp,
  signUpFully,
  verifyEmail,
  verifyTwoFactor,
  LOOSE_RATE_LIMITS,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, sessionCookieFor, TEST_PASSWORD } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

const MEMBER_ROUTE = '/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp';

function sessionCookieOf(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
}

async function userByEmail(email: string) {
  const [user] = await t.context.db.select().from(users).where(eq(users.email, email));
  return user!;
}

describe('POST /api/users/signup', () => {
  it('creates the account and answers 201 with data {_id, sessionId}', async () => {
    const body = newSignup({
      email: '  New.Member@Example.COM ',
      firstName: ' Zoë ',
      lastName: 'Ångström',
    });
    const res = await request(t.app).post('/api/users/signup').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: AUTH_MESSAGES.signupSuccess,
      data: { _id: expect.any(String), sessionId: expect.any(String) },
    });
    const user = await userByEmail('new.member@example.com');
    expect(user.id).toBe(res.body.data._id);
    expect(user).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Ångström',
      nameSearch: 'zoe angstrom',
      lastNameSearch: 'angstrom',
      emailVerifiedAt: null,
      totpEnabledAt: null,
      status: 'active',
    });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$04\$/);
    expect(user.passwordHash).not.toContain(body.password);
    expect(user.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('starts a pending session whose sessionId is a public handle, not the cookie secret', async () => {
    const res = await request(t.app).post('/api/users/signup').send(newSignup());
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Expires=|Max-Age=/);
    const sid = decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!).slice(2).split('.')[0]!;
    expect(res.body.data.sessionId).not.toBe(sid);
    const [row] = await t.context.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row?.userId).toBe(res.body.data._id);
    expect(row?.data).toMatchObject({
      auth: { userId: res.body.data._id, stage: 'pending', handle: res.body.data.sessionId },
    });
  });

  it('gives a new session id at signup even to a browser that already had one', async () => {
    const agent = request.agent(t.app);
    const first = await signUp(agent);
    const firstCookie = sessionCookieOf(await agent.post('/api/users/signup').send(newSignup()));
    expect(firstCookie).toBeDefined();
    expect(first.sessionId).toBeDefined();
    // The first account's session is gone (regenerated), not reused for the second.
    const rows = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, first.userId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a verified account’s email with 409 and a clear message, whatever its case', async () => {
    const body = newSignup();
    const created = await request(t.app).post('/api/users/signup').send(body).expect(201);
    // Only a verified address is taken (squatting.test.ts: an unverified one is not).
    await t.context.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.id, created.body.data._id));
    const res = await request(t.app)
      .post('/api/users/signup')
      .send({ ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.emailTaken,
      code: 'EMAIL_TAKEN',
    });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it.each([
    [{ firstName: '' }, 'Please fill in all fields'],
    [{ lastName: undefined }, 'Please fill in all fields'],
    [{ username: '   ' }, 'Please fill in all fields'],
    [{ email: '' }, 'Please fill in all fields'],
    [{ password: '' }, 'Please fill in all fields'],
    [{ password: 'a1b2' }, 'Password must be at least 6 characters long'],
    [{ password: 'abcdefgh' }, 'Password must contain at least one number'],
    [{ password: '12345678' }, 'Password must contain at least one letter'],
    [{ password: `a1${'x'.repeat(71)}` }, AUTH_MESSAGES.passwordTooLong],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ firstName: 'x'.repeat(51) }, AUTH_MESSAGES.nameTooLong],
  ])('refuses %j with 400 %j', async (override, message) => {
    const res = await request(t.app).post('/api/users/signup').send(newSignup(override));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('refuses an empty body with the spec message, not a 500', async () => {
    const res = await request(t.app).post('/api/users/signup');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all fields');
  });
});

describe('POST /api/users/login', () => {
  it('signs in a fully set-up member to the 2FA step with "Login successful!" and their name', async () => {
    const user = await buildUser(t.context, { firstName: 'Meera', lastName: 'Iyer' });
    const res = await request(t.app).post('/api/users/login').send({
      email: user.email,
      password: TEST_PASSWORD,
      coordinates: null,
      rememberMe: false,
      newsletter: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Login successful!',
      user: {
        _id: user.id,
        email: user.email,
        firstName: 'Meera',
        lastName: 'Iyer',
        verifiedBadge: true,
      },
      nextStep: '2fa-verify',
    });
    // A password alone is not a full session: member routes still answer 401.
    const cookie = sessionCookieOf(res)!.split(';')[0]!;
    const member = await request(t.app).get(MEMBER_ROUTE).set('Cookie', cookie);
    expect(member.status).toBe(401);
    expect(member.body.message).toBe('Please log in first');
  });

  it('lowercases and trims the email, and stores newsletter, rememberMe, coordinates and lastLoginAt', async () => {
    const user = await buildUser(t.context, { newsletter: false });
    const res = await request(t.app)
      .post('/api/users/login')
      .send({
        email: `  ${user.email.toUpperCase()} `,
        password: TEST_PASSWORD,
        coordinates: { latitude: 18.52, longitude: 73.86 },
        rememberMe: true,
        newsletter: true,
      });
    expect(res.status).toBe(200);
    const stored = await userByEmail(user.email);
    expect(stored).toMatchObject({
      newsletter: true,
      rememberMe: true,
      lastLoginLatitude: 18.52,
      lastLoginLongitude: 73.86,
    });
    expect(stored.lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
    // Coordinates are never sent back.
    expect(JSON.stringify(res.body)).not.toContain('18.52');
  });

  it('keeps the last coordinates when a login shares none', async () => {
    const user = await buildUser(t.context, { lastLoginLatitude: 1, lastLoginLongitude: 2 });
    await request(t.app)
      .post('/api/users/login')
      .send({ email: user.email, password: TEST_PASSWORD, coordinates: null })
      .expect(200);
    expect(await userByEmail(user.email)).toMatchObject({
      lastLoginLatitude: 1,
      lastLoginLongitude: 2,
    });
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const user = await buildUser(t.context);
    const wrong = await request(t.app)
      .post('/api/users/login')
      .send({ email: user.email, password: 'wrong123' });
    const unknown = await request(t.app)
      .post('/api/users/login')
      .send({ email: 'nobody-here@example.com', password: 'wrong123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password. Please check your credentials and try again.',
      });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'Please fill in all fields'],
    [{ email: 'a@b.co' }, 'Please fill in all fields'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ email: 'nope', password: 'secret1' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: 'x'.repeat(73) }, AUTH_MESSAGES.passwordTooLong],
    [
      { email: 'a@b.co', password: 'secret1', coordinates: { latitude: 'x' } },
      AUTH_MESSAGES.invalidCoordinates,
    ],
  ])('refuses %j with 400 %j', async (body, message) => {
    const res = await request(t.app).post('/api/users/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('sends a member who never set up 2FA to 2fa-setup, and an unverified one to verify-email', async () => {
    const noTotp = await buildUser(t.context, { totpEnabledAt: null, phoneVerifiedAt: null });
    const unverified = await buildUser(t.context, { emailVerifiedAt: null, totpEnabledAt: null });
    const a = await request(t.app)
      .post('/api/users/login')
      .send({ email: noTotp.email, password: TEST_PASSWORD });
    const b = await request(t.app)
      .post('/api/users/login')
      .send({ email: unverified.email, password: TEST_PASSWORD });
    expect(a.body).toMatchObject({
      success: true,
      nextStep: '2fa-setup',
      user: { verifiedBadge: false },
    });
    expect(b.body).toMatchObject({ success: true, nextStep: 'verify-email' });
  });

  it('gives a new session id at login (no session fixation)', async () => {
    const user = await buildUser(t.context);
    const planted = await sessionCookieFor(t.context, user.id, 'pending');
    const res = await request(t.app)
      .post('/api/users/login')
      .set('Cookie', planted)
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const fresh = sessionCookieOf(res)!.split(';')[0]!;
    expect(fresh).not.toBe(planted);
    // The planted session no longer exists.
    const reuse = await request(t.app)
      .post('/api/2fa/setup')
      .set('Cookie', planted)
      .send({ userId: user.id });
    expect(reuse.status).toBe(401);
  });
});

describe('the 7-day email deadline', () => {
  it('refuses to complete sign-in after 7 days unverified, with a pending session that may verify', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await agent.post('/api/users/logout').expect(200);
    t.clock.advance(7 * 24 * 60 * 60 * 1000);

    const res = await agent
      .post('/api/users/login')
      .send({ email: account.email, password: account.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      code: 'EMAIL_NOT_VERIFIED',
      message: AUTH_MESSAGES.verificationDeadlinePassed,
      nextStep: 'verify-email',
      user: {
        _id: account.userId,
        email: account.email,
        firstName: 'Asha',
        lastName: 'Rao',
        verifiedBadge: false,
      },
    });
    // The pending session can request and enter a new code; nothing was deleted.
    const verified = await verifyEmail(agent, mail, account.email);
    expect(verified).toMatchObject({ success: true, nextStep: '2fa-setup' });
    const again = await request(t.app)
      .post('/api/users/login')
      .send({ email: account.email, password: account.password });
    expect(again.status).toBe(200);
    expect(again.body.nextStep).toBe('2fa-setup');
  });

  it('still lets an account sign in on day 6 (verify-email next)', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const res = await request(t.app)
      .post('/api/users/login')
      .send({ email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(res.body.nextStep).toBe('verify-email');
  });
});

describe('staged sessions', () => {
  it('a pending session gets 401 on member routes; a full one passes', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    expect((await agent.get(MEMBER_ROUTE)).status).toBe(401);
    await verifyEmail(agent, mail, account.email);
    expect((await agent.get(MEMBER_ROUTE)).status).toBe(401);
    const secret = await setUpTwoFactor(agent, account.userId);
    expect((await agent.get(MEMBER_ROUTE)).status).toBe(401);
    const res = await verifyTwoFactor(t, agent, account.userId, secret);
    expect(res.status).toBe(200);
    // Full now: the media route answers 404 for the unknown file, not 401.
    expect((await agent.get(MEMBER_ROUTE)).status).toBe(404);
  });

  it('a pending session cannot jump ahead of its chain', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    const setup = await agent.post('/api/2fa/setup').send({ userId: account.userId });
    expect(setup.status).toBe(403);
    expect(setup.body.message).toBe(AUTH_MESSAGES.emailNotVerified);
    const verify = await agent
      .post('/api/2fa/verify')
      .send({ userId: account.userId, token: '123456' });
    expect(verify.status).toBe(403);
    expect(verify.body.message).toBe(AUTH_MESSAGES.twoFactorNotSetUp);
    const phone = await agent
      .post('/api/phone/send-code')
      .send({ userId: account.userId, phoneNumber: '+919876543210' });
    expect(phone.status).toBe(401);
  });

  it("refuses a pending session naming another member's userId with 403", async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await verifyEmail(agent, mail, account.email);
    const other = await buildUser(t.context, { totpEnabledAt: null, totpSecretEncrypted: null });
    const setup = await agent.post('/api/2fa/setup').send({ userId: other.id });
    expect(setup.status).toBe(403);
    expect(setup.body.message).toBe('You can only act as yourself');
    const verify = await agent.post('/api/2fa/verify').send({ userId: other.id, token: '123456' });
    expect(verify.status).toBe(403);
    const sendOtp = await agent
      .post('/api/send-otp')
      .send({ email: other.email, userId: other.id });
    expect(sendOtp.status).toBe(403);
    expect(await userByEmail(other.email)).toMatchObject({ totpSecretEncrypted: null });
  });

  it('answers 401 "Please log in first" without a session', async () => {
    for (const [path, body] of [
      ['/api/send-otp', { email: 'a@b.co' }],
      ['/api/verify-otp', { email: 'a@b.co', otp: '123456' }],
      ['/api/2fa/setup', { userId: '5b0f1c2e-8a7d-4a57-9d0e-0c4c1f1f2a3b' }],
      ['/api/2fa/verify', { userId: '5b0f1c2e-8a7d-4a57-9d0e-0c4c1f1f2a3b', token: '123456' }],
      [
        '/api/phone/send-code',
        { userId: '5b0f1c2e-8a7d-4a57-9d0e-0c4c1f1f2a3b', phoneNumber: '9876543210' },
      ],
      [
        '/api/phone/verify',
        {
          userId: '5b0f1c2e-8a7d-4a57-9d0e-0c4c1f1f2a3b',
          phoneNumber: '9876543210',
          code: '123456',
        },
      ],
    ] as const) {
      const res = await request(t.app).post(path).send(body);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({
        success: false,
        message: 'Please log in first',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('a session whose account was deleted is signed out (its sessions go with it)', async () => {
    const user = await buildUser(t.context, { totpEnabledAt: null });
    const cookie = await sessionCookieFor(t.context, user.id, 'pending');
    await t.context.db.delete(users).where(eq(users.id, user.id));
    const res = await request(t.app)
      .post('/api/2fa/setup')
      .set('Cookie', cookie)
      .send({ userId: user.id });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please log in first');
  });
});

describe('the full sign-in', () => {
  it('signup → email code → 2FA: full session, new handle, browser-session cookie', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    const verified = await verifyEmail(agent, mail, account.email);
    expect(verified).toEqual({
      success: true,
      message: 'Email verified successfully! Please set up 2FA.',
      userId: account.userId,
      nextStep: '2fa-setup',
      setupUrl: `/2fa-setup/${account.userId}`,
    });
    const secret = await setUpTwoFactor(agent, account.userId);
    const res = await verifyTwoFactor(t, agent, account.userId, secret);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: '2FA verification successful!',
      user: {
        _id: account.userId,
        sessionId: expect.any(String),
        email: account.email,
        firstName: 'Asha',
        lastName: 'Rao',
        verifiedBadge: false,
        isVerified: true,
        isPhoneVerified: false,
      },
      // 2FA was enabled by this code: the recovery codes come with it (recovery-codes.test.ts).
      recoveryCodes: expect.any(Array),
    });
    expect(res.body.user.sessionId).not.toBe(account.sessionId);
    expect(sessionCookieOf(res)).not.toMatch(/Expires=|Max-Age=/);
    const stored = await userByEmail(account.email);
    expect(stored.totpEnabledAt).not.toBeNull();
  });

  it('login → 2FA with rememberMe gives a 30-day cookie', async () => {
    const agent = request.agent(t.app);
    const account = await signUpFully(t, agent, mail);
    await agent.post('/api/users/logout').expect(200);
    const login = await agent
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD, rememberMe: true });
    expect(login.body.nextStep).toBe('2fa-verify');
    const res = await verifyTwoFactor(t, agent, account.userId, account.secret);
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res)!;
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 24 * 60 * 60 * 1000 + 5000);
  });

  it('re-enables a disabled account on full sign-in only', async () => {
    const agent = request.agent(t.app);
    const account = await signUpFully(t, agent, mail);
    await t.context.db
      .update(users)
      .set({ status: 'disabled', disabledAt: t.clock.now() })
      .where(eq(users.id, account.userId));
    await agent.post('/api/users/logout').expect(200);
    await agent
      .post('/api/users/login')
      .send({ email: account.email, password: GOOD_PASSWORD })
      .expect(200);
    expect(await userByEmail(account.email)).toMatchObject({ status: 'disabled' });
    const res = await verifyTwoFactor(t, agent, account.userId, account.secret);
    expect(res.status).toBe(200);
    expect(await userByEmail(account.email)).toMatchObject({ status: 'active', disabledAt: null });
  });
});

describe('POST /api/users/logout', () => {
  it('destroys the server session and clears the cookie', async () => {
    const user = await buildUser(t.context);
    const cookie = await sessionCookieFor(t.context, user.id);
    expect((await request(t.app).get(MEMBER_ROUTE).set('Cookie', cookie)).status).toBe(404);
    const res = await request(t.app).post('/api/users/logout').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out' });
    expect(sessionCookieOf(res)).toMatch(/kindred\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await request(t.app).get(MEMBER_ROUTE).set('Cookie', cookie)).status).toBe(401);
    const rows = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('works when not signed in', async () => {
    const res = await request(t.app).post('/api/users/logout');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });
});
