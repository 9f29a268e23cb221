import {
  formatTrialEndDate,
  trialDaysRemaining,
  trialPhase,
  type Subscription,
} from '@kindred/contracts';

/** What the trial banner says, or null when there is nothing to say. */
export type TrialBannerState = { phase: 'ending'; text: string } | { phase: 'ended'; text: string };

/**
 * The free plan's trial, for the banner: from TRIAL_BANNER_DAYS before the end, "Your free trial
 * ends on <date>"; after it, "Your free trial ended on <date>". A paid plan, or a trial with more
 * time left, shows nothing.
 */
export function trialBannerState(subscription: Subscription, now: Date): TrialBannerState | null {
  if (subscription.planName !== 'free') return null;
  const { trialEndDate } = subscription;
  if (!trialEndDate) {
    // A free plan without an end date is read as ended (SPEC §4 "Trial period ended").
    return subscription.status === 'expired'
      ? { phase: 'ended', text: 'Your free trial has ended.' }
      : null;
  }
  const phase = subscription.status === 'expired' ? 'ended' : trialPhase(trialEndDate, now);
  const date = formatTrialEndDate(trialEndDate);
  if (phase === 'ended') return { phase, text: `Your free trial ended on ${date}.` };
  if (phase === 'running') return null;
  const days = trialDaysRemaining(trialEndDate, now);
  return {
    phase,
    text: `Your free trial ends on ${date} (${days} ${days === 1 ? 'day' : 'days'} left).`,
  };
}

/** The member's local day, e.g. '2026-11-26': a dismissal lasts until it changes. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
