import {
  ENTITLEMENTS,
  PLAN_STATE_NAMES,
  type DiscoverMember,
  type MemberCard,
  type MyEntitlementsResponse,
  type PlanState,
} from '@kindred/contracts';
import { respond, type Answer } from '../../testing/api';

/** Test helpers of Discover and Matches: members as the API sends them, and the plan's answer. */

export const VIEWER_ID = '11111111-1111-4111-8111-111111111111';
export const ANA_ID = '22222222-2222-4222-8222-222222222222';
export const BEN_ID = '33333333-3333-4333-8333-333333333333';

export function discoverMember(overrides: Partial<DiscoverMember> = {}): DiscoverMember {
  return {
    _id: ANA_ID,
    firstName: 'Ana',
    age: 29,
    gender: 'female',
    sexuality: 'straight',
    city: 'Porto',
    distance: { km: 5, text: 'about 5 km' },
    photo: '/api/media/ana.webp',
    thumbnail: '/api/media/ana-thumb.webp',
    interestsInCommon: ['Travel', 'Music'],
    verifiedBadge: true,
    photoVerified: false,
    boosted: false,
    ...overrides,
  };
}

export function memberCard(overrides: Partial<MemberCard> = {}): MemberCard {
  return {
    _id: ANA_ID,
    firstName: 'Ana',
    age: 29,
    city: 'Porto',
    profilePicture: '/api/media/ana-thumb.webp',
    verifiedBadge: false,
    photoVerified: false,
    ...overrides,
  };
}

/** GET /api/entitlements for a member in `planState`. */
export function entitlementsAnswer(planState: PlanState): Answer {
  return respond(200, {
    success: true,
    planState,
    planName: PLAN_STATE_NAMES[planState],
    entitlements: { ...ENTITLEMENTS[planState] },
    mediaStorageUsedBytes: 0,
  } satisfies MyEntitlementsResponse);
}

/** GET /api/boost with nothing running and nothing waited for. */
export const boostIdle: Answer = respond(200, {
  success: true,
  allowance: 'weekly',
  boostedUntil: null,
  nextBoostAt: null,
});

/** A plan's refusal (403 PLAN_LIMIT) as the API sends it. */
export function planLimit(feature: string, requiredPlan: string, message: string): Answer {
  return respond(403, { success: false, code: 'PLAN_LIMIT', message, feature, requiredPlan });
}
