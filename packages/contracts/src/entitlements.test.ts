import { describe, expect, it } from 'vitest';
import {
  ENTITLEMENT_FEATURES,
  ENTITLEMENTS,
  entitlementsFor,
  isAtLeast,
  planFeatureLines,
  planStateOf,
  unlockingPlan,
} from './entitlements.js';
import { MAX_PHOTOS, PLANS, planLimitMessage } from './plans.js';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const LATER = '2026-04-01T00:00:00.000Z';
const EARLIER = '2026-02-01T00:00:00.000Z';

describe('the entitlement table', () => {
  it('never gives more on a cheaper plan: trial-ended ≤ free ≤ beginner ≤ professional', () => {
    expect(isAtLeast(ENTITLEMENTS.free, ENTITLEMENTS['trial-ended'])).toBe(true);
    expect(isAtLeast(ENTITLEMENTS.beginner, ENTITLEMENTS.free)).toBe(true);
    expect(isAtLeast(ENTITLEMENTS.professional, ENTITLEMENTS.beginner)).toBe(true);
    expect(isAtLeast(ENTITLEMENTS.free, ENTITLEMENTS.professional)).toBe(false);
  });

  it('keeps photo allowances under the hard cap', () => {
    for (const entitlements of Object.values(ENTITLEMENTS)) {
      expect(entitlements.photoAllowance).toBeLessThanOrEqual(MAX_PHOTOS);
    }
  });

  it('names the cheapest plan that unlocks a feature, or none past every plan', () => {
    expect(unlockingPlan('photoAllowance', 4)).toBe('beginner');
    expect(unlockingPlan('photoAllowance', 5)).toBe('professional');
    expect(unlockingPlan('photoAllowance', 7)).toBeNull();
    expect(unlockingPlan('readReceipts')).toBe('professional');
    expect(unlockingPlan('seeWhoLikedYou')).toBe('beginner');
    expect(unlockingPlan('adsShown')).toBe('professional');
    expect(unlockingPlan('profileLikesPerDay', 101)).toBe('professional');
    expect(planLimitMessage('photoAllowance', 'beginner')).toContain('Upgrade to Beginner');
  });
});

describe('planStateOf', () => {
  it.each([
    [{ plan: null, subscriptionStatus: null, trialEndDate: null }, 'free'],
    [{ plan: 'free', subscriptionStatus: 'trial', trialEndDate: LATER }, 'free'],
    [{ plan: 'free', subscriptionStatus: 'trial', trialEndDate: EARLIER }, 'trial-ended'],
    [{ plan: 'free', subscriptionStatus: 'trial', trialEndDate: NOW }, 'trial-ended'],
    [{ plan: 'free', subscriptionStatus: 'expired', trialEndDate: LATER }, 'trial-ended'],
    [{ plan: null, subscriptionStatus: null, trialEndDate: EARLIER }, 'trial-ended'],
    [{ plan: 'beginner', subscriptionStatus: 'active', trialEndDate: EARLIER }, 'beginner'],
    [{ plan: 'professional', subscriptionStatus: 'cancelled', trialEndDate: null }, 'professional'],
    [{ plan: 'professional', subscriptionStatus: 'expired', trialEndDate: LATER }, 'free'],
    [{ plan: 'professional', subscriptionStatus: 'expired', trialEndDate: EARLIER }, 'trial-ended'],
  ] as const)('%o → %s', (member, state) => {
    expect(planStateOf(member, NOW)).toBe(state);
  });
});

describe('plan cards', () => {
  it('are generated from the table (one list: the wizard and the upgrade dialog show the same lines)', () => {
    for (const plan of PLANS) {
      expect(plan.features).toEqual(planFeatureLines(plan.id));
      expect(plan.photoAllowance).toBe(entitlementsFor(plan.id).photoAllowance);
    }
    const professional = PLANS.find((plan) => plan.id === 'professional')!;
    expect(professional.features.map((line) => line.text)).toEqual([
      '6 photo uploads',
      '300 MB media',
      'Unlimited likes',
      'Unlimited messages to non-matches',
      'See who liked you',
      'View profile visitors',
      'Advanced filters',
      'Daily profile boost',
      'Read receipts',
      'Priority in search',
      'Ad-free',
    ]);
  });

  it('never sell what Kindred does not have: missing features are marked coming soon', () => {
    const words = PLANS.flatMap((plan) => plan.features.map((line) => line.text)).join(' ');
    expect(words).not.toMatch(/stor(y|ies)|passport|tags|blogs|analytics|support/i);
    const free = PLANS.find((plan) => plan.id === 'free')!;
    expect(free.features).toContainEqual({
      key: 'profileLikesPerDay',
      text: 'Up to 20 likes per day',
      comingSoon: false,
    });
    // A line is "coming soon" exactly when the feature is not built.
    for (const line of PLANS.flatMap((plan) => plan.features)) {
      expect(line.comingSoon).toBe(!ENTITLEMENT_FEATURES[line.key].available);
    }
    expect(free.features).toContainEqual({
      key: 'photoAllowance',
      text: '3 photo uploads',
      comingSoon: false,
    });
  });
});
