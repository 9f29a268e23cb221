import { type Subscription, type SubscriptionStatus } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * A member's subscription as stored on their row: plan, status and trial end date. The rules for
 * choosing a plan are the subscriptions feature's (planChange); the row and how it reads are here.
 */
export type PlanFields = Pick<
  typeof users.$inferSelect,
  'plan' | 'subscriptionStatus' | 'trialEndDate'
>;

/** Records a plan choice (inside the caller's transaction, under the member's row lock). */
export async function savePlanFields(
  tx: Executor,
  userId: string,
  fields: PlanFields,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...fields, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The status as of `now`: a trial whose end date has passed reads "expired" (nothing rewrites it). */
export function effectiveStatus(fields: PlanFields, now: Date): SubscriptionStatus | null {
  if (
    fields.plan === 'free' &&
    fields.subscriptionStatus === 'trial' &&
    (!fields.trialEndDate || fields.trialEndDate.getTime() <= now.getTime())
  ) {
    return 'expired';
  }
  return fields.subscriptionStatus;
}

/** The trial end date is only meaningful on the free plan. */
export function presentTrialEndDate(fields: PlanFields): string | null {
  return fields.plan === 'free' && fields.trialEndDate ? fields.trialEndDate.toISOString() : null;
}

export function presentSubscription(fields: PlanFields, now: Date): Subscription {
  return {
    planName: fields.plan,
    status: effectiveStatus(fields, now),
    trialEndDate: presentTrialEndDate(fields),
  };
}
