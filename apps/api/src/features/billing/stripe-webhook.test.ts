import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../../config.js';
import {
  checkoutSessions,
  paidSubscriptions,
  paymentWebhookEvents,
  planChanges,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { createStripePaymentsProvider } from './stripe-provider.js';

/**
 * Stripe Checkout offline: Stripe's API is answered by a fake fetch (what the app asked for is
 * recorded), and webhook events are Stripe's documented payload shapes signed here with a test
 * secret, exactly as Stripe signs them (t=…,v1=HMAC-SHA256 of "t.body").
 */

const WEBHOOK_SECRET = 'whsec_test_kindred';
const settings: Extract<PaymentsConfig, { provider: 'stripe' }> = {
  provider: 'stripe',
  secretKey: 'sk_test_kindred',
  webhookSecret: WEBHOOK_SECRET,
  priceIds: { beginner: 'price_beginner_test', professional: 'price_professional_test' },
};

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
}
const calls: StripeCall[] = [];
let sessionCounter = 0;

/** Stripe's API as far as the app uses it: create a Checkout Session, update a subscription. */
const fakeStripeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input : input.url);
  const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
  calls.push({ method: init?.method ?? 'GET', path: url.pathname, form });
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  if (url.pathname === '/v1/checkout/sessions') {
    sessionCounter += 1;
    const id = `cs_test_${sessionCounter}`;
    return json({
      id,
      object: 'checkout.session',
      mode: 'subscription',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
  }
  const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
  if (subscription) {
    return json(
      subscriptionObject(subscription[1]!, {
        cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
      }),
    );
  }
  return new Response(JSON.stringify({ error: { message: 'unexpected' } }), { status: 404 });
}) as typeof fetch;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: settings.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BEGINNER: settings.priceIds.beginner,
      STRIPE_PRICE_PROFESSIONAL: settings.priceIds.professional,
    },
    payments: createStripePaymentsProvider(settings, {
      httpClient: Stripe.createFetchHttpClient(fakeStripeFetch),
    }),
  });
});
afterAll(async () => {
  await t.close();
});

const PERIOD_END = 1_800_000_000; // seconds, as Stripe sends times

function subscriptionObject(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    object: 'subscription',
    status: 'active',
    customer: 'cus_test_1',
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test_1',
          object: 'subscription_item',
          current_period_start: PERIOD_END - 30 * 86_400,
          current_period_end: PERIOD_END,
          price: { id: settings.priceIds.beginner, object: 'price' },
        },
      ],
    },
    metadata: {},
    ...overrides,
  };
}

