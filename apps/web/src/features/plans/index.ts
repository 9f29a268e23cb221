/**
 * Plans and entitlements (issue 14): what each plan allows, as the server enforces it. What other
 * features use:
 * - `usePlans()` — GET /api/plans, the cards' data (entitlements and generated feature lines).
 * - `useMyEntitlements()` — GET /api/entitlements, what the signed-in member may do now.
 * - `PlanFeatureList` — a card's feature lines, with "Coming soon" where Kindred lacks the feature.
 * - `planKeys` — to mark the member's entitlements stale after a plan change.
 */
export { usePlans, fetchPlans } from './api/get-plans';
export { useMyEntitlements, fetchMyEntitlements } from './api/get-entitlements';
export { planKeys } from './api/query-keys';
export { PlanFeatureList, type PlanFeatureListProps } from './components/plan-feature-list';
