import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, planChanges, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { endCancelledPlans } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function planOf(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return { plan: row!.plan, subscriptionStatus: row!.subscriptionStatus };
}

function logOf(id: string) {
  return t.context.db
    .select()
    .from(planChanges)
    .where(eq(planChanges.memberId, id))
    .orderBy(planChanges.changedAt);
}

async function startCheckout(cookie: string, body: Record<string, unknown>) {
  return request(t.app).post('/api/subscription/checkout').set('Cookie', cookie).send(body);
}

/** A free-trial member with an open test-mode checkout for `planId`. */
async function memberWithCheckout(planId = 'beginner', returnPath?: string) {
  const member = await signedInUser(t.context);
  await request(t.app)
    .post('/api/subscription/select-plan')
    .set('Cookie', member.cookie)
    .send({ planId: 'free' })
    .expect(200);
  const res = await startCheckout(member.cookie, { planId, returnPath });
  expect(res.status).toBe(200);
  const url = res.body.url as string;
  expect(url).toMatch(/^\/checkout\/test\/[\w-]{32}$/);
  return { ...member, checkoutId: url.split('/').pop()! };
}

function complete(cookie: string, checkoutId: string) {
  return request(t.app)
    .post(`/api/subscription/checkout/test/${checkoutId}/complete`)
    .set('Cookie', cookie);
}