let eventCounter = 0;
/** An event envelope as Stripe documents it (snapshot event, API version of the SDK). */
function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  eventCounter += 1;
  return {
    id: id ?? `evt_test_${eventCounter}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function sendWebhook(
  event: object,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string } = {},
) {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return request(t.app)
    .post('/api/subscription/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
}

async function stateOf(memberId: string) {
  const [user] = await t.context.db.select().from(users).where(eq(users.id, memberId));
  const [paid] = await t.context.db
    .select()
    .from(paidSubscriptions)
    .where(eq(paidSubscriptions.memberId, memberId));
  const log = await t.context.db
    .select()
    .from(planChanges)
    .where(eq(planChanges.memberId, memberId))
    .orderBy(planChanges.changedAt);
  return { plan: user!.plan, status: user!.subscriptionStatus, paid, log };
}

/** A trial member who opened a Stripe checkout; answers its session id. */
async function memberInCheckout(planId: 'beginner' | 'professional' = 'beginner') {
  const member = await signedInUser(t.context, { plan: 'free', subscriptionStatus: 'trial' });
  const res = await request(t.app)
    .post('/api/subscription/checkout')
    .set('Cookie', member.cookie)
    .send({ planId, returnPath: '/feed' });
  expect(res.status).toBe(200);
  const sessionId = (res.body.url as string).split('/').pop()!;
  return { ...member, sessionId };
}

function checkoutCompleted(sessionId: string, memberId: string, subscriptionId: string) {
  return stripeEvent('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: memberId,
    customer: 'cus_test_1',
    subscription: subscriptionId,
    metadata: { memberId },
  });
}

describe('Stripe Checkout', () => {
  it('creates a Checkout Session in subscription mode with the plan price and our return addresses', async () => {
    const { user, sessionId } = await memberInCheckout('professional');
    expect(sessionId).toMatch(/^cs_test_\d+$/);
    const call = calls.findLast((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.method).toBe('POST');
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_professional_test',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      success_url: 'http://localhost:3000/feed?checkout=success',
      cancel_url: 'http://localhost:3000/feed?checkout=cancelled',
      'metadata[memberId]': user.id,
      'metadata[planId]': 'professional',
    });
    // Opening a checkout changes nothing.
    expect(await stateOf(user.id)).toMatchObject({
      plan: 'free',
      status: 'trial',
      paid: undefined,
    });
  });

  it('refuses the test-mode confirmation while Stripe is the provider (404)', async () => {
    const { user, cookie, sessionId } = await memberInCheckout();
    const [checkout] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    // Even a checkout of ours marked as a test-mode one cannot be confirmed that way now.
    await t.context.db
      .update(checkoutSessions)
      .set({ provider: 'test' })
      .where(eq(checkoutSessions.id, checkout!.id));
    const res = await request(t.app)
      .post(`/api/subscription/checkout/test/${checkout!.id}/complete`)
      .set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(await stateOf(user.id)).toMatchObject({ plan: 'free', status: 'trial' });
  });
});

describe('POST /subscription/webhook', () => {
  it('checkout.session.completed, validly signed → the plan is active, the change logged with the subscription id', async () => {
    const { user, sessionId } = await memberInCheckout('beginner');
    const res = await sendWebhook(checkoutCompleted(sessionId, user.id, 'sub_test_valid'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const state = await stateOf(user.id);
    expect(state).toMatchObject({ plan: 'beginner', status: 'active' });
    expect(state.paid).toMatchObject({
      provider: 'stripe',
      providerSubscriptionId: 'sub_test_valid',
      providerCustomerId: 'cus_test_1',
      cancelAtPeriodEnd: false,
    });
    expect(state.log).toEqual([
      expect.objectContaining({
        fromPlan: 'free',
        toPlan: 'beginner',
        fromStatus: 'trial',
        toStatus: 'active',
        source: 'checkout',
        provider: 'stripe',
        providerReference: 'sub_test_valid',
      }),
    ]);
  });

  it('a bad signature → 400 WEBHOOK_SIGNATURE_INVALID and nothing changes', async () => {
    const { user, sessionId } = await memberInCheckout();
    const event = checkoutCompleted(sessionId, user.id, 'sub_test_forged');
    for (const options of [
      { secret: 'whsec_someone_else' },
      { signature: 't=1,v1=deadbeef' },
      { signature: '' },
    ]) {
      const res = await sendWebhook(event, options);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    // A body changed after signing fails too.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await request(t.app)
      .post('/api/subscription/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload.replace('"paid"', '"paid" '));
    expect(tampered.status).toBe(400);

    expect(await stateOf(user.id)).toMatchObject({
      plan: 'free',
      status: 'trial',
      paid: undefined,
      log: [],
    });
    const events = await t.context.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(events).toHaveLength(0);
  });

  it('a replayed event (same id) changes nothing and says duplicate', async () => {
    const { user, cookie, sessionId } = await memberInCheckout();
    const completed = checkoutCompleted(sessionId, user.id, 'sub_test_replay');
    await sendWebhook(completed).expect(200);
    // The member cancels; then the old "completed" event arrives again.
    await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie).expect(200);
    const before = await stateOf(user.id);
    expect(before).toMatchObject({ plan: 'beginner', status: 'cancelled' });
    const replay = await sendWebhook(completed);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await stateOf(user.id)).toEqual(before);
  });

  it('a completed event for another checkout, or naming another member, changes nothing', async () => {
    const { user, sessionId } = await memberInCheckout();
    const other = await signedInUser(t.context, { plan: 'free', subscriptionStatus: 'trial' });
    await sendWebhook(checkoutCompleted('cs_test_unknown', user.id, 'sub_x')).expect(200);
    await sendWebhook(checkoutCompleted(sessionId, other.user.id, 'sub_y')).expect(200);
    expect(await stateOf(user.id)).toMatchObject({
      plan: 'free',
      status: 'trial',
      paid: undefined,
    });
    expect(await stateOf(other.user.id)).toMatchObject({ plan: 'free', paid: undefined });
  });

  it('customer.subscription.updated keeps the period end and a cancellation; deleted moves the member to Trial-Free', async () => {
    const { user, cookie, sessionId } = await memberInCheckout();
    await sendWebhook(checkoutCompleted(sessionId, user.id, 'sub_test_life')).expect(200);

    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscriptionObject('sub_test_life')),
    ).expect(200);
    let billing = await request(t.app).get('/api/subscription/billing').set('Cookie', cookie);
    expect(billing.body.billing).toEqual({
      planName: 'beginner',
      status: 'active',
      provider: 'stripe',
      currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      paymentFailed: false,
    });

    // Cancelled in Stripe's customer portal; then a renewal payment fails.
    await sendWebhook(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject('sub_test_life', { cancel_at_period_end: true }),
      ),
    ).expect(200);
    await sendWebhook(
      stripeEvent('invoice.payment_failed', {
        id: 'in_test_1',
        object: 'invoice',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_test_life', metadata: {} },
        },
      }),
    ).expect(200);
    billing = await request(t.app).get('/api/subscription/billing').set('Cookie', cookie);
    expect(billing.body.billing).toMatchObject({
      planName: 'beginner',
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      paymentFailed: true,
    });

    await sendWebhook(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject('sub_test_life', { status: 'canceled' }),
      ),
    ).expect(200);
    const state = await stateOf(user.id);
    expect(state).toMatchObject({ plan: 'free', paid: undefined });
    expect(state.log.map((row) => [row.toPlan, row.toStatus, row.source])).toEqual([
      ['beginner', 'active', 'checkout'],
      ['beginner', 'cancelled', 'provider'],
      ['free', 'trial', 'provider'],
    ]);
  });

  it('POST /subscription/cancel asks Stripe to cancel at the period end and keeps the plan until then', async () => {
    const { user, cookie, sessionId } = await memberInCheckout();
    await sendWebhook(checkoutCompleted(sessionId, user.id, 'sub_test_cancel')).expect(200);
    const res = await request(t.app).post('/api/subscription/cancel').set('Cookie', cookie);
    expect(res.status).toBe(200);
    const call = calls.findLast((c) => c.path === '/v1/subscriptions/sub_test_cancel')!;
    expect(call.method).toBe('POST');
    expect(call.form.get('cancel_at_period_end')).toBe('true');
    expect(res.body.billing).toMatchObject({
      planName: 'beginner',
      status: 'cancelled',
      currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });
});
