/**
 * Profiles, the plan wizard and the member's subscription. What other features use:
 * - `useSubscription(userId)` — GET /users/{id}/subscription (the member's own plan and trial end).
 * - `UpgradeModal` — the plans dialog the member upgrades from.
 * - `PlanLimitDialog` — that dialog opened by any PLAN_LIMIT refusal (mounted once by the member shell).
 */
export { useSubscription } from './api/get-subscription';
export { UpgradeModal, type UpgradeModalProps } from './components/upgrade-modal';
export { PlanLimitDialog } from './components/plan-limit-dialog';
