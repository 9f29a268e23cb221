import { z } from 'zod';
import { IdSchema } from './common.js';
import {
  ENTITLEMENT_FEATURES,
  entitlementsFor,
  planFeatureLines,
  type EntitlementKey,
  type PlanFeatureLine,
  type UpgradePlanId,
} from './entitlements.js';

/**
 * Plans and subscriptions (SPEC §9 "Plans", §3 "Subscription"). The API records the choice and
 * the web app renders both listings from this data, so prices and features live in one place.
 */

export const PLAN_IDS = ['free', 'beginner', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Days the free plan's trial lasts. A trial is granted once per member: choosing free again never restarts it. */
export const TRIAL_DAYS = 60;

/** The hard cap on photos whatever the plan (SPEC §5). */
export const MAX_PHOTOS = 6;

export interface Plan {
  id: PlanId;
  /** Display name, e.g. "Trial-Free". */
  name: string;
  /** Monthly price in whole US dollars. */
  priceUsd: number;
  /** "$5/month". */
  priceLabel: string;
  /** "60 days trial" for the free plan, otherwise null. */
  trialLabel: string | null;
  mostPopular: boolean;
  /** How many photos a member on this plan may keep (never above MAX_PHOTOS). */
  photoAllowance: number;
  /**
   * The card's feature lines, generated from the entitlement table (entitlements.ts), shown on
   * both the wizard's plan step and the upgrade dialog. The spec's two listings differed; the
   * README ("Plans and entitlements") records the values chosen.
   */
  features: readonly PlanFeatureLine[];
}

function planCard(
  fields: Pick<Plan, 'id' | 'name' | 'priceUsd' | 'priceLabel' | 'trialLabel' | 'mostPopular'>,
): Plan {
  const features = planFeatureLines(fields.id);
  return {
    ...fields,
    photoAllowance: entitlementsFor(fields.id).photoAllowance,
    features,
  };
}

export const PLANS: readonly Plan[] = [
  planCard({
    id: 'free',
    name: 'Trial-Free',
    priceUsd: 0,
    priceLabel: '$0/month',
    trialLabel: `${TRIAL_DAYS} days trial`,
    mostPopular: false,
  }),
  planCard({
    id: 'beginner',
    name: 'Beginner',
    priceUsd: 5,
    priceLabel: '$5/month',
    trialLabel: null,
    mostPopular: false,
  }),
  planCard({
    id: 'professional',
    name: 'Professional',
    priceUsd: 15,
    priceLabel: '$15/month',
    trialLabel: null,
    mostPopular: true,
  }),
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/**
 * How many photos a member may keep. A member who has not chosen a plan yet is on the free
 * allowance: the wizard's plan defaults to free, and photos are uploaded before the profile is
 * saved, so a higher allowance before choosing would let every free member keep 6. The wizard
 * records the chosen plan (POST /subscription/select-plan) when leaving the plan step.
 */
export function photoAllowance(plan: PlanId | null | undefined): number {
  return Math.min(MAX_PHOTOS, planById(plan ?? 'free').photoAllowance);
}

/** The message of a PLAN_LIMIT refusal: what is limited and which plan lifts it. */
export function planLimitMessage(key: EntitlementKey, requiredPlan: UpgradePlanId | null): string {
  const feature = ENTITLEMENT_FEATURES[key].label;
  if (requiredPlan === null) return `${feature}: you have reached the most any plan allows.`;
  return `${feature}: you have reached your plan's limit. Upgrade to ${planById(requiredPlan).name} for more.`;
}

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /users/{id}/subscription → subscription; also POST /subscription/select-plan. */
export interface Subscription {
  /** The plan id ("free", "beginner", "professional"), or null before a plan is chosen. */
  planName: PlanId | null;
  /** null before a plan is chosen. A trial past its end date reads "expired". */
  status: SubscriptionStatus | null;
  /** ISO date the free trial ends (free plan only; null otherwise). */
  trialEndDate: string | null;
}

export const PLAN_MESSAGES = {
  selected: 'Plan selected successfully',
  selectFailed: 'Failed to select plan',
  invalidPlan: 'Please choose a valid plan',
  subscriptionOfOthers: 'You can only view your own subscription',
} as const;

export const PlanIdSchema = z.enum(PLAN_IDS, { message: PLAN_MESSAGES.invalidPlan });

/** POST /subscription/select-plan. `userId` must be the signed-in member's own id. */
export const SelectPlanRequestSchema = z.object({
  userId: IdSchema.optional(),
  planId: PlanIdSchema,
});
export type SelectPlanRequest = z.infer<typeof SelectPlanRequestSchema>;

export interface SelectPlanResponse {
  success: true;
  message: typeof PLAN_MESSAGES.selected;
  subscription: Subscription;
}

/** Whole days of trial left (never below 0), for "Free Trial - N days remaining". */
export function trialDaysRemaining(trialEndDate: string | null, now: Date = new Date()): number {
  if (!trialEndDate) return 0;
  const ms = new Date(trialEndDate).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / (24 * 60 * 60 * 1000)));
}

// The entitlement table belongs with the plans it describes; exported from here so every
// importer of plans (and the package's front door) sees it.
export * from './entitlements.js';
