import { planLimitMessage, unlockingPlan, type EntitlementKey } from '@kindred/contracts';
import { reportPlanLimit } from '../../lib/api-client';

/**
 * Opens the upgrade dialog for a feature the member's plan lacks, as a 403 PLAN_LIMIT answer would
 * (the member shell's PlanLimitDialog): for what a screen knows before asking the server, from the
 * member's entitlements.
 */
export function offerUpgrade(feature: EntitlementKey): void {
  const requiredPlan = unlockingPlan(feature);
  reportPlanLimit({ feature, requiredPlan, message: planLimitMessage(feature, requiredPlan) });
}
