import { TRIAL_DAYS } from './plans.js';

/**
 * The free trial's end (issue 14): the trial runs TRIAL_DAYS from sign-up; after it the member
 * keeps everything stored and falls to the 'trial-ended' entitlements (entitlements.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the trial of a member who signed up at `signedUpAt` ends. */
export function trialEndFrom(signedUpAt: Date): Date {
  return new Date(signedUpAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * "26 November 2026": the day a trial ends, as the banner and the reminder emails say it. In UTC,
 * like every date the API sends, so the email and the page never name different days.
 */
export function formatTrialEndDate(trialEndDate: string | Date): string {
  return new Date(trialEndDate).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Reminder emails go out this many days before the trial ends, earliest first, each once. */
export const TRIAL_REMINDER_DAYS = [7, 1] as const;
export type TrialReminderDays = (typeof TRIAL_REMINDER_DAYS)[number];

/** The member layout's banner shows from this many days before the end, and always after it. */
export const TRIAL_BANNER_DAYS = 7;

/** Where the trial stands at `now`, for the banner: nothing to say, ending soon, or ended. */
export type TrialPhase = 'running' | 'ending' | 'ended';

export function trialPhase(trialEndDate: string | Date, now: Date): TrialPhase {
  const left = new Date(trialEndDate).getTime() - now.getTime();
  if (left <= 0) return 'ended';
  return left <= TRIAL_BANNER_DAYS * DAY_MS ? 'ending' : 'running';
}

/**
 * The link in the reminder emails: a member page with this search parameter opens the upgrade
 * dialog (the trial banner reads it), e.g. `${PUBLIC_URL}/?upgrade=plans`.
 */
export const UPGRADE_LINK_PARAM = 'upgrade';
export const UPGRADE_LINK_PATH = `/?${UPGRADE_LINK_PARAM}=plans`;
