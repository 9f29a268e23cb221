import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { runVerificationReminders } from '../../jobs/verification-reminders.js';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  newSignup,
  signUp,
  verifyEmail,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { createMailCatcher } from '../../test/mail.js';

/**
 * Issue 19 finding 2: a sign-up with someone else's address that is never verified must not keep
 * the owner out. The owner signs up again and proves the address with its code, which removes the
 * stranger's sign-up; until then an unverified account is invisible to other members; and it is
 * removed with its data once the 7 days to verify have passed.
 */

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function rowOf(userId: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe('email squatting', () => {
  it('lets the owner sign up again and take the address back by verifying it', async () => {
    const victimEmail = newSignup().email;
    const squatter = await signUp(request.agent(t.app), {
      email: victimEmail,
      firstName: 'Squatty',
      password: 'squatter-pass1',
    });

    const owner = request.agent(t.app);
    const mine = await signUp(owner, { email: victimEmail.toUpperCase() });
    expect(mine.userId).not.toBe(squatter.userId);
    await verifyEmail(owner, mail, victimEmail);

    expect(await rowOf(squatter.userId)).toBeUndefined();
    expect((await rowOf(mine.userId))?.emailVerifiedAt).toBeInstanceOf(Date);
    // The stranger's password opens nothing now; the owner's opens the owner's account.
    await request(t.app)
      .post('/api/users/login')
      .send({ email: victimEmail, password: 'squatter-pass1' })
      .expect(401);
    const login = await request(t.app)
      .post('/api/users/login')
      .send({ email: victimEmail, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user._id).toBe(mine.userId);
  });

  it('still refuses a sign-up with a verified address (409)', async () => {
    const owner = request.agent(t.app);
    const account = await signUp(owner);
    await verifyEmail(owner, mail, account.email);
    const res = await request(t.app)
      .post('/api/users/signup')
      .send(newSignup({ email: account.email }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it('signs each unverified sign-up of one address in to its own account, by its password', async () => {
    const email = newSignup().email;
    const first = await signUp(request.agent(t.app), { email, password: 'first-pass1' });
    const second = await signUp(request.agent(t.app), { email, password: 'second-pass2' });
    for (const [password, userId] of [
      ['first-pass1', first.userId],
      ['second-pass2', second.userId],
    ]) {
      const res = await request(t.app).post('/api/users/login').send({ email, password });
      expect(res.status).toBe(200);
      expect(res.body.user._id).toBe(userId);
      expect(res.body.nextStep).toBe('verify-email');
    }
  });

  it('keeps an unverified account out of search, profiles and follows', async () => {
    const squatter = await signUp(request.agent(t.app), {
      firstName: 'Zebedeeunverified',
      lastName: 'Hidden',
    });
    const viewer = await signedInUser(t.context);
    const search = await request(t.app)
      .get('/api/users/search?searchText=zebedeeunverified')
      .set('Cookie', viewer.cookie);
    expect(search.status).toBe(200);
    expect(search.body.totalCount).toBe(0);
    expect(
      (await request(t.app).get(`/api/users/${squatter.userId}`).set('Cookie', viewer.cookie))
        .status,
    ).toBe(404);
    const follow = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', viewer.cookie)
      .send({ userId: viewer.user.id, followedUserId: squatter.userId });
    expect(follow.status).toBe(404);
  });

  it('removes an account not verified within 7 days, with its sessions, and keeps younger ones', async () => {
    const old = await signUp(request.agent(t.app));
    t.clock.advance(DAY_MS);
    const young = await signUp(request.agent(t.app));
    t.clock.advance(6 * DAY_MS);
    const { removed } = await runVerificationReminders(t.context);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.userId)).toBeUndefined();
    expect(await rowOf(young.userId)).toBeDefined();
    // A verified member of the same age stays.
    const member = await signedInUser(t.context);
    t.clock.advance(8 * DAY_MS);
    await runVerificationReminders(t.context);
    expect(await rowOf(member.user.id)).toBeDefined();
    expect(await rowOf(young.userId)).toBeUndefined();
  });
});
