import {
  BILLING_MESSAGES,
  isPaidPlan,
  planById,
  TRIAL_DAYS,
  type PaidPlanId,
  type PlanId,
} from '@kindred/contracts';
import type { Database, Executor } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import {
  lockMember,
  presentSubscription,
  savePlanFields,
  type PlanFields,
} from '../users/index.js';
import { logPlanChange, type PlanChangeReason } from './plan-change-log.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type MemberPlan = PlanFields & { id: string };

/**
 * The columns that record a plan choice. Free is a 60-day trial granted once: a member who had a
 * trial keeps its end date, so switching away and back never restarts it. A paid plan (which only
 * the payments provider switches on, see recordProviderPlan) keeps the old trial end date for the
 * same reason.
 */
export function planChange(current: PlanFields, planId: PlanId, now: Date): PlanFields {
  planById(planId); // throws for an unknown id
  if (planId === 'free') {
    return {
      plan: 'free',
      subscriptionStatus: 'trial',
      trialEndDate: current.trialEndDate ?? new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    };
  }
  return { plan: planId, subscriptionStatus: 'active', trialEndDate: current.trialEndDate };
}

/** A paid plan that is paid for: active, or cancelled and running until its period end. */
export function hasRunningPaidPlan(fields: PlanFields): boolean {
  return (
    isPaidPlan(fields.plan) &&
    (fields.subscriptionStatus === 'active' || fields.subscriptionStatus === 'cancelled')
  );
}

async function saveAndLog(
  tx: Executor,
  current: MemberPlan,
  next: PlanFields,
  now: Date,
  reason: PlanChangeReason,
): Promise<PlanFields> {
  await savePlanFields(tx, current.id, next, now);
  await logPlanChange(tx, current.id, current, next, now, reason);
  return next;
}

/**
 * The plan a member names with their profile (POST /profile/create), inside an open transaction
 * whose member row is already locked. Only checkout switches a paid plan on, so naming a paid plan
 * that is not paid for records the free trial (for a member with no plan yet) and nothing else; a
 * running paid plan is never given up this way either (that is POST /subscription/cancel).
 */
export async function recordPlan(
  tx: Executor,
  current: MemberPlan,
  planId: PlanId,
  now: Date,
): Promise<PlanFields> {
  if (hasRunningPaidPlan(current)) return current;
  if (isPaidPlan(planId) && current.plan !== null) return current;
  return saveAndLog(tx, current, planChange(current, 'free', now), now, { source: 'member' });
}

/**
 * A change the payments provider confirmed (checkout completed, subscription changed or ended) or
 * a cancelled plan's period that ran out, inside the caller's transaction under the row lock.
 */
export async function recordProviderPlan(
  tx: Executor,
  current: MemberPlan,
  target: { planId: 'free' } | { planId: PaidPlanId; status: 'active' | 'cancelled' },
  now: Date,
  reason: PlanChangeReason,
): Promise<PlanFields> {
  const next: PlanFields =
    target.planId === 'free'
      ? planChange(current, 'free', now)
      : {
          plan: target.planId,
          subscriptionStatus: target.status,
          trialEndDate: current.trialEndDate,
        };
  return saveAndLog(tx, current, next, now, reason);
}

/**
 * POST /subscription/select-plan. The free plan is chosen here; a paid plan only through checkout
 * (402 CHECKOUT_REQUIRED, unless it is already the member's running plan, which answers as it
 * is), and a running paid plan is left through cancel, not by choosing free (409 PAID_PLAN_ACTIVE).
 */
export async function selectPlan(
  context: { db: Database; clock: Clock },
  userId: string,
  planId: PlanId,
) {
  const now = context.clock.now();
  const recorded = await context.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const running = hasRunningPaidPlan(member);
    if (isPaidPlan(planId)) {
      if (running && member.plan === planId) return member;
      throw new AppError(402, BILLING_MESSAGES.checkoutRequired, 'CHECKOUT_REQUIRED');
    }
    if (running) throw conflict(BILLING_MESSAGES.paidPlanActive, 'PAID_PLAN_ACTIVE');
    return saveAndLog(tx, member, planChange(member, 'free', now), now, { source: 'member' });
  });
  return presentSubscription(recorded, now);
}
