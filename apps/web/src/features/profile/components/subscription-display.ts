import { planById, trialDaysRemaining, type Subscription } from '@kindred/contracts';
import { optionLabel } from '../labels';
import { PROFILE_UI_MESSAGES as M } from '../messages';

/**
 * How a subscription reads (SPEC §4 "Subscription display"): the free plan is a trial with the days
 * remaining (never below 0), or "Free Trial - Trial period ended" without a trial end date; other
 * plans show the plan's name.
 */
export function subscriptionText(subscription: Subscription, now: Date = new Date()): string {
  if (subscription.planName === 'free') {
    if (!subscription.trialEndDate) return M.trialEnded;
    const days = trialDaysRemaining(subscription.trialEndDate, now);
    return `Free Trial - ${days} ${days === 1 ? 'day' : 'days'} remaining`;
  }
  if (subscription.planName) return `${planById(subscription.planName).name} Plan`;
  return 'No plan selected yet';
}

/** The plan's display name ("Trial-Free", "Beginner", "Professional"), or "None". */
export function planText(subscription: Subscription): string {
  return subscription.planName ? planById(subscription.planName).name : 'None';
}

/** "Trial", "Active", "Expired", "Cancelled", or "Not started" before a plan is chosen. */
export function statusText(subscription: Subscription): string {
  return subscription.status ? optionLabel(subscription.status) : 'Not started';
}

/** The status, or "none" before a plan is chosen. */
export function statusKey(
  subscription: Subscription,
): NonNullable<Subscription['status']> | 'none' {
  return subscription.status ?? 'none';
}

/** The status as a class (SPEC §4): subscription--trial, --active, --expired, --cancelled, --none. */
export function statusClass(subscription: Subscription): string {
  return `subscription--${statusKey(subscription)}`;
}
