/**
 * Entitlements: what a member's plan lets them do (the table is contracts' entitlements.ts). A
 * feature that is limited by plan calls `requireEntitlement` (or `assertEntitled` with a plan it
 * already loaded under a lock), which throws 403 PLAN_LIMIT naming the feature and the plan that
 * unlocks it.
 */
export {
  assertEntitled,
  assertMediaStorageRoom,
  entitlementsOf,
  memberPlan,
  planLimit,
  requireEntitlement,
  type MemberPlan,
} from './service.js';
export { entitlementRoutes } from './routes.js';
