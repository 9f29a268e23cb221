import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TERMS_VERSION } from '@kindred/contracts';
import { users } from '../../db/schema.js';
import { LOOSE_RATE_LIMITS, newSignup } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Issue 19 finding 12: every member certified legal age and accepted the terms (SPEC). A sign-up
 * without both is refused, and the account records both, when, and which terms.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

async function accountOf(email: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('sign-up consent', () => {
  it('records legal age and the accepted terms version, with the time', async () => {
    const body = newSignup();
    await request(t.app).post('/api/users/signup').send(body).expect(201);
    const row = await accountOf(body.email);
    expect(row).toMatchObject({
      legalAgeConfirmedAt: t.clock.now(),
      termsAcceptedAt: t.clock.now(),
      termsVersion: TERMS_VERSION,
    });
  });

  it.each([
    ['legalAgeConfirmed', AUTH_MESSAGES.legalAgeRequired],
    ['termsAccepted', AUTH_MESSAGES.termsRequired],
  ])(
    'refuses a sign-up without %s (400, clear message) and creates nothing',
    async (field, message) => {
      for (const value of [undefined, false, 'true', null]) {
        const body = newSignup({ [field]: value });
        const res = await request(t.app).post('/api/users/signup').send(body);
        expect(res.status, String(value)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message });
        expect(await accountOf(body.email)).toBeUndefined();
      }
    },
  );
});
