import type { PublicUser } from '@kindred/contracts';
import type { photos, profiles } from '../../db/schema.js';
import { mediaUrl } from '../media/storage.js';
import { presentDisplayLocation } from '../profiles/presenter.js';
import { effectiveStatus, presentTrialEndDate } from '../subscriptions/presenter.js';
import { canSeePrivateDetails } from './policy.js';
import type { UserRow } from './repo.js';
import { hasVerifiedBadge } from './summary.js';

/** GET /users/{id}: public fields only; the email only for the member themself; never coordinates. */
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
    isVerified: user.emailVerifiedAt !== null,
    isPhoneVerified: user.phoneVerifiedAt !== null,
    plan: user.plan,
    subscriptionStatus: effectiveStatus(user, now),
    trialEndDate: presentTrialEndDate(user),
  };
  if (canSeePrivateDetails(viewerId, user.id)) presented.email = user.email;
  return presented;
}
