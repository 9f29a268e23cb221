import type { PaidPlanId, PaymentProvider } from '@kindred/contracts';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../config.js';
import { createStripePaymentsProvider } from './stripe-provider.js';
import { createTestPaymentsProvider } from './test-provider.js';

export interface StartCheckoutInput {
  /** Our checkout id (random, unguessable). */
  checkoutId: string;
  member: { id: string; email: string };
  planId: PaidPlanId;
  /** Absolute addresses the provider sends the member back to. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * Who takes payment for paid plans. The rest of the app asks only this: where to send the member
 * to pay, how to cancel at the end of the period, and (Stripe) which webhook events are genuine.
 * The plan itself changes only on the provider's confirmation (billing/service.ts).
 */
export interface PaymentsProvider {
  readonly name: PaymentProvider;
  /** The page where the member pays, and the provider's own id for this checkout (if any). */
  startCheckout(
    input: StartCheckoutInput,
  ): Promise<{ url: string; providerSessionId: string | null }>;
  /**
   * Asks the provider to end the subscription at the end of the paid period; answers that date as
   * the provider knows it (null when it did not say).
   */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<{ currentPeriodEnd: Date | null }>;
  /** A webhook event whose signature over the raw body is valid; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** The configured provider (config.ts has already refused the test provider in production). */
export function createPaymentsProvider(config: PaymentsConfig): PaymentsProvider {
  return config.provider === 'stripe'
    ? createStripePaymentsProvider(config)
    : createTestPaymentsProvider();
}
