import { randomBytes } from 'node:crypto';
import {
  BILLING_MESSAGES,
  planById,
  type BillingState,
  type CheckoutRequest,
  type Subscription,
  type TestCheckoutSession,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { hasRunningPaidPlan, recordProviderPlan } from '../subscriptions/index.js';
import { lockMember, presentSubscription, type UserRow } from '../users/index.js';
import {
  closeCheckout,
  deletePaidSubscription,
  findOwnCheckout,
  insertCheckout,
  membersWithEndedPlans,
  paidSubscriptionOf,
  savePaidSubscription,
  updatePaidSubscription,
  type CheckoutRow,
} from './repo.js';

type BillingContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'logger'>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A checkout left open this long can no longer be completed (Stripe's own sessions last 24 h). */
const CHECKOUT_LIFETIME_MS = 24 * HOUR_MS;
/** The period a test-mode payment pays for, like a monthly plan. */
const TEST_PERIOD_MS = 30 * DAY_MS;

async function lockedMember(tx: Executor, memberId: string): Promise<UserRow> {
  const member = await lockMember(tx, memberId);
  if (!member) throw notFound('User not found', 'MEMBER_NOT_FOUND');
  return member;
}

/** `path?checkout=success`, keeping any query the path already had. */
function withCheckoutOutcome(path: string, outcome: 'success' | 'cancelled'): string {
  return `${path}${path.includes('?') ? '&' : '?'}checkout=${outcome}`;
}

/**
 * POST /subscription/checkout: opens a checkout for a paid plan and answers the page where the
 * member pays. Nothing about the member's plan changes here. A member whose paid plan is running
 * is refused (409): they cancel it first (switching between paid plans is not offered yet).
 */
export async function startCheckout(
  context: BillingContext,
  memberId: string,
  input: CheckoutRequest,
): Promise<string> {
  const now = context.clock.now();
  const member = await context.db.transaction((tx) => lockedMember(tx, memberId));
  if (hasRunningPaidPlan(member)) {
    throw conflict(
      member.plan === input.planId
        ? BILLING_MESSAGES.alreadyOnPlan
        : BILLING_MESSAGES.paidPlanActive,
      'PAID_PLAN_ACTIVE',
    );
  }
  const checkoutId = randomBytes(24).toString('base64url');
  const returnPath = input.returnPath ?? `/viewprofile/${memberId}`;
  const started = await context.payments
    .startCheckout({
      checkoutId,
      member: { id: member.id, email: member.email },
      planId: input.planId,
      successUrl: `${context.config.publicUrl}${withCheckoutOutcome(returnPath, 'success')}`,
      cancelUrl: `${context.config.publicUrl}${withCheckoutOutcome(returnPath, 'cancelled')}`,
    })
    .catch((error: unknown) => {
      context.logger.error({ err: error }, 'payments provider refused to start a checkout');
      throw new AppError(503, BILLING_MESSAGES.providerUnavailable);
    });
  await insertCheckout(context.db, {
    id: checkoutId,
    memberId,
    planId: input.planId,
    provider: context.payments.name,
    providerSessionId: started.providerSessionId,
    returnPath,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
  });
  return started.url;
}

/** The test-mode checkout page's checkout: the member's own, and only while test mode is on. */
async function ownTestCheckout(
  context: BillingContext,
  db: Executor,
  memberId: string,
  checkoutId: string,
  options: { lock?: boolean } = {},
): Promise<CheckoutRow> {
  const row =
    context.payments.name === 'test'
      ? await findOwnCheckout(db, memberId, checkoutId, 'test', options)
      : undefined;
  if (!row) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  return row;
}

function assertOpen(row: CheckoutRow, now: Date): void {
  if (row.status !== 'open' || row.expiresAt.getTime() <= now.getTime()) {
    throw conflict(BILLING_MESSAGES.checkoutClosed, 'CHECKOUT_CLOSED');
  }
}

/** GET /subscription/checkout/test/:id. */
export async function testCheckoutOf(
  context: BillingContext,
  memberId: string,
  checkoutId: string,
): Promise<TestCheckoutSession> {
  const row = await ownTestCheckout(context, context.db, memberId, checkoutId);
  const plan = planById(row.planId);
  return {
    id: row.id,
    planId: row.planId,
    planName: plan.name,
    priceLabel: plan.priceLabel,
    status: row.status,
    returnPath: row.returnPath,
  };
}

/**
 * POST /subscription/checkout/test/:id/complete — the test-mode provider's confirmation. It takes
 * the place of Stripe's signed webhook: the checkout must be the signed-in member's own, opened
 * while test mode is on, still open and unexpired; it closes here, so it confirms once.
 */
export async function completeTestCheckout(
  context: BillingContext,
  memberId: string,
  checkoutId: string,
): Promise<{ subscription: Subscription; returnPath: string }> {
  const now = context.clock.now();
  const recorded = await context.db.transaction(async (tx) => {
    const member = await lockedMember(tx, memberId);
    const row = await ownTestCheckout(context, tx, memberId, checkoutId, { lock: true });
    assertOpen(row, now);
    await closeCheckout(tx, row.id, 'completed', now);
    const providerSubscriptionId = `test_sub_${row.id}`;
    await savePaidSubscription(
      tx,
      {
        memberId,
        planId: row.planId,
        provider: 'test',
        providerCustomerId: null,
        providerSubscriptionId,
        currentPeriodEnd: new Date(now.getTime() + TEST_PERIOD_MS),
      },
      now,
    );
    const fields = await recordProviderPlan(
      tx,
      member,
      { planId: row.planId, status: 'active' },
      now,
      { source: 'checkout', provider: 'test', providerReference: providerSubscriptionId },
    );
    return { fields, returnPath: row.returnPath };
  });
  return {
    subscription: presentSubscription(recorded.fields, now),
    returnPath: recorded.returnPath,
  };
}

/** POST /subscription/checkout/test/:id/cancel: the member turned back; the plan is unchanged. */
export async function cancelTestCheckout(
  context: BillingContext,
  memberId: string,
  checkoutId: string,
): Promise<string> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const row = await ownTestCheckout(context, tx, memberId, checkoutId, { lock: true });
    assertOpen(row, now);
    await closeCheckout(tx, row.id, 'cancelled', now);
    return row.returnPath;
  });
}

