import { eq } from 'drizzle-orm';
import {
  PHOTO_MESSAGES,
  PROFILE_MESSAGES,
  USER_MESSAGES,
  type PhotoOrderResponse,
  type Profile,
  type ProfileCreateRequestSchema,
  type ProfileDetailsUpdate,
} from '@kindred/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { profiles } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordProfileVisit } from '../matches/index.js';
import { deleteMediaFiles } from '../media/index.js';
import { recordPlan } from '../subscriptions/index.js';
import {
  findVisibleMemberWithProfile,
  lockMember,
  photosOf,
  privacySettingsOf,
  saveMemberNames,
  showsLocationTo,
} from '../users/index.js';
import { toStoredLocation } from './location.js';
import { applyPhotoOrder, reorderPhotos } from './photos.js';
import { canChangeProfile } from './policy.js';
import { presentProfile } from './presenter.js';

type ProfileInput = z.output<typeof ProfileCreateRequestSchema>;

/**
 * GET /profile/{id}: any signed-in member may look; 404 until the member has created one. A look
 * at another member's profile is their visit (matches' `recordProfileVisit`: once a day).
 */
export async function getProfile(
  context: Pick<AppContext, 'db' | 'clock' | 'logger'>,
  viewerId: string,
  userId: string,
): Promise<Profile> {
  const found = await findVisibleMemberWithProfile(context.db, viewerId, userId);
  if (!found?.profile) throw notFound(PROFILE_MESSAGES.notFound, 'PROFILE_NOT_FOUND');
  await recordProfileVisit(context, viewerId, userId);
  const [photoRows, privacy] = await Promise.all([
    photosOf(context.db, userId),
    privacySettingsOf(context.db, userId),
  ]);
  const profile = presentProfile(viewerId, found.user, found.profile, photoRows);
  // A member who hides their location shows none to others (no city, no country, no text).
  if (!showsLocationTo(viewerId, userId, privacy))
    profile.location = { formatted_address: '', city: null, country: null };
  return profile;
}

/**
 * POST /profile/create: creates the member's profile or replaces its details. In one transaction
 * under the member's row lock: the names (and their search keys), the plan, the profile row, and
 * the photo order (the wizard's list; photos left out are deleted, files after the commit).
 */
export async function saveProfile(
  context: Pick<AppContext, 'db' | 'clock' | 'storage' | 'logger'>,
  viewerId: string,
  input: ProfileInput,
): Promise<{ created: boolean }> {
  // The route has checked that a `userId` in the payload is the member's own.
  const userId = viewerId;
  const now = context.clock.now();
  const location = toStoredLocation(input.location);
  const details = {
    age: input.age,
    gender: input.gender,
    sexuality: input.sexuality,
    bio: input.bio,
    interests: input.interests,
    ...location,
    updatedAt: now,
  };

  const { created, removedKeys } = await context.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
    await saveMemberNames(
      tx,
      userId,
      { firstName: input.firstName, lastName: input.lastName },
      now,
    );
    await recordPlan(tx, member, input.plan, now);
    const [existing] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (existing) {
      await tx.update(profiles).set(details).where(eq(profiles.userId, userId));
    } else {
      await tx.insert(profiles).values({ userId, ...details, createdAt: now });
    }
    const removedKeys = await applyPhotoOrder(tx, userId, input.photos);
    return { created: !existing, removedKeys };
  });
  await deleteMediaFiles(context.storage, context.logger, removedKeys);
  return { created };
}

/**
 * POST /profile/update/{userId}: after the wizard, the member changes any of its details and/or
 * the photo list. Only the member themself (403 otherwise, nothing changed). Details are checked
 * by the same contract rules as at creation (the route parsed them) and need an existing profile
 * (404 before the wizard is done); names go through users' `saveMemberNames` with their search
 * keys. All of it is one transaction under the member's row lock, like `saveProfile`; the files
 * of photos left out of a given list are removed after the commit. Without details it is the
 * wizard's photo-list save and answers with the photos only.
 */
export async function updateProfile(
  context: Pick<AppContext, 'db' | 'clock' | 'storage' | 'logger'>,
  viewerId: string,
  userId: string,
  update: ProfileDetailsUpdate & { photos?: string[] | undefined },
): Promise<Omit<PhotoOrderResponse, 'success'>> {
  const { photos: photoUrls, ...details } = update;
  const hasDetails = Object.values(details).some((value) => value !== undefined);
  if (!hasDetails) {
    const kept = await reorderPhotos(context, viewerId, userId, photoUrls ?? []);
    return { message: PHOTO_MESSAGES.reordered, ...kept };
  }
  if (!canChangeProfile(viewerId, userId)) throw forbidden(PROFILE_MESSAGES.updateNotOwn);

  const now = context.clock.now();
  const removedKeys = await context.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
    const [existing] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (!existing) throw notFound(PROFILE_MESSAGES.notFound, 'PROFILE_NOT_FOUND');
    if (details.firstName !== undefined || details.lastName !== undefined) {
      const names = {
        firstName: details.firstName ?? member.firstName,
        lastName: details.lastName ?? member.lastName,
      };
      await saveMemberNames(tx, userId, names, now);
    }
    await tx
      .update(profiles)
      .set({
        age: details.age,
        gender: details.gender,
        sexuality: details.sexuality,
        bio: details.bio,
        interests: details.interests,
        ...(details.location === undefined ? {} : toStoredLocation(details.location)),
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    return photoUrls === undefined ? [] : applyPhotoOrder(tx, userId, photoUrls);
  });
  await deleteMediaFiles(context.storage, context.logger, removedKeys);

  const profile = await getProfile(context, viewerId, userId);
  return {
    message: PROFILE_MESSAGES.updated,
    photos: profile.photos,
    thumbnails: profile.thumbnails,
    photoAlts: profile.photoAlts,
    profilePicture: profile.profilePicture,
    profile,
  };
}
