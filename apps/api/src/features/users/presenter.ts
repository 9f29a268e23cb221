import type { ProfileLocation, PublicUser } from '@kindred/contracts';
import type { photos, profiles } from '../../db/schema.js';
import { mediaUrl } from '../media/index.js';
import { canSeePrivateDetails } from './policy.js';
import type { UserRow } from './repo.js';
import { effectiveStatus, presentTrialEndDate } from './subscription.js';
import { hasVerifiedBadge } from './summary.js';

/** What any member may see of a location: the text, city and country — never the coordinates. */
export function presentDisplayLocation(
  profile: Pick<typeof profiles.$inferSelect, 'locationText' | 'city' | 'country'>,
): Omit<ProfileLocation, 'latitude' | 'longitude'> {
  return { formatted_address: profile.locationText, city: profile.city, country: profile.country };
}

/**
 * GET /users/{id}: public fields only; the email, role, plan, subscription state and trial end only
 * for the member themself; never coordinates.
 */
export function presentPublicUser(
  viewerId: string,
  user: UserRow,
  profile: typeof profiles.$inferSelect | null,
  photoRows: readonly (typeof photos.$inferSelect)[],
  now: Date,
): PublicUser {
  const photoUrls = photoRows.map((photo) => mediaUrl(photo.storageKey));
  const presented: PublicUser = {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    age: profile?.age ?? null,
    gender: profile?.gender ?? null,
    sexuality: profile?.sexuality ?? null,
    location: profile ? presentDisplayLocation(profile) : null,
    profilePicture: photoUrls[0] ?? null,
    photos: photoUrls,
    verifiedBadge: hasVerifiedBadge(user),
    photoVerified: user.photoVerifiedAt !== null,
    isVerified: user.emailVerifiedAt !== null,
    isPhoneVerified: user.phoneVerifiedAt !== null,
  };
  if (canSeePrivateDetails(viewerId, user.id)) {
    presented.email = user.email;
    // The web app shows the moderation page's link to moderators and admins.
    presented.role = user.role;
    presented.plan = user.plan;
    presented.subscriptionStatus = effectiveStatus(user, now);
    presented.trialEndDate = presentTrialEndDate(user);
  }
  return presented;
}
