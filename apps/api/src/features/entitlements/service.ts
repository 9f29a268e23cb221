import {
  ENTITLEMENTS,
  PLAN_STATE_NAMES,
  PLANS,
  entitlementAllows,
  planFeatureLines,
  planLimitMessage,
  planStateOf,
  unlockingPlan,
  type EntitlementKey,
  type Entitlements,
  type MyEntitlementsResponse,
  type PlanState,
  type PlansResponse,
} from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { PlanFields } from '../users/index.js';
import { storedMediaBytesOf } from './repo.js';

/** What a member may do now: their plan state and its row of the entitlement table. */
export interface MemberPlan {
  planState: PlanState;
  entitlements: Entitlements;
}

type EntitlementContext = Pick<AppContext, 'db' | 'clock'>;

/** The member's plan state at `now`, from the plan fields of their row (e.g. a locked row). */
export function memberPlan(member: PlanFields, now: Date): MemberPlan {
  const planState = planStateOf(member, now);
  return { planState, entitlements: ENTITLEMENTS[planState] };
}

async function planFieldsOf(db: Executor, memberId: string): Promise<PlanFields> {
  const [row] = await db
    .select({
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      trialEndDate: users.trialEndDate,
    })
    .from(users)
    .where(eq(users.id, memberId));
  if (!row) throw notFound('User not found', 'MEMBER_NOT_FOUND');
  return row;
}

/** What the member may do at the context clock's now. */
export async function entitlementsOf(
  context: EntitlementContext,
  memberId: string,
): Promise<MemberPlan> {
  return memberPlan(await planFieldsOf(context.db, memberId), context.clock.now());
}

/**
 * The 403 of an action the member's plan does not allow: code PLAN_LIMIT, the entitlement, and the
 * cheapest plan that would allow `wanted` (null when none does). `message` replaces the general
 * wording where the spec has its own (the photo allowance).
 */
export function planLimit(key: EntitlementKey, wanted = 1, message?: string): AppError {
  const requiredPlan = unlockingPlan(key, wanted);
  return new AppError(403, message ?? planLimitMessage(key, requiredPlan), {
    code: 'PLAN_LIMIT',
    feature: key,
    requiredPlan,
  });
}

/**
 * Throws PLAN_LIMIT unless the plan allows `wanted`: for a limit, the total the member would have
 * after the action (the 4th photo, the 21st like today, the bytes stored after an upload); for an
 * on/off feature, nothing.
 */
export function assertEntitled(
  plan: MemberPlan,
  key: EntitlementKey,
  wanted = 1,
  message?: string,
): void {
  if (!entitlementAllows(plan.entitlements, key, wanted)) throw planLimit(key, wanted, message);
}

/** Loads the member's plan and asserts the entitlement: the one call a new feature needs. */
export async function requireEntitlement(
  context: EntitlementContext,
  memberId: string,
  key: EntitlementKey,
  wanted = 1,
): Promise<MemberPlan> {
  const plan = await entitlementsOf(context, memberId);
  assertEntitled(plan, key, wanted);
  return plan;
}

/**
 * Refuses storing `addedBytes` more when the member's stored media would exceed the plan's
 * storage. Called inside the transaction that records the new file, under the member's row lock
 * (users' lockMember), so two parallel uploads cannot both fit into the last free bytes.
 */
export async function assertMediaStorageRoom(
  tx: Executor,
  member: PlanFields & { id: string },
  now: Date,
  addedBytes: number,
): Promise<void> {
  const used = await storedMediaBytesOf(tx, member.id);
  assertEntitled(memberPlan(member, now), 'mediaStorageBytes', used + addedBytes);
}

/** GET /plans: the cards, generated from the entitlement table. */
export function plansListing(): Omit<PlansResponse, 'success'> {
  return {
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      priceUsd: plan.priceUsd,
      priceLabel: plan.priceLabel,
      trialLabel: plan.trialLabel,
      mostPopular: plan.mostPopular,
      entitlements: ENTITLEMENTS[plan.id],
      features: planFeatureLines(plan.id),
    })),
    afterTrial: {
      name: PLAN_STATE_NAMES['trial-ended'],
      entitlements: ENTITLEMENTS['trial-ended'],
      features: planFeatureLines('trial-ended'),
    },
  };
}

/** GET /entitlements: the signed-in member's plan state, what it allows and the storage used. */
export async function myEntitlements(
  context: EntitlementContext,
  memberId: string,
): Promise<Omit<MyEntitlementsResponse, 'success'>> {
  const { planState, entitlements } = await entitlementsOf(context, memberId);
  return {
    planState,
    planName: PLAN_STATE_NAMES[planState],
    entitlements,
    mediaStorageUsedBytes: await storedMediaBytesOf(context.db, memberId),
  };
}
