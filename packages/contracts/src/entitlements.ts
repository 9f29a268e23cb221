import type { PlanId, SubscriptionStatus } from './plans.js';

/**
 * What each plan lets a member do (issue 14). This table is the single source: the API enforces
 * it, GET /api/plans serves it, and the plan cards' feature lines are generated from it, so a
 * card cannot promise more (or less) than the server allows.
 */

/** The plan states a member can be in: the three plans, and the free plan after its trial ended. */
export const PLAN_STATES = ['free', 'beginner', 'professional', 'trial-ended'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** The paid plans, cheapest first: the first that allows something is the plan that "unlocks" it. */
export const UPGRADE_PLANS = ['beginner', 'professional'] as const satisfies readonly PlanId[];
export type UpgradePlanId = (typeof UPGRADE_PLANS)[number];

export const BOOST_FREQUENCIES = ['none', 'weekly', 'daily'] as const;
export type BoostFrequency = (typeof BOOST_FREQUENCIES)[number];

export const MEGABYTE = 1024 * 1024;

export interface Entitlements {
  /** Photos a member may keep on their profile (never above MAX_PHOTOS). */
  photoAllowance: number;
  /** Bytes of stored media (profile photos, post images and videos, their thumbnails and posters). */
  mediaStorageBytes: number;
  /** Profile likes a member may give per day; null = unlimited. */
  profileLikesPerDay: number | null;
  /** First messages per day to members who are not matches; null = unlimited. */
  firstMessagesPerDay: number | null;
  seeWhoLikedYou: boolean;
  profileVisitors: boolean;
  advancedFilters: boolean;
  boosts: BoostFrequency;
  readReceipts: boolean;
  /** Ranks first among equal matches in member search. */
  priorityInSearch: boolean;
  /** Whether the feed shows the advertising card. */
  adsShown: boolean;
}

export type EntitlementKey = keyof Entitlements;

export const ENTITLEMENT_KEYS = [
  'photoAllowance',
  'mediaStorageBytes',
  'profileLikesPerDay',
  'firstMessagesPerDay',
  'seeWhoLikedYou',
  'profileVisitors',
  'advancedFilters',
  'boosts',
  'readReceipts',
  'priorityInSearch',
  'adsShown',
] as const satisfies readonly EntitlementKey[];

/**
 * The one table. Where the spec's wizard and upgrade listings disagree, the value chosen here is
 * the one both cards show (README "Plans and entitlements" says which and why).
 */
export const ENTITLEMENTS: Readonly<Record<PlanState, Readonly<Entitlements>>> = {
  free: {
    photoAllowance: 3,
    mediaStorageBytes: 200 * MEGABYTE,
    profileLikesPerDay: 20,
    firstMessagesPerDay: 5,
    seeWhoLikedYou: false,
    profileVisitors: false,
    advancedFilters: false,
    boosts: 'none',
    readReceipts: false,
    priorityInSearch: false,
    adsShown: true,
  },
  beginner: {
    photoAllowance: 4,
    mediaStorageBytes: 200 * MEGABYTE,
    profileLikesPerDay: 100,
    firstMessagesPerDay: 20,
    seeWhoLikedYou: true,
    profileVisitors: true,
    advancedFilters: true,
    boosts: 'weekly',
    readReceipts: false,
    priorityInSearch: false,
    adsShown: true,
  },
  professional: {
    photoAllowance: 6,
    mediaStorageBytes: 300 * MEGABYTE,
    profileLikesPerDay: null,
    firstMessagesPerDay: null,
    seeWhoLikedYou: true,
    profileVisitors: true,
    advancedFilters: true,
    boosts: 'daily',
    readReceipts: true,
    priorityInSearch: true,
    adsShown: false,
  },
  // After the 60-day trial: everything stored is kept, but new uploads and daily actions fall to this.
  'trial-ended': {
    photoAllowance: 1,
    mediaStorageBytes: 50 * MEGABYTE,
    profileLikesPerDay: 10,
    firstMessagesPerDay: 0,
    seeWhoLikedYou: false,
    profileVisitors: false,
    advancedFilters: false,
    boosts: 'none',
    readReceipts: false,
    priorityInSearch: false,
    adsShown: true,
  },
};

/** How a plan state is named to the member. */
export const PLAN_STATE_NAMES: Readonly<Record<PlanState, string>> = {
  free: 'Trial-Free',
  beginner: 'Beginner',
  professional: 'Professional',
  'trial-ended': 'Free (trial ended)',
};

export function entitlementsFor(planState: PlanState): Entitlements {
  return ENTITLEMENTS[planState];
}

/** How each entitlement is named to people, and whether Kindred has the feature yet. */
export const ENTITLEMENT_FEATURES: Readonly<
  Record<EntitlementKey, { label: string; available: boolean }>
> = {
  photoAllowance: { label: 'Photo uploads', available: true },
  mediaStorageBytes: { label: 'Media storage', available: true },
  profileLikesPerDay: { label: 'Profile likes', available: true },
  firstMessagesPerDay: { label: 'First messages to non-matches', available: true },
  seeWhoLikedYou: { label: 'See who liked you', available: true },
  profileVisitors: { label: 'Profile visitors', available: true },
  advancedFilters: { label: 'Advanced filters', available: true },
  boosts: { label: 'Profile boosts', available: true },
  readReceipts: { label: 'Read receipts', available: true },
  priorityInSearch: { label: 'Priority in search', available: true },
  adsShown: { label: 'Ad-free', available: true },
};

const BOOST_RANK: Record<BoostFrequency, number> = { none: 0, weekly: 1, daily: 2 };

/** A limit of null is unlimited. */
function limitAllows(limit: number | null, wanted: number): boolean {
  return limit === null || wanted <= limit;
}

/**
 * Whether a plan state's entitlement allows `wanted`: a count or bytes for the numeric limits
 * (the total the member would have after the action), nothing for the on/off features.
 * Ads are an entitlement to their absence: `adsShown: false` is what is "allowed".
 */
export function entitlementAllows(
  entitlements: Entitlements,
  key: EntitlementKey,
  wanted = 1,
): boolean {
  switch (key) {
    case 'photoAllowance':
    case 'mediaStorageBytes':
      return wanted <= entitlements[key];
    case 'profileLikesPerDay':
    case 'firstMessagesPerDay':
      return limitAllows(entitlements[key], wanted);
    case 'boosts':
      return entitlements.boosts !== 'none';
    case 'adsShown':
      return !entitlements.adsShown;
    default:
      return entitlements[key];
  }
}

/** The cheapest paid plan that would allow `wanted`, or null when none does. */
export function unlockingPlan(key: EntitlementKey, wanted = 1): UpgradePlanId | null {
  return UPGRADE_PLANS.find((plan) => entitlementAllows(ENTITLEMENTS[plan], key, wanted)) ?? null;
}

/** True when `better` gives at least as much as `base` on every entitlement (upgrades never take away). */
export function isAtLeast(better: Entitlements, base: Entitlements): boolean {
  return ENTITLEMENT_KEYS.every((key) => {
    switch (key) {
      case 'photoAllowance':
      case 'mediaStorageBytes':
        return better[key] >= base[key];
      case 'profileLikesPerDay':
      case 'firstMessagesPerDay': {
        const b = better[key];
        const a = base[key];
        return b === null || (a !== null && b >= a);
      }
      case 'boosts':
        return BOOST_RANK[better.boosts] >= BOOST_RANK[base.boosts];
      case 'adsShown':
        return !better.adsShown || base.adsShown;
      default:
        return better[key] || !base[key];
    }
  });
}

/** The member fields a plan state is resolved from (see users' PublicUser / the users row). */
export interface PlanFieldsForEntitlements {
  plan: PlanId | null;
  subscriptionStatus: SubscriptionStatus | null;
  trialEndDate: Date | string | null;
}

/** The statuses under which a paid plan gives its entitlements (a cancelled one runs to its period's end). */
export const PAID_PLAN_RUNNING_STATUSES = [
  'active',
  'cancelled',
] as const satisfies readonly SubscriptionStatus[];

function isPaidPlanRunning(status: SubscriptionStatus | null): boolean {
  return (PAID_PLAN_RUNNING_STATUSES as readonly (SubscriptionStatus | null)[]).includes(status);
}

function trialOver(trialEndDate: Date | string | null, now: Date): boolean {
  return trialEndDate !== null && new Date(trialEndDate).getTime() <= now.getTime();
}

/**
 * The plan state a member is in at `now`. A member who has not chosen a plan is on the free
 * plan (the wizard defaults to it). The free plan is a trial: once its end date has passed (or
 * its status says expired) the member falls to 'trial-ended'. A paid plan counts while it is
 * active or cancelled (a cancelled plan runs to the end of its period and is then marked expired);
 * an expired paid plan falls back to the trial if it is still running, otherwise 'trial-ended'.
 */
export function planStateOf(member: PlanFieldsForEntitlements, now: Date): PlanState {
  const { plan, subscriptionStatus, trialEndDate } = member;
  if (plan === 'beginner' || plan === 'professional') {
    if (isPaidPlanRunning(subscriptionStatus)) return plan;
    return trialOver(trialEndDate, now) ? 'trial-ended' : 'free';
  }
  if (subscriptionStatus === 'expired' || trialOver(trialEndDate, now)) return 'trial-ended';
  return 'free';
}

/** One line of a plan card. `comingSoon` lines are features Kindred does not have yet. */
export interface PlanFeatureLine {
  key: EntitlementKey;
  text: string;
  comingSoon: boolean;
}

function formatBytes(bytes: number): string {
  return `${Math.round(bytes / MEGABYTE)} MB media`;
}

/** The card's words for one entitlement, or null when the plan does not have it (cards list what is included). */
function featureText(entitlements: Entitlements, key: EntitlementKey): string | null {
  switch (key) {
    case 'photoAllowance':
      return `${entitlements.photoAllowance} photo uploads`;
    case 'mediaStorageBytes':
      return formatBytes(entitlements.mediaStorageBytes);
    case 'profileLikesPerDay':
      return entitlements.profileLikesPerDay === null
        ? 'Unlimited likes'
        : `Up to ${entitlements.profileLikesPerDay} likes per day`;
    case 'firstMessagesPerDay':
      if (entitlements.firstMessagesPerDay === null) return 'Unlimited messages to non-matches';
      if (entitlements.firstMessagesPerDay === 0) return 'Messages to matches only';
      return `${entitlements.firstMessagesPerDay} first messages per day to non-matches`;
    case 'seeWhoLikedYou':
      return entitlements.seeWhoLikedYou ? 'See who liked you' : null;
    case 'profileVisitors':
      return entitlements.profileVisitors ? 'View profile visitors' : null;
    case 'advancedFilters':
      return entitlements.advancedFilters ? 'Advanced filters' : null;
    case 'boosts':
      if (entitlements.boosts === 'none') return null;
      return entitlements.boosts === 'daily' ? 'Daily profile boost' : 'Weekly profile boost';
    case 'readReceipts':
      return entitlements.readReceipts ? 'Read receipts' : null;
    case 'priorityInSearch':
      return entitlements.priorityInSearch ? 'Priority in search' : null;
    case 'adsShown':
      return entitlements.adsShown ? null : 'Ad-free';
  }
}

/** A plan card's feature lines, generated from the table in ENTITLEMENT_KEYS order. */
export function planFeatureLines(planState: PlanState): PlanFeatureLine[] {
  const entitlements = entitlementsFor(planState);
  return ENTITLEMENT_KEYS.flatMap((key) => {
    const text = featureText(entitlements, key);
    return text === null ? [] : [{ key, text, comingSoon: !ENTITLEMENT_FEATURES[key].available }];
  });
}

/** The extra fields of a PLAN_LIMIT error body (403). */
export interface PlanLimitDetails {
  feature: EntitlementKey;
  /** The cheapest plan that allows it; null when no plan does (e.g. the photo hard cap). */
  requiredPlan: UpgradePlanId | null;
}

/** One plan card as GET /api/plans serves it: the plan, its entitlements and its generated lines. */
export interface PlanCard {
  id: PlanId;
  name: string;
  priceUsd: number;
  priceLabel: string;
  trialLabel: string | null;
  mostPopular: boolean;
  entitlements: Entitlements;
  features: PlanFeatureLine[];
}

/** GET /api/plans: the three plans' cards and what a member has once the free trial ended. */
export interface PlansResponse {
  success: true;
  plans: PlanCard[];
  afterTrial: { name: string; entitlements: Entitlements; features: PlanFeatureLine[] };
}

/** GET /api/entitlements: the signed-in member's plan state and what it allows now. */
export interface MyEntitlementsResponse {
  success: true;
  planState: PlanState;
  /** PLAN_STATE_NAMES[planState]. */
  planName: string;
  entitlements: Entitlements;
  /** Bytes of media the member stores now (counted against `entitlements.mediaStorageBytes`). */
  mediaStorageUsedBytes: number;
}
