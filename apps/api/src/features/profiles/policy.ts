import { canManageAccount, canSeePrivateDetails } from '../users/index.js';

/**
 * Profiles and photos. A profile is visible to any signed-in member (unless its owner is disabled,
 * see users/visibility.ts); the coordinates behind its location only to the owner; photos
 * are added, reordered and deleted only by the owner.
 */
export const canSeeCoordinates = canSeePrivateDetails;
export const canChangeProfile = canManageAccount;
