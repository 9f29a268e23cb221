import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config.js';
import type { PaymentsProvider } from './provider.js';

type StripeSettings = Extract<PaymentsConfig, { provider: 'stripe' }>;

/**
 * Stripe Checkout in subscription mode. The plan is recorded from the signed webhook
 * (checkout.session.completed and the subscription's later events), never from the member coming
 * back to the success page. `httpClient` lets tests answer Stripe's API without the network.
 */
export function createStripePaymentsProvider(
  settings: StripeSettings,
  options: { httpClient?: Stripe.HttpClient } = {},
): PaymentsProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  return {
    name: 'stripe',
    async startCheckout({ checkoutId, member, planId, successUrl, cancelUrl }) {
      const metadata = { checkoutId, memberId: member.id, planId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: settings.priceIds[planId], quantity: 1 }],
          client_reference_id: member.id,
          customer_email: member.email,
          metadata,
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // One Stripe session per checkout of ours, even if the request is retried.
        { idempotencyKey: `kindred-checkout-${checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe created a Checkout Session without a url');
      return { url: session.url, providerSessionId: session.id };
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      const subscription = await stripe.subscriptions.update(providerSubscriptionId, {
        cancel_at_period_end: true,
      });
      return { currentPeriodEnd: periodEndOf(subscription) };
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
    },
  };
}

/** The end of the period paid for: on the subscription's item since Stripe's 2025 API versions. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const seconds = subscription.items.data[0]?.current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** The price's plan, when it is one of ours. */
export function planOfPrice(
  settings: StripeSettings,
  subscription: Stripe.Subscription,
): keyof StripeSettings['priceIds'] | null {
  const priceId = subscription.items.data[0]?.price.id;
  const entry = Object.entries(settings.priceIds).find(([, id]) => id === priceId);
  return entry ? (entry[0] as keyof StripeSettings['priceIds']) : null;
}
