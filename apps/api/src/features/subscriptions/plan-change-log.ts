import type { PaymentProvider, PlanChangeSource } from '@kindred/contracts';
import type { Executor } from '../../db/client.js';
import { planChanges } from '../../db/schema.js';
import type { PlanFields } from '../users/index.js';

/** Why a plan changed, and the provider's reference (subscription or checkout id) when it took part. */
export interface PlanChangeReason {
  source: PlanChangeSource;
  provider?: PaymentProvider;
  providerReference?: string;
}

/**
 * Writes one row of the plan-change log when the plan or its status changed (in the caller's
 * transaction, beside the change itself): who, when, from, to, why and the provider's reference.
 */
export async function logPlanChange(
  tx: Executor,
  memberId: string,
  from: PlanFields,
  to: PlanFields,
  now: Date,
  reason: PlanChangeReason,
): Promise<void> {
  if (from.plan === to.plan && from.subscriptionStatus === to.subscriptionStatus) return;
  await tx.insert(planChanges).values({
    memberId,
    changedAt: now,
    fromPlan: from.plan,
    toPlan: to.plan,
    fromStatus: from.subscriptionStatus,
    toStatus: to.subscriptionStatus,
    source: reason.source,
    provider: reason.provider ?? null,
    providerReference: reason.providerReference ?? null,
  });
}
