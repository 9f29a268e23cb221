import type Stripe from 'stripe';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { recordProviderPlan } from '../subscriptions/index.js';
import { lockMember } from '../users/index.js';
import {
  claimWebhookEvent,
  closeCheckout,
  lockCheckoutByProviderSession,
  paidSubscriptionByReference,
  savePaidSubscription,
  updatePaidSubscription,
} from './repo.js';
import { endPaidPlan } from './service.js';
import { periodEndOf, planOfPrice } from './stripe-provider.js';

type WebhookContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger'>;

/** Subscription states in which Stripe has stopped (or will never start) charging for it. */
const ENDED_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set([
  'canceled',
  'unpaid',
  'incomplete_expired',
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Applies one verified Stripe event, exactly once: its id is claimed in the same transaction, so
 * a delivery seen before (Stripe retries, replays) changes nothing and answers `duplicate`.
 * Events about checkouts or subscriptions we do not know are acknowledged and ignored.
 */
export async function applyStripeEvent(
  context: WebhookContext,
  event: Stripe.Event,
): Promise<{ duplicate: boolean }> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    if (!(await claimWebhookEvent(tx, 'stripe', event.id, event.type, now))) {
      return { duplicate: true };
    }
    switch (event.type) {
      case 'checkout.session.completed':
        await checkoutCompleted(tx, event.data.object, now);
        break;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await subscriptionChanged(context, tx, event.data.object, event.type, now);
        break;
      case 'invoice.payment_failed':
        await paymentFailed(tx, event.data.object, now);
        break;
      default:
        break;
    }
    return { duplicate: false };
  });
}

/**
 * The member paid: the plan of the checkout they opened turns active. The checkout must be ours,
 * open, and for the member Stripe names; a paid-later payment method (payment_status "unpaid")
 * waits for Stripe's subscription events instead.
 */
async function checkoutCompleted(tx: Executor, session: Stripe.Checkout.Session, now: Date) {
  if (session.mode !== 'subscription' || session.payment_status === 'unpaid') return;
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return;
  const checkout = await lockCheckoutByProviderSession(tx, 'stripe', session.id);
  if (!checkout || checkout.status !== 'open') return;
  if (session.client_reference_id && session.client_reference_id !== checkout.memberId) return;
  const member = await lockMember(tx, checkout.memberId);
  if (!member) return;
  await closeCheckout(tx, checkout.id, 'completed', now);
  await savePaidSubscription(
    tx,
    {
      memberId: member.id,
      planId: checkout.planId,
      provider: 'stripe',
      providerCustomerId: idOf(session.customer),
      providerSubscriptionId: subscriptionId,
      currentPeriodEnd: null, // Stripe tells it with the subscription's events
    },
    now,
  );
  await recordProviderPlan(tx, member, { planId: checkout.planId, status: 'active' }, now, {
    source: 'checkout',
    provider: 'stripe',
    providerReference: subscriptionId,
  });
}

/**
 * Stripe changed or ended a subscription: a new period (renewal), a cancellation at period end
 * (from us or Stripe's customer portal), another price, or the end (cancelled, or unpaid after
 * its retries).
 */
async function subscriptionChanged(
  context: WebhookContext,
  tx: Executor,
  subscription: Stripe.Subscription,
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  now: Date,
) {
  const paid = await paidSubscriptionByReference(tx, 'stripe', subscription.id);
  if (!paid) return;
  const member = await lockMember(tx, paid.memberId);
  if (!member) return;
  const reason = {
    source: 'provider' as const,
    provider: 'stripe' as const,
    providerReference: subscription.id,
  };
  if (type === 'customer.subscription.deleted' || ENDED_STATUSES.has(subscription.status)) {
    await endPaidPlan(tx, member, now, reason);
    return;
  }
  const settings = context.config.payments;
  const planId =
    (settings.provider === 'stripe' && planOfPrice(settings, subscription)) || paid.planId;
  await updatePaidSubscription(
    tx,
    member.id,
    {
      planId,
      currentPeriodEnd: periodEndOf(subscription) ?? paid.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      paymentFailedAt: subscription.status === 'past_due' ? (paid.paymentFailedAt ?? now) : null,
    },
    now,
  );
  await recordProviderPlan(
    tx,
    member,
    { planId, status: subscription.cancel_at_period_end ? 'cancelled' : 'active' },
    now,
    reason,
  );
}

/**
 * A renewal payment failed. Stripe retries it by its own schedule and then ends or marks the
 * subscription unpaid (customer.subscription.updated/deleted above); until then the member keeps
 * the plan and is told the payment failed.
 */
async function paymentFailed(tx: Executor, invoice: Stripe.Invoice, now: Date) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return;
  const paid = await paidSubscriptionByReference(tx, 'stripe', subscriptionId);
  if (!paid) return;
  await updatePaidSubscription(tx, paid.memberId, { paymentFailedAt: now }, now);
}
