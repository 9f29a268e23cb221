import { randomBytes } from 'node:crypto';
import { ENTITLEMENTS, planStateOf, type PlanState } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { photos, profileLikes, profiles, users } from '../../db/schema.js';
import { signedInUser } from '../../test/factories.js';
import { nameSearchColumns } from '../users/index.js';

/** Test-only helpers for likes, matches and visits. */

const DAY = 24 * 60 * 60 * 1000;

/** The plan fields that put a member in each plan state at `now`. */
export function planFieldsFor(state: PlanState, now: Date) {
  const fields =
    state === 'free' || state === 'trial-ended'
      ? {
          plan: 'free' as const,
          subscriptionStatus: 'trial' as const,
          trialEndDate: new Date(now.getTime() + (state === 'free' ? 30 : -1) * DAY),
        }
      : {
          plan: state,
          subscriptionStatus: 'active' as const,
          trialEndDate: new Date(now.getTime() - 30 * DAY),
        };
  if (planStateOf(fields, now) !== state) throw new Error(`plan fields for ${state} are wrong`);
  return fields;
}

/**
 * A signed-in member with a profile (stored coordinates, a city, a profile picture), on the
 * given plan state.
 */
export async function datingMember(context: AppContext, state: PlanState = 'professional') {
  const member = await signedInUser(context, planFieldsFor(state, context.clock.now()));
  const key = randomBytes(12).toString('hex');
  await context.db.insert(profiles).values({
    userId: member.user.id,
    age: 31,
    gender: 'female',
    sexuality: 'straight',
    locationText: 'Lisbon, Portugal',
    city: 'Lisbon',
    country: 'Portugal',
    latitude: 38.7223,
    longitude: -9.1393,
  });
  await context.db.insert(photos).values({
    userId: member.user.id,
    position: 0,
    storageKey: `${key}.webp`,
    thumbnailKey: `${key}-thumb.webp`,
    width: 10,
    height: 10,
    bytes: 100,
    thumbnailBytes: 10,
  });
  return { ...member, thumbnailKey: `${key}-thumb.webp` };
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
