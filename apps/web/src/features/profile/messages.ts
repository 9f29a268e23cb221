import {
  CONNECTION_MESSAGES,
  GEO_MESSAGES,
  PHOTO_MESSAGES,
  PLAN_MESSAGES,
  PROFILE_MESSAGES,
  USER_MESSAGES,
} from '@kindred/contracts';

/**
 * The profile screens' texts (SPEC §2, §8). Messages the API also uses come from the contracts; the
 * rest are the browser's own (drop-zone checks, fallbacks when the server gave no message).
 */
export const PROFILE_UI_MESSAGES = {
  // Wizard
  requiredFields: PROFILE_MESSAGES.requiredFields,
  /** The age input left empty (the API's own messages cover a wrong age). */
  ageRequired: 'Age is required',
  profileUpdated: PROFILE_MESSAGES.updated,
  updateFailed: PROFILE_MESSAGES.updateFailed,
  reorderFailed: PHOTO_MESSAGES.reorderFailed,
  loadFailed: PROFILE_MESSAGES.loadFailed,
  loadFailedWith: (message: string) => `${PROFILE_MESSAGES.loadFailed}: ${message}`,
  createFailed: PROFILE_MESSAGES.createFailed,
  createdTitle: 'Profile Updated Successfully!',
  redirecting: 'Redirecting to feed...',
  userIdMissing: 'User ID not found',
  noUserId: 'No user ID found',
  interestsGuidance: 'Select at least 3 interests so others can find what you have in common.',

  // Location
  locationFailed: GEO_MESSAGES.locationFailed,
  locationFailedToast: GEO_MESSAGES.locationFailedToast,
  addressFailed: 'Could not get address details. Please type your city instead.',

  // Photos
  maxPhotos: PHOTO_MESSAGES.maxPhotos,
  tooLarge: PHOTO_MESSAGES.tooLarge,
  notImage: PHOTO_MESSAGES.notImage,
  uploadFailed: PHOTO_MESSAGES.uploadFailed,
  uploadFailedFor: (name: string, message: string) => `Failed to upload ${name}: ${message}`,
  uploaded: (name: string) => `${name} uploaded successfully`,
  photoDeleted: PHOTO_MESSAGES.deleted,
  photoDeleteFailed: PHOTO_MESSAGES.deleteFailed,
  // Generic drop-zone messages (SPEC §5): wrong type, too small, too many, anything else.
  unsupportedType: (name: string) => `File ${name} is not a supported format. Use JPG, PNG or WEBP`,
  tooSmall: (name: string) => `File ${name} is empty or too small`,
  tooManyFiles: PHOTO_MESSAGES.maxPhotos,
  rejected: (name: string) => `File ${name} could not be added`,

  // Profile view
  notFound: PROFILE_MESSAGES.notFound,
  signInToView: 'Please log in to view this profile',
  invalidProfileId: PROFILE_MESSAGES.invalidProfileId,
  userNotFound: USER_MESSAGES.notFound,
  notSpecified: 'Not specified',

  // Follow and plans
  followed: CONNECTION_MESSAGES.followed,
  unfollowed: CONNECTION_MESSAGES.unfollowed,
  followCheckFailed: CONNECTION_MESSAGES.checkFailed,
  countsFailed: CONNECTION_MESSAGES.countsFailed,
  followUpdateFailed: CONNECTION_MESSAGES.updateFailed,
  noFollowers: CONNECTION_MESSAGES.noFollowers,
  noFollowings: CONNECTION_MESSAGES.noFollowings,
  planSelected: PLAN_MESSAGES.selected,
  planSelectFailed: PLAN_MESSAGES.selectFailed,
  trialEnded: 'Free Trial - Trial period ended',
} as const;
