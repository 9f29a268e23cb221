/** Query keys of the plan listing and of the signed-in member's entitlements. */
export const planKeys = {
  all: ['plans'] as const,
  listing: ['plans', 'listing'] as const,
  /** The member's own entitlements: stale after any plan change (select-plan, checkout, trial end). */
  mine: ['plans', 'entitlements'] as const,
};
