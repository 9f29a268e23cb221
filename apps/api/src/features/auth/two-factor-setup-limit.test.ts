import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChallenges } from '../../db/schema.js';
import {
  LOOSE_RATE_LIMITS,
  signUp,
  verifyEmail,
  verifyTwoFactor,
} from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailCatcher } from '../../test/mail.js';

/**
 * Issue 19 finding 7: POST /api/2fa/setup rendered a QR image and wrote a challenge row on every
 * call, without limit. It is rate-limited now, and an account keeps one open challenge.
 */

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: mail.mailer,
    rateLimits: {
      ...LOOSE_RATE_LIMITS,
      twoFactorSetupPerAccount: { points: 5, durationSeconds: 900 },
      twoFactorSetupPerIp: { points: 1000, durationSeconds: 900 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function challengesOf(userId: string) {
  return t.context.db.select().from(authChallenges).where(eq(authChallenges.userId, userId));
}

describe('POST /api/2fa/setup', () => {
  it('keeps one open challenge however often it is called, and refuses past its limit (429)', async () => {
    const agent = request.agent(t.app);
    const account = await signUp(agent);
    await verifyEmail(agent, mail, account.email);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        agent.post('/api/2fa/setup').send({ userId: account.userId }),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(await challengesOf(account.userId)).toHaveLength(1);

    const refused = await agent.post('/api/2fa/setup').send({ userId: account.userId });
    expect(refused.status).toBe(429);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(await challengesOf(account.userId)).toHaveLength(1);

    // The enrolment still completes with the secret it was shown (one secret until confirmed).
    const secret = answers[0]!.body.secret as string;
    const done = await verifyTwoFactor(t, agent, account.userId, secret);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await challengesOf(account.userId)).toHaveLength(0);
  });
});
