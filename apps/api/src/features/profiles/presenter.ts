import type { Profile, ProfileLocation } from '@kindred/contracts';
import type { photos, profiles } from '../../db/schema.js';
import { mediaUrl } from '../media/index.js';
import { hasVerifiedBadge, presentDisplayLocation, type UserRow } from '../users/index.js';
import { canSeeCoordinates, canSeePlan } from './policy.js';

type ProfileRow = typeof profiles.$inferSelect;
type PhotoRow = typeof photos.$inferSelect;

export function presentPhotoList(photoRows: readonly PhotoRow[]) {
  const urls = photoRows.map((photo) => mediaUrl(photo.storageKey));
  return {
    photos: urls,
    thumbnails: photoRows.map((photo) => mediaUrl(photo.thumbnailKey)),
    profilePicture: urls[0] ?? null,
    /** Each photo's description in the same order; null: none (the web app writes a neutral one). */
    photoAlts: photoRows.map((photo) => photo.altText),
  };
}

/** GET /profile/{id}. The owner also gets their own coordinates and plan. */
export function presentProfile(
  viewerId: string,
  user: UserRow,
  profile: ProfileRow,
  photoRows: readonly PhotoRow[],
): Profile {
  const location: ProfileLocation = presentDisplayLocation(profile);
  if (canSeeCoordinates(viewerId, user.id)) {
    location.latitude = profile.latitude;
    location.longitude = profile.longitude;
  }
  const ownOnly = canSeePlan(viewerId, user.id) ? { plan: user.plan } : {};
  return {
    _id: user.id,
    userId: user.id,
    ...ownOnly,
    firstName: user.firstName,
    lastName: user.lastName,
    age: profile.age,
    gender: profile.gender,
    sexuality: profile.sexuality,
    bio: profile.bio,
    interests: profile.interests as Profile['interests'],
    location,
    ...presentPhotoList(photoRows),
    verifiedBadge: hasVerifiedBadge(user),
    photoVerified: user.photoVerifiedAt !== null,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