/** GET /subscription/billing: the plan and, for a paid one, what the provider said about it. */
export async function billingStateOf(
  context: BillingContext,
  memberId: string,
): Promise<BillingState> {
  const now = context.clock.now();
  // A cancelled plan whose period has ended reads as ended here even before the job's next run.
  await endCancelledPlanOf(context, memberId);
  const member = await context.db.transaction((tx) => lockedMember(tx, memberId));
  const paid = hasRunningPaidPlan(member)
    ? await paidSubscriptionOf(context.db, memberId)
    : undefined;
  const subscription = presentSubscription(member, now);
  return {
    planName: subscription.planName,
    status: subscription.status,
    provider: paid?.provider ?? null,
    currentPeriodEnd: paid?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: paid?.cancelAtPeriodEnd ?? false,
    paymentFailed: Boolean(paid?.paymentFailedAt),
  };
}

/**
 * POST /subscription/cancel: the paid plan ends at the end of the period paid for (the provider is
 * told first: Stripe stops renewing). The member keeps the plan until then, with status
 * "cancelled", and moves to Trial-Free after it (endCancelledPlans, or Stripe's
 * customer.subscription.deleted). Cancelling again changes nothing.
 */
export async function cancelPlan(context: BillingContext, memberId: string): Promise<BillingState> {
  const member = await context.db.transaction((tx) => lockedMember(tx, memberId));
  const paid = await paidSubscriptionOf(context.db, memberId);
  if (!hasRunningPaidPlan(member) || !paid) {
    throw conflict(BILLING_MESSAGES.nothingToCancel, 'NO_PAID_PLAN');
  }
  if (!paid.cancelAtPeriodEnd) {
    const reported = await context.payments
      .cancelAtPeriodEnd(paid.providerSubscriptionId)
      .catch((error: unknown) => {
        context.logger.error({ err: error }, 'payments provider refused to cancel a plan');
        throw new AppError(503, BILLING_MESSAGES.providerUnavailable);
      });
    const now = context.clock.now();
    await context.db.transaction(async (tx) => {
      const locked = await lockedMember(tx, memberId);
      await updatePaidSubscription(
        tx,
        memberId,
        {
          cancelAtPeriodEnd: true,
          currentPeriodEnd: reported.currentPeriodEnd ?? paid.currentPeriodEnd,
        },
        now,
      );
      if (hasRunningPaidPlan(locked)) {
        await recordProviderPlan(tx, locked, { planId: paid.planId, status: 'cancelled' }, now, {
          source: 'member',
          provider: paid.provider,
          providerReference: paid.providerSubscriptionId,
        });
      }
    });
  }
  return billingStateOf(context, memberId);
}

/**
 * Ends the member's paid plan now (inside the caller's transaction, member row locked): the
 * subscription row goes and the member moves to Trial-Free (whose trial end date, if passed,
 * makes it the post-trial state).
 */
export async function endPaidPlan(
  tx: Executor,
  member: UserRow,
  now: Date,
  reason: Parameters<typeof recordProviderPlan>[4],
): Promise<void> {
  await deletePaidSubscription(tx, member.id);
  if (hasRunningPaidPlan(member)) {
    await recordProviderPlan(tx, member, { planId: 'free' }, now, reason);
  }
}

async function endCancelledPlanOf(context: BillingContext, memberId: string): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const member = await lockedMember(tx, memberId);
    const paid = await paidSubscriptionOf(tx, memberId);
    const due =
      paid?.cancelAtPeriodEnd &&
      paid.currentPeriodEnd !== null &&
      paid.currentPeriodEnd.getTime() <= now.getTime();
    if (!paid || !due) return false;
    await endPaidPlan(tx, member, now, {
      source: 'period-end',
      provider: paid.provider,
      providerReference: paid.providerSubscriptionId,
    });
    return true;
  });
}

/** The scheduled job: every cancelled plan past its period end moves to Trial-Free. */
export async function endCancelledPlans(context: BillingContext): Promise<number> {
  let ended = 0;
  for (const memberId of await membersWithEndedPlans(context.db, context.clock.now())) {
    if (await endCancelledPlanOf(context, memberId)) ended += 1;
  }
  return ended;
}
