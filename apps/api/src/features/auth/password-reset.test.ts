import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CODE_TTL_SECONDS, AUTH_MESSAGES } from '@kindred/contracts';
import { users, verificationCodes } from '../../db/schema.js';
import { DEFAULT_RATE_LIMITS } from '../../http/rate-limit.js';
import type { BackgroundTasks } from '../../platform/background.js';
import type { Mailer } from '../../platform/mailer.js';
import { signUpFully, type Agent } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';
import { totpCodeAt } from '../../test/totp.js';

/**
 * Forgot password (issue 11): a code by email, then a new password with it. Requests are timed by
 * the app's clock (ManualClock) except the one test about response times, which compares medians.
 */

const NEW_PASSWORD = 'brand-new-2';
const MEMBER_ROUTE = '/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  // X-Forwarded-For gives each test its own client IP; the app's default (non-production) limits,
  // except the production counting of reset-code guesses.
  t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    mailer: mail.mailer,
    rateLimits: {
      resetCodeTriesPerAccountClient: DEFAULT_RATE_LIMITS.resetCodeTriesPerAccountClient,
      resetCodeFailuresPerAccount: DEFAULT_RATE_LIMITS.resetCodeFailuresPerAccount,
      resetCodeSlowdownPerAccount: DEFAULT_RATE_LIMITS.resetCodeSlowdownPerAccount,
    },
  });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

/** POST /forgot, then waits for what it started after its reply (the look-up, code and mail). */
async function forgot(app: TestApp, email: string, ip = nextIp()) {
  const res = await request(app.app)
    .post('/api/users/password/forgot')
    .set('X-Forwarded-For', ip)
    .send({ email });
  await app.context.background.settled();
  return res;
}

function reset(body: Record<string, unknown>, ip = nextIp()) {
  return request(t.app).post('/api/users/password/reset').set('X-Forwarded-For', ip).send(body);
}

function resetCodeRow(userId: string) {
  return t.context.db
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'password_reset')),
    );
}

async function logIn(agent: Agent, email: string, password: string) {
  return agent.post('/api/users/login').send({ email, password });
}

/** Password, then the authenticator code: a full session (the clock moves past the code's step). */
async function logInThroughTwoFactor(
  agent: Agent,
  email: string,
  password: string,
  secret: string,
) {
  const login = await logIn(agent, email, password);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.nextStep).toBe('2fa-verify');
  const res = await agent
    .post('/api/2fa/verify')
    .send({ userId: login.body.user._id, token: totpCodeAt(secret, t.clock.now()) });
  t.clock.advance(30_000);
  return res;
}

const REQUESTED = { success: true, message: AUTH_MESSAGES.passwordResetRequested };

