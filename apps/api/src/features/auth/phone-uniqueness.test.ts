import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { users } from '../../db/schema.js';
import { LOOSE_RATE_LIMITS } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { createSmsCatcher } from '../../test/mail.js';

/**
 * Issue 19 finding 13: one phone number backs the verified badge of one account. Another account
 * is told the number is taken, never which account has it.
 */

const sms = createSmsCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sms: sms.sms, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

const NUMBER = '+919812345670';
const memberWithoutPhone = () =>
  signedInUser(t.context, { firstName: 'Phoebe', phoneNumber: null, phoneVerifiedAt: null });

function sendCode(member: { user: { id: string }; cookie: string }) {
  return request(t.app)
    .post('/api/phone/send-code')
    .set('Cookie', member.cookie)
    .send({ userId: member.user.id, phoneNumber: NUMBER });
}

function verify(member: { user: { id: string }; cookie: string }, code: string) {
  return request(t.app)
    .post('/api/phone/verify')
    .set('Cookie', member.cookie)
    .send({ userId: member.user.id, phoneNumber: NUMBER, code });
}

describe('one phone number, one verified account', () => {
  it('refuses a second account the number, without saying whose it is, even with a code in hand', async () => {
    const first = await memberWithoutPhone();
    const second = await memberWithoutPhone();
    // The second member asked for a code before the first one verified the number.
    const early = await sendCode(second);
    expect(early.status).toBe(200);

    const sent = await sendCode(first);
    await verify(first, sent.body.devCode as string).expect(200);

    const late = await verify(second, early.body.devCode as string);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: AUTH_MESSAGES.phoneTaken,
    });
    expect(JSON.stringify(late.body)).not.toContain(first.user.id);
    expect(JSON.stringify(late.body)).not.toContain('Phoebe');

    // Nor is a new code texted for it.
    const texts = sms.texts.length;
    const again = await sendCode(second);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AUTH_MESSAGES.phoneTaken);
    expect(sms.texts).toHaveLength(texts);

    const [row] = await t.context.db.select().from(users).where(eq(users.id, second.user.id));
    expect(row).toMatchObject({ phoneVerifiedAt: null });
  });

  it('lets the member who holds the number verify it again', async () => {
    const member = await memberWithoutPhone();
    const number = '+919812345671';
    const send = () =>
      request(t.app)
        .post('/api/phone/send-code')
        .set('Cookie', member.cookie)
        .send({ userId: member.user.id, phoneNumber: number });
    const first = await send();
    await request(t.app)
      .post('/api/phone/verify')
      .set('Cookie', member.cookie)
      .send({ userId: member.user.id, phoneNumber: number, code: first.body.devCode })
      .expect(200);
    expect((await userRow(member.user.id))?.phoneNumber).toBe(number);
  });
});

async function userRow(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return row;
}
