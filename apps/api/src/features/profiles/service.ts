import { eq } from 'drizzle-orm';
import {
  PROFILE_MESSAGES,
  USER_MESSAGES,
  type Profile,
  type ProfileCreateRequestSchema,
} from '@kindred/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { profiles } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { deleteMediaFiles } from '../media/index.js';
import { recordPlan } from '../subscriptions/index.js';
import {
  findVisibleMemberWithProfile,
  lockMember,
  photosOf,
  saveMemberNames,
} from '../users/index.js';
import { toStoredLocation } from './location.js';
import { applyPhotoOrder } from './photos.js';
import { presentProfile } from './presenter.js';

type ProfileInput = z.output<typeof ProfileCreateRequestSchema>;

/** GET /profile/{id}: any signed-in member may look; 404 until the member has created one. */
export async function getProfile(
  context: Pick<AppContext, 'db'>,
  viewerId: string,
  userId: string,
): Promise<Profile> {
  const found = await findVisibleMemberWithProfile(context.db, viewerId, userId);
  if (!found?.profile) throw notFound(PROFILE_MESSAGES.notFound, 'PROFILE_NOT_FOUND');
  const photoRows = await photosOf(context.db, userId);
  return presentProfile(viewerId, found.user, found.profile, photoRows);
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