describe('POST /api/users/password/forgot', () => {
  it('answers the same words for a member and an unknown email; only the member gets a 6-digit code', async () => {
    const member = await buildUser(t.context);
    const known = await forgot(t, member.email);
    const unknown = await forgot(t, 'nobody-here@example.com');

    expect(known.status).toBe(200);
    expect(known.body).toEqual(REQUESTED);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(mail.to('nobody-here@example.com')).toHaveLength(0);
    const [message] = mail.to(member.email);
    expect(message?.subject).toBe('Your Kindred password reset code');
    expect(message?.text).toMatch(/reset code is: \d{6}\n/);
    expect(message?.text).toContain('It expires in 15 minutes and can be used once.');
  });

  it('stores the code only as a hash, valid 15 minutes, for the account email it was sent to', async () => {
    const member = await buildUser(t.context);
    await forgot(t, `  ${member.email.toUpperCase()} `);
    const code = mail.latestCode(member.email);
    const [row] = await resetCodeRow(member.id);
    expect(row).toMatchObject({ target: member.email, failedAttempts: 0 });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(ACCOUNT_CODE_TTL_SECONDS * 1000);
  });

  it('keeps the first code when asked again within 60 seconds (same answer, no second mail); a new one after', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const first = mail.latestCode(member.email);

    t.clock.advance(30_000);
    const again = await forgot(t, member.email);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(REQUESTED);
    expect(mail.to(member.email)).toHaveLength(1);

    t.clock.advance(31_000);
    await forgot(t, member.email);
    expect(mail.to(member.email)).toHaveLength(2);
    const second = mail.latestCode(member.email);
    // The replaced code no longer works (unless the new one happens to be the same digits).
    if (second !== first) {
      const res = await reset({ email: member.email, code: first, password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CODE_INVALID');
    }
    const res = await reset({ email: member.email, code: second, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
  });

  it.each([
    [{}, AUTH_MESSAGES.fillAllFields],
    [{ email: '   ' }, AUTH_MESSAGES.fillAllFields],
    [{ email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    [{ email: 42 }, AUTH_MESSAGES.fillAllFields],
  ])('refuses %j with 400 %j', async (body, message) => {
    const res = await request(t.app).post('/api/users/password/forgot').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
  });
});

describe('POST /api/users/password/reset', () => {
  it('sets the new password with the code: the old one stops working and the member signs in with the new one through 2FA', async () => {
    const agent = request.agent(t.app);
    const member = await signUpFully(t, agent, mail);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    const before = t.clock.now();

    const res = await reset({ email: member.email, code, password: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.passwordResetDone });

    const [user] = await t.context.db.select().from(users).where(eq(users.id, member.userId));
    expect(user!.passwordChangedAt?.getTime()).toBe(before.getTime());
    expect(await resetCodeRow(member.userId)).toEqual([]);

    const oldPassword = await logIn(request.agent(t.app), member.email, member.password);
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body.code).toBe('INVALID_CREDENTIALS');

    const fresh = request.agent(t.app);
    // The password alone is not a session: member routes wait for the authenticator code.
    const pending = await logIn(fresh, member.email, NEW_PASSWORD);
    expect(pending.status).toBe(200);
    expect((await fresh.get(MEMBER_ROUTE)).status).toBe(401);
    const full = await logInThroughTwoFactor(fresh, member.email, NEW_PASSWORD, member.secret);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.user._id).toBe(member.userId);
  });

  it('ends every session of the account: another signed-in browser gets 401 at its next request', async () => {
    const first = request.agent(t.app);
    const member = await signUpFully(t, first, mail);
    const second = request.agent(t.app);
    const signedIn = await logInThroughTwoFactor(
      second,
      member.email,
      member.password,
      member.secret,
    );
    expect(signedIn.status).toBe(200);
    expect((await second.get(MEMBER_ROUTE)).status).not.toBe(401);
    expect((await first.get(MEMBER_ROUTE)).status).not.toBe(401);

    await forgot(t, member.email);
    const res = await reset({
      email: member.email,
      code: mail.latestCode(member.email),
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);

    for (const agent of [first, second]) {
      const after = await agent.get(MEMBER_ROUTE);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(AUTH_MESSAGES.notSignedIn);
    }
  });

  it('mails a notice (without any code) after the reset', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    await reset({
      email: member.email,
      code: mail.latestCode(member.email),
      password: NEW_PASSWORD,
    });
    await t.context.background.settled();
    const notice = mail.to(member.email).at(-1);
    expect(notice?.subject).toBe('Your Kindred password was reset');
    expect(notice?.text).toContain('every device signed in to your account was signed out');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('accepts a code once: the same code again is refused and the password stays the first new one', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    expect((await reset({ email: member.email, code, password: NEW_PASSWORD })).status).toBe(200);

    const again = await reset({ email: member.email, code, password: 'another-one-3' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      message: AUTH_MESSAGES.codeNotRequested,
      code: 'CODE_NOT_REQUESTED',
    });
    expect((await logIn(request.agent(t.app), member.email, NEW_PASSWORD)).status).toBe(200);
    expect((await logIn(request.agent(t.app), member.email, 'another-one-3')).status).toBe(401);
  });

  it('says how many attempts are left for a wrong code, and after 5 refuses that client even the right code', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = nextIp();

    for (const left of [4, 3, 2, 1]) {
      const res = await reset({ email: member.email, code: wrong, password: NEW_PASSWORD }, ip);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
        code: 'CODE_INVALID',
      });
    }
    const fifth = await reset({ email: member.email, code: wrong, password: NEW_PASSWORD }, ip);
    expect(fifth.body.message).toBe(AUTH_MESSAGES.codeWrong(0));

    const right = await reset({ email: member.email, code, password: NEW_PASSWORD }, ip);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      message: AUTH_MESSAGES.codeVoid,
      retryAfterSeconds: expect.any(Number),
    });
    expect((await logIn(request.agent(t.app), member.email, TEST_PASSWORD)).status).toBe(200);

    // A new code brings this client new tries.
    t.clock.advance(61_000);
    await forgot(t, member.email, ip);
    const again = await reset(
      { email: member.email, code: mail.latestCode(member.email), password: NEW_PASSWORD },
      ip,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("does not let a stranger spend the owner's tries: after a stranger's wrong guesses, the owner's right code works", async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const strangerIp = nextIp();
    for (let i = 0; i < 8; i += 1) {
      const res = await reset(
        { email: member.email, code: wrong, password: 'stranger-pass1' },
        strangerIp,
      );
      expect([400, 429]).toContain(res.status);
    }
    // The stranger's own client has spent the code's tries, right code or not.
    const strangerRight = await reset(
      { email: member.email, code, password: 'stranger-pass1' },
      strangerIp,
    );
    expect(strangerRight.status).toBe(429);
    expect(strangerRight.body.message).toBe(AUTH_MESSAGES.codeVoid);

    // The owner, from their own client, still has all five tries on the same code.
    const ownerIp = nextIp();
    const typo = await reset({ email: member.email, code: wrong, password: NEW_PASSWORD }, ownerIp);
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe(AUTH_MESSAGES.codeWrong(4));
    const res = await reset({ email: member.email, code, password: NEW_PASSWORD }, ownerIp);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await logIn(request.agent(t.app), member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('slows many strangers down by a growing delay instead of voiding the code; the browser with the device cookie is exempt', async () => {
    const owner = request.agent(t.app);
    owner.set('X-Forwarded-For', nextIp());
    const member = await signUpFully(t, owner, mail);
    await owner.post('/api/users/logout').expect(200);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const { points: free } = DEFAULT_RATE_LIMITS.resetCodeFailuresPerAccount;
    const { points: tries } = DEFAULT_RATE_LIMITS.resetCodeTriesPerAccountClient;
    // Strangers from three clients, each spending its own tries, together past the account's free
    // ones. Sent all at once, so the delay has grown past a second by the time they are answered.
    const strangers = Array.from({ length: Math.ceil((free + 1) / tries) + 1 }, () => nextIp());
    const answers = await Promise.all(
      strangers.flatMap((ip) =>
        Array.from({ length: tries }, () =>
          reset({ email: member.email, code: wrong, password: 'stranger-pass1' }, ip),
        ),
      ),
    );
    for (const answer of answers) {
      expect(['CODE_INVALID', 'RATE_LIMITED']).toContain(answer.body.code);
    }

    // Another browser without the device cookie waits seconds to minutes, never the hour.
    const slowed = await reset({ email: member.email, code, password: NEW_PASSWORD });
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('RATE_LIMITED');
    expect(slowed.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(slowed.body.retryAfterSeconds).toBeLessThanOrEqual(
      DEFAULT_RATE_LIMITS.resetCodeSlowdownPerAccount.durationSeconds,
    );
    // The code is not void: the owner's browser, which signed in before, uses it at once.
    expect(await resetCodeRow(member.userId)).toHaveLength(1);
    const res = await owner
      .post('/api/users/password/reset')
      .send({ email: member.email, code, password: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses a code after 15 minutes with "Code expired. Please request a new one."', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    t.clock.advance(ACCOUNT_CODE_TTL_SECONDS * 1000);

    const res = await reset({ email: member.email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Code expired. Please request a new one.',
      code: 'CODE_EXPIRED',
    });
    expect((await logIn(request.agent(t.app), member.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('still accepts the code just before its 15 minutes are up', async () => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    t.clock.advance(ACCOUNT_CODE_TTL_SECONDS * 1000 - 1000);
    const res = await reset({
      email: member.email,
      code: mail.latestCode(member.email),
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
  });

  it("does not let one member's code reset another member's password", async () => {
    const asker = await buildUser(t.context);
    const target = await buildUser(t.context);
    await forgot(t, asker.email);
    const res = await reset({
      email: target.email,
      code: mail.latestCode(asker.email),
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CODE_NOT_REQUESTED');
    const [row] = await t.context.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.passwordHash).toBe(target.passwordHash);
    expect(row!.passwordChangedAt).toBeNull();
    // The asker's code is still there for the asker.
    expect(await resetCodeRow(asker.id)).toHaveLength(1);
  });

  it('answers an unknown email like a member who asked for no code', async () => {
    const member = await buildUser(t.context);
    const body = { code: '123456', password: NEW_PASSWORD };
    const unknown = await reset({ ...body, email: 'nobody-at-all@example.com' });
    const known = await reset({ ...body, email: member.email });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toMatchObject({ message: AUTH_MESSAGES.codeNotRequested });
  });

  it.each([
    [{ password: 'short1' }, null],
    [{ password: 'a1b2' }, AUTH_MESSAGES.passwordTooShort],
    [{ password: 'abcdefgh' }, AUTH_MESSAGES.passwordNeedsNumber],
    [{ password: '12345678' }, AUTH_MESSAGES.passwordNeedsLetter],
    [{ password: '' }, AUTH_MESSAGES.fillAllFields],
    [{ code: '12345' }, AUTH_MESSAGES.codeFormat],
    [{ email: 'nope' }, AUTH_MESSAGES.invalidEmail],
  ])('applies the sign-up rules: %j → %j, leaving the code unused', async (change, message) => {
    const member = await buildUser(t.context);
    await forgot(t, member.email);
    const code = mail.latestCode(member.email);
    const res = await reset({ email: member.email, code, password: NEW_PASSWORD, ...change });
    if (message === null) {
      // 'short1' meets every rule: the control case.
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
    const [row] = await resetCodeRow(member.id);
    expect(row?.failedAttempts).toBe(0);
  });
});

describe('rate limits (production values)', () => {
  let limited: TestApp;
  const limitedMail = createMailCatcher();
  beforeAll(async () => {
    limited = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      mailer: limitedMail.mailer,
      rateLimits: {
        passwordForgotPerIp: DEFAULT_RATE_LIMITS.passwordForgotPerIp,
        passwordForgotPerAccount: DEFAULT_RATE_LIMITS.passwordForgotPerAccount,
        passwordResetPerIp: DEFAULT_RATE_LIMITS.passwordResetPerIp,
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  function expectLimited(res: request.Response) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in \d+ (minutes?|hour)\.$/,
      ),
      retryAfterSeconds: expect.any(Number),
    });
    expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(res.body.retryAfterSeconds));
  }

  it('limits forgot-password requests per IP (10 an hour), whatever the emails', async () => {
    const ip = nextIp();
    const { points } = DEFAULT_RATE_LIMITS.passwordForgotPerIp;
    for (let i = 0; i < points; i += 1) {
      expect((await forgot(limited, `someone-${i}@example.com`, ip)).status).toBe(200);
    }
    expectLimited(await forgot(limited, 'someone-else@example.com', ip));
    expect((await forgot(limited, 'someone-else@example.com', nextIp())).status).toBe(200);
  });

  it('limits requests per email from any IP (5 an hour), for a member and an unknown email alike', async () => {
    const member = await buildUser(limited.context);
    const { points } = DEFAULT_RATE_LIMITS.passwordForgotPerAccount;
    for (const email of [member.email, 'not-a-member@example.com']) {
      for (let i = 0; i < points; i += 1) {
        // Past the resend wait each time, so each request could send a code.
        limited.clock.advance(61_000);
        expect((await forgot(limited, email, nextIp())).status).toBe(200);
      }
      limited.clock.advance(61_000);
      expectLimited(await forgot(limited, email, nextIp()));
    }
    expect(limitedMail.to(member.email)).toHaveLength(points);
  });

  it('limits reset attempts per IP (30 in 15 minutes), whatever the emails', async () => {
    const body = { code: '123456', password: NEW_PASSWORD };
    const send = (ip: string, payload: object) =>
      request(limited.app)
        .post('/api/users/password/reset')
        .set('X-Forwarded-For', ip)
        .send(payload);
    const ip = nextIp();
    const perIp = DEFAULT_RATE_LIMITS.passwordResetPerIp.points;
    for (let i = 0; i < perIp; i += 1) {
      const res = await send(ip, { ...body, email: `guess-${i}@example.com` });
      expect(res.status).toBe(400);
    }
    expectLimited(await send(ip, { ...body, email: 'guess-last@example.com' }));
  });
});

/**
 * Work started after a reply, held until the test asks for it. Here the test client shares the
 * server's process, so work running right after the reply would also slow the client's reading of
 * it; a member's browser, elsewhere on the network, has the reply by then.
 */
function heldBackground(): BackgroundTasks {
  const held: (() => Promise<void>)[] = [];
  return {
    run: (_name, task) => void held.push(task),
    async settled() {
      while (held.length > 0) await held.shift()!();
    },
  };
}

describe('no enumeration by timing', () => {
  it('answers a member and an unknown email in the same time (median ratio within ±20 %), however slow the mail', async () => {
    // Mail delivery that takes 100 ms, as a distant SMTP server might: a request that waited for
    // it, or did the member's work before answering, would stand out.
    const slowMail = createMailCatcher();
    const slowMailer: Mailer = {
      ...slowMail.mailer,
      send: (message) =>
        new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
          slowMail.mailer.send(message),
        ),
    };
    const timed = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      mailer: slowMailer,
      background: heldBackground(),
    });
    try {
      const PAIRS = 40;
      const ROUNDS = 3;
      const members = await Promise.all(
        Array.from({ length: ROUNDS * PAIRS + 4 }, () => buildUser(timed.context)),
      );
      let next = 0;
      const once = async (kind: 'known' | 'unknown') => {
        const i = next;
        if (kind === 'unknown') next += 1;
        const email = kind === 'known' ? members[i]!.email : `no-account-${i}@example.com`;
        const started = performance.now();
        const res = await request(timed.app)
          .post('/api/users/password/forgot')
          .set('X-Forwarded-For', `192.0.2.${i % 250}`)
          .send({ email });
        const elapsed = performance.now() - started;
        expect(res.body).toEqual(REQUESTED);
        return elapsed;
      };
      /**
       * Pairs taken back to back, in alternating order, so that a slow moment of a loaded machine
       * weighs on both of a pair; the median of the pairs' ratios is the comparison. A busy
       * machine can still spoil a round, so up to three are taken: a real difference (doing the
       * member's work, or waiting for the mail, before answering) spoils every one.
       */
      const round = async () => {
        const ratios: number[] = [];
        for (let pair = 0; pair < PAIRS; pair += 1) {
          if (pair % 2 === 0) {
            const known = await once('known');
            ratios.push(known / (await once('unknown')));
          } else {
            const unknown = await once('unknown');
            ratios.push((await once('known')) / unknown);
          }
        }
        ratios.sort((a, b) => a - b);
        return (ratios[(PAIRS - 1) >> 1]! + ratios[PAIRS >> 1]!) / 2;
      };
      // Warm-up.
      await once('known');
      await once('unknown');
      const medians: number[] = [];
      while (medians.length < ROUNDS) {
        const median = await round();
        medians.push(median);
        if (median >= 0.8 && median <= 1.2) break;
      }
      // The members did get their codes (after the replies).
      await timed.context.background.settled();
      expect(slowMail.to(members[1]!.email)).toHaveLength(1);
      const within = medians.some((median) => median >= 0.8 && median <= 1.2);
      expect(
        within,
        `member / unknown time, median per round: ${medians.map((m) => m.toFixed(2)).join(', ')}`,
      ).toBe(true);
    } finally {
      await timed.close();
    }
  });
});