describe('test-mode checkout', () => {
  it('start → success: the plan turns active only at the confirmation, and the change is logged', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout('beginner', '/feed');
    expect(await planOf(user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });

    const page = await request(t.app)
      .get(`/api/subscription/checkout/test/${checkoutId}`)
      .set('Cookie', cookie);
    expect(page.body.session).toEqual({
      id: checkoutId,
      planId: 'beginner',
      planName: 'Beginner',
      priceLabel: '$5/month',
      status: 'open',
      returnPath: '/feed',
    });

    const res = await complete(cookie, checkoutId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Payment confirmed: your plan is active',
      subscription: { planName: 'beginner', status: 'active' },
      returnPath: '/feed',
    });
    expect(await planOf(user.id)).toEqual({ plan: 'beginner', subscriptionStatus: 'active' });
    const log = await logOf(user.id);
    expect(log.at(-1)).toMatchObject({
      fromPlan: 'free',
      toPlan: 'beginner',
      fromStatus: 'trial',
      toStatus: 'active',
      source: 'checkout',
      provider: 'test',
      providerReference: `test_sub_${checkoutId}`,
      changedAt: t.clock.now(),
    });

    const billing = await request(t.app).get('/api/subscription/billing').set('Cookie', cookie);
    expect(billing.body.billing).toEqual({
      planName: 'beginner',
      status: 'active',
      provider: 'test',
      currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
      cancelAtPeriodEnd: false,
      paymentFailed: false,
    });
  });

  it('cancel leaves the plan unchanged, and the cancelled checkout can no longer be completed', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout('professional');
    const before = (await logOf(user.id)).length;
    const res = await request(t.app)
      .post(`/api/subscription/checkout/test/${checkoutId}/cancel`)
      .set('Cookie', cookie);
    expect(res.body).toEqual({
      success: true,
      message: 'Checkout cancelled: your plan is unchanged',
      returnPath: `/viewprofile/${user.id}`,
    });
    const after = await complete(cookie, checkoutId);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('CHECKOUT_CLOSED');
    expect(await planOf(user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });
    expect(await logOf(user.id)).toHaveLength(before);
  });

  it('cannot be forged or replayed: an unknown id is 404, a second success 409, logged once', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout();
    // One character changed (to another one: an id ending in "A" forged with "A" is the id itself).
    const oneCharacterOff = `${checkoutId.slice(0, -1)}${checkoutId.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of ['x'.repeat(32), oneCharacterOff, '../../cancel', 'short']) {
      const res = await complete(cookie, forged);
      expect(res.status, forged).toBe(404);
    }
    expect(await planOf(user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });

    expect((await complete(cookie, checkoutId)).status).toBe(200);
    const replay = await complete(cookie, checkoutId);
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('CHECKOUT_CLOSED');
    expect((await logOf(user.id)).filter((row) => row.source === 'checkout')).toHaveLength(1);
  });

  it('another member cannot see, confirm or cancel my checkout (404); both plans are unchanged', async () => {
    const mine = await memberWithCheckout('professional');
    const other = await signedInUser(t.context);
    const base = `/api/subscription/checkout/test/${mine.checkoutId}`;
    expect((await request(t.app).get(base).set('Cookie', other.cookie)).status).toBe(404);
    expect((await complete(other.cookie, mine.checkoutId)).status).toBe(404);
    expect((await request(t.app).post(`${base}/cancel`).set('Cookie', other.cookie)).status).toBe(
      404,
    );
    expect(await planOf(mine.user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });
    expect(await planOf(other.user.id)).toEqual({ plan: null, subscriptionStatus: null });
    const [row] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, mine.checkoutId));
    expect(row!.status).toBe('open');
    // The owner still can.
    expect((await complete(mine.cookie, mine.checkoutId)).status).toBe(200);
  });

  it('an expired checkout (after 24 hours) cannot be completed', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout();
    t.clock.advance(DAY + 1);
    const res = await complete(cookie, checkoutId);
    expect(res.status).toBe(409);
    expect(await planOf(user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });
  });

  it('needs a signed-in member, a paid plan and a path of this site to return to', async () => {
    expect(
      (await request(t.app).post('/api/subscription/checkout').send({ planId: 'beginner' })).status,
    ).toBe(401);
    const { cookie } = await signedInUser(t.context);
    for (const body of [
      { planId: 'free' },
      { planId: 'gold' },
      {},
      { planId: 'beginner', returnPath: 'https://evil.example/' },
      { planId: 'beginner', returnPath: '//evil.example/' },
      { planId: 'beginner', returnPath: '/\\evil.example' },
    ]) {
      const res = await startCheckout(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await startCheckout(cookie, { planId: 'free' });
    expect(res.body.message).toBe('Choose Beginner or Professional to check out');
  });

  it('refuses a checkout while a paid plan runs (409 PAID_PLAN_ACTIVE)', async () => {
    const { cookie, checkoutId } = await memberWithCheckout('beginner');
    await complete(cookie, checkoutId).expect(200);
    for (const planId of ['beginner', 'professional']) {
      const res = await startCheckout(cookie, { planId });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PAID_PLAN_ACTIVE');
    }
  });
});

describe('POST /subscription/select-plan with checkout', () => {
  it('no longer switches a paid plan on: 402 CHECKOUT_REQUIRED, plan unchanged, nothing logged', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/subscription/select-plan')
      .set('Cookie', cookie)
      .send({ userId: user.id, planId: 'professional' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      success: false,
      code: 'CHECKOUT_REQUIRED',
      message: 'Complete checkout to switch to a paid plan',
    });
    expect(await planOf(user.id)).toEqual({ plan: null, subscriptionStatus: null });
    expect(await logOf(user.id)).toHaveLength(0);
  });

  it('answers the running paid plan as it is, and refuses free while it runs (409 PAID_PLAN_ACTIVE)', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout('beginner');
    await complete(cookie, checkoutId).expect(200);
    const same = await request(t.app)
      .post('/api/subscription/select-plan')
      .set('Cookie', cookie)
      .send({ planId: 'beginner' });
    expect(same.status).toBe(200);
    expect(same.body.subscription).toMatchObject({ planName: 'beginner', status: 'active' });
    const free = await request(t.app)
      .post('/api/subscription/select-plan')
      .set('Cookie', cookie)
      .send({ planId: 'free' });
    expect(free.status).toBe(409);
    expect(free.body.code).toBe('PAID_PLAN_ACTIVE');
    expect(await planOf(user.id)).toEqual({ plan: 'beginner', subscriptionStatus: 'active' });
  });

  it('logs a member-chosen plan change (who, when, from, to)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await request(t.app)
      .post('/api/subscription/select-plan')
      .set('Cookie', cookie)
      .send({ planId: 'free' })
      .expect(200);
    expect(await logOf(user.id)).toEqual([
      expect.objectContaining({
        memberId: user.id,
        changedAt: t.clock.now(),
        fromPlan: null,
        toPlan: 'free',
        toStatus: 'trial',
        source: 'member',
        provider: null,
        providerReference: null,
      }),
    ]);
  });
});

describe('POST /subscription/cancel', () => {
  it('ends the plan at the period end: kept (cancelled) until then, Trial-Free after, each step logged', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout('professional');
    await complete(cookie, checkoutId).expect(200);
    const periodEnd = new Date(t.clock.now().getTime() + 30 * DAY);

    t.clock.advance(DAY);
    const res = await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Your plan is cancelled: it stays active until the end of the paid period',
      billing: {
        planName: 'professional',
        status: 'cancelled',
        provider: 'test',
        currentPeriodEnd: periodEnd.toISOString(),
        cancelAtPeriodEnd: true,
        paymentFailed: false,
      },
    });
    // Cancelling twice changes nothing.
    await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie).expect(200);
    expect(await planOf(user.id)).toEqual({
      plan: 'professional',
      subscriptionStatus: 'cancelled',
    });

    t.clock.advance(28 * DAY); // a day before the period end
    expect(await endCancelledPlans(t.context)).toBe(0);
    expect(await planOf(user.id)).toEqual({
      plan: 'professional',
      subscriptionStatus: 'cancelled',
    });

    t.clock.advance(DAY); // the period end
    expect(await endCancelledPlans(t.context)).toBe(1);
    expect((await planOf(user.id)).plan).toBe('free');
    expect(await endCancelledPlans(t.context)).toBe(0);

    const log = await logOf(user.id);
    expect(log.slice(-2)).toEqual([
      expect.objectContaining({
        fromPlan: 'professional',
        toPlan: 'professional',
        fromStatus: 'active',
        toStatus: 'cancelled',
        source: 'member',
        provider: 'test',
      }),
      expect.objectContaining({
        fromPlan: 'professional',
        toPlan: 'free',
        fromStatus: 'cancelled',
        source: 'period-end',
        provider: 'test',
        providerReference: `test_sub_${checkoutId}`,
        changedAt: periodEnd,
      }),
    ]);
    const billing = await request(t.app).get('/api/subscription/billing').set('Cookie', cookie);
    expect(billing.body.billing).toMatchObject({
      planName: 'free',
      provider: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });

  it('the billing view ends a cancelled plan past its period end even before the job runs', async () => {
    const { user, cookie, checkoutId } = await memberWithCheckout('beginner');
    await complete(cookie, checkoutId).expect(200);
    await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie).expect(200);
    t.clock.advance(30 * DAY);
    const billing = await request(t.app).get('/api/subscription/billing').set('Cookie', cookie);
    expect(billing.body.billing.planName).toBe('free');
    expect((await planOf(user.id)).plan).toBe('free');
  });

  it('answers 409 NO_PAID_PLAN without a paid plan, changing nothing', async () => {
    const { user, cookie } = await memberWithCheckout();
    const res = await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NO_PAID_PLAN');
    expect(await planOf(user.id)).toEqual({ plan: 'free', subscriptionStatus: 'trial' });
    const rows = await t.context.db
      .select()
      .from(planChanges)
      .where(and(eq(planChanges.memberId, user.id), eq(planChanges.source, 'period-end')));
    expect(rows).toHaveLength(0);
  });
});
