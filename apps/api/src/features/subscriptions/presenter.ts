import type { Subscription, SubscriptionStatus } from '@kindred/contracts';
import type { users } from '../../db/schema.js';

type PlanFields = Pick<typeof users.$inferSelect, 'plan' | 'subscriptionStatus' | 'trialEndDate'>;

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
