import { randomBytes } from 'node:crypto';
import { ENTITLEMENTS, type PlanState } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { photos, profileLikes, users } from '../../db/schema.js';
import { planFieldsFor, signedInUser } from '../../test/factories.js';
import { giveProfile } from '../discovery/test-factories.js';
import { nameSearchColumns } from '../users/index.js';

/** Test-only helpers for likes, matches and visits. */

/**
 * A signed-in member with a finished profile (stored coordinates, a city, a profile picture), on
 * the given plan state; `thumbnailKey` is their picture's, to look for in answers.
 */
export async function datingMember(context: AppContext, state: PlanState = 'professional') {
  const member = await signedInUser(context, planFieldsFor(state, context.clock.now()));
  await giveProfile(context, member.user.id, {
    age: 31,
    city: 'Lisbon',
    latitude: 38.7223,
    longitude: -9.1393,
  });
  const [photo] = await context.db
    .select({ thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(eq(photos.userId, member.user.id));
  return { ...member, thumbnailKey: photo!.thumbnailKey };
}

/**
 * `count` likes by `likerId` made at `at`, of members made for the purpose in one statement each
 * (a daily cap filled without as many requests).
 */
export async function seedLikes(context: AppContext, likerId: string, count: number, at: Date) {
  if (count === 0) return;
  const rows = Array.from({ length: count }, () => {
    const unique = randomBytes(6).toString('hex');
    return {
      email: `filler-${unique}@example.com`,
      username: `filler-${unique}@example.com`,
      passwordHash: 'x',
      emailVerifiedAt: at,
      firstName: 'Filler',
      lastName: unique,
      ...nameSearchColumns('Filler', unique),
    };
  });
  const liked = await context.db.insert(users).values(rows).returning({ id: users.id });
  await context.db
    .insert(profileLikes)
    .values(liked.map(({ id }) => ({ likerId, likedId: id, createdAt: at })));
}

/** Puts an existing member on a plan state. */
export async function onPlan(t: { context: AppContext }, userId: string, state: PlanState) {
  await t.context.db
    .update(users)
    .set(planFieldsFor(state, t.context.clock.now()))
    .where(eq(users.id, userId));
}

export { orderedPair } from './pairs.js';

/** The daily cap of a plan state (null: no cap). */
export const likeCapOf = (state: PlanState) => ENTITLEMENTS[state].profileLikesPerDay;
