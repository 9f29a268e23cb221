import { planById, TRIAL_DAYS, type PlanId } from '@kindred/contracts';
import type { Database, Executor } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import {
  lockMember,
  presentSubscription,
  savePlanFields,
  type PlanFields,
} from '../users/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The columns that record a plan choice. Free is a 60-day trial granted once: a member who had a
 * trial keeps its end date, so switching away and back never restarts it. Paid plans are active
 * at once (there is no payment provider yet) and keep the old trial end date for the same reason.
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

/** Records the plan inside an open transaction whose member row is already locked. */
export async function recordPlan(
  tx: Executor,
  current: PlanFields & { id: string },
  planId: PlanId,
  now: Date,
): Promise<PlanFields> {
  const change = planChange(current, planId, now);
  await savePlanFields(tx, current.id, change, now);
  return change;
}

/** POST /subscription/select-plan. */
export async function selectPlan(
  context: { db: Database; clock: Clock },
  userId: string,
  planId: PlanId,
) {
  const now = context.clock.now();
  const recorded = await context.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    return recordPlan(tx, member, planId, now);
  });
  return presentSubscription(recorded, now);
}
