import { canManageAccount, canSeePrivateDetails } from '../users/index.js';

/**
 * Profiles and photos. A profile is visible to any signed-in member (unless its owner is disabled,
 * see users/visibility.ts); the coordinates behind its location only to the owner; photos
 * are added, reordered and deleted only by the owner.
 */
export const canSeeCoordinates = canSeePrivateDetails;
/** A member's plan is theirs alone, like GET /users/{id}/subscription. */
export const canSeePlan = canSeePrivateDetails;
export const canChangeProfile = canManageAccount;
