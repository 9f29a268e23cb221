import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES, type PlanId } from './plans.js';
import { SubscriptionSchema } from './responses.js';

/**
 * Paying for a plan (issue 14 "Checkout"). A paid plan turns on only when the payments provider
 * confirms it: the Stripe webhook, or the test-mode provider's own checkout page. The client never
 * says "I paid" on its own.
 */

/** The configured payments provider: `test` takes no money (development and tests only). */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Plans that cost money and so go through checkout. */
export const PAID_PLAN_IDS = ['beginner', 'professional'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export function isPaidPlan(planId: PlanId | null | undefined): planId is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(planId ?? '');
}

/** A checkout: open until the provider confirms it (completed) or the member turns back (cancelled). */
export const CHECKOUT_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Why a plan changed, as written in the plan-change log. */
export const PLAN_CHANGE_SOURCES = [
  /** The member chose it (select-plan, or the plan sent with the profile). */
  'member',
  /** The provider confirmed a checkout (test-mode success, or Stripe's checkout.session.completed). */
  'checkout',
  /** The provider said the subscription changed or ended (Stripe webhook). */
  'provider',
  /** A plan cancelled by the member reached the end of its paid period. */
  'period-end',
] as const;
export type PlanChangeSource = (typeof PLAN_CHANGE_SOURCES)[number];

export const BILLING_MESSAGES = {
  choosePaidPlan: 'Choose Beginner or Professional to check out',
  checkoutRequired: 'Complete checkout to switch to a paid plan',
  alreadyOnPlan: 'You are already on this plan',
  paidPlanActive:
    'You are on a paid plan: cancel it first, and you move to Trial-Free when the paid period ends',
  checkoutNotFound: 'This checkout was not found',
  checkoutClosed: 'This checkout is already finished',
  checkoutCompleted: 'Payment confirmed: your plan is active',
  checkoutCancelled: 'Checkout cancelled: your plan is unchanged',
  nothingToCancel: 'You have no paid plan to cancel',
  planCancelled: 'Your plan is cancelled: it stays active until the end of the paid period',
  webhookSignature: 'Invalid webhook signature',
  providerUnavailable: 'The payment provider could not be reached. Please try again later.',
  invalidReturnPath: 'Invalid return path',
} as const;

/** Where the member comes back to after checkout: a path of this site (never another site). */
export const ReturnPathSchema = z
  .string()
  .max(200)
  .regex(/^\/(?![/\\])[^\s\\]*$/, BILLING_MESSAGES.invalidReturnPath);

/** POST /subscription/checkout. */
export const CheckoutRequestSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { message: BILLING_MESSAGES.choosePaidPlan }),
  /** The page to come back to (default: the member's profile); `?checkout=success|cancelled` is added. */
  returnPath: ReturnPathSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

const success = { success: z.literal(true) } as const;
const isoDate = z.iso.datetime({ offset: true });

/** `url`: the provider's page (Stripe's hosted page, or /checkout/test/… of this site). */
export const CheckoutResponseSchema = z.strictObject({ ...success, url: z.string().min(1) });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** What the test-mode checkout page shows: the plan, its price and where to go afterwards. */
export const TestCheckoutSessionSchema = z.strictObject({
  id: z.string(),
  planId: z.enum(PAID_PLAN_IDS),
  planName: z.string(),
  priceLabel: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  returnPath: z.string(),
});
export type TestCheckoutSession = z.infer<typeof TestCheckoutSessionSchema>;

export const TestCheckoutSessionResponseSchema = z.strictObject({
  ...success,
  session: TestCheckoutSessionSchema,
});
export type TestCheckoutSessionResponse = z.infer<typeof TestCheckoutSessionResponseSchema>;

/** The member's paid plan as the provider reported it (GET /subscription/billing). */
export const BillingStateSchema = z.strictObject({
  planName: z.enum(PLAN_IDS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** The provider of the paid plan, null without one. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  /** End of the period paid for (renewal date, or the last day of a cancelled plan). */
  currentPeriodEnd: isoDate.nullable(),
  /** Cancelled by the member: the plan ends at `currentPeriodEnd` and the member moves to Trial-Free. */
  cancelAtPeriodEnd: z.boolean(),
  /** The provider could not take the last payment (it retries; the plan stays until it gives up). */
  paymentFailed: z.boolean(),
});
export type BillingState = z.infer<typeof BillingStateSchema>;

export const BillingResponseSchema = z.strictObject({ ...success, billing: BillingStateSchema });
export type BillingResponse = z.infer<typeof BillingResponseSchema>;

/** Test-mode success: the plan is active. */
export const CompleteTestCheckoutResponseSchema = z.strictObject({
  ...success,
  message: z.literal(BILLING_MESSAGES.checkoutCompleted),
  subscription: SubscriptionSchema,
  returnPath: z.string(),
});
export type CompleteTestCheckoutResponse = z.infer<typeof CompleteTestCheckoutResponseSchema>;

export const CancelTestCheckoutResponseSchema = z.strictObject({
  ...success,
  message: z.literal(BILLING_MESSAGES.checkoutCancelled),
  returnPath: z.string(),
});
export type CancelTestCheckoutResponse = z.infer<typeof CancelTestCheckoutResponseSchema>;

export const CancelPlanResponseSchema = z.strictObject({
  ...success,
  message: z.literal(BILLING_MESSAGES.planCancelled),
  billing: BillingStateSchema,
});
export type CancelPlanResponse = z.infer<typeof CancelPlanResponseSchema>;

/** Stripe only needs a 2xx; `duplicate` says an event id already processed changed nothing. */
export const WebhookResponseSchema = z.strictObject({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
