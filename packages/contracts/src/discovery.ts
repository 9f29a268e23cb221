import { z } from 'zod';
import { BOOST_FREQUENCIES, type BoostFrequency } from './entitlements.js';
import {
  GENDER_OPTIONS,
  INTERESTS,
  PROFILE_LIMITS,
  SEXUALITY_OPTIONS,
  type Gender,
  type Interest,
  type Sexuality,
} from './profiles.js';
import { MEMBER_DATA } from './responses.js';

/**
 * Discover (issue 15): members near the viewer, filtered and ordered by a score, and the boost
 * that puts a member first in others' Discover for a while. Distances are rounded before they
 * leave the API ("about 5 km", never under 1 km); coordinates never do.
 */

export const DISCOVER_LIMITS = {
  ageMin: PROFILE_LIMITS.ageMin,
  ageMax: PROFILE_LIMITS.ageMax,
  /** The widest distance filter, in km. */
  maxDistanceKm: 500,
  pageDefault: 20,
  pageMax: 50,
  cursorMaxLength: 300,
  /** "Recently active": signed in within this many days. */
  recentlyActiveDays: 7,
  /** A pass (either way) keeps the two out of each other's Discover this long. */
  passHiddenDays: 30,
  /** How long a boost lasts. */
  boostMinutes: 30,
} as const;

/** The time between two boosts each plan allows (from the start of one to the start of the next). */
export const BOOST_PERIOD_MS: Readonly<Record<Exclude<BoostFrequency, 'none'>, number>> = {
  weekly: 7 * 24 * 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
};

export const DISCOVER_MESSAGES = {
  ageRangeInvalid: 'The lowest age must not be above the highest',
  ageInvalid: `Ages go from ${DISCOVER_LIMITS.ageMin} to ${DISCOVER_LIMITS.ageMax}`,
  distanceInvalid: `Distance must be from 1 to ${DISCOVER_LIMITS.maxDistanceKm} km`,
  genderInvalid: 'Please choose genders from the list',
  sexualityInvalid: 'Please choose sexualities from the list',
  interestInvalid: 'Please choose interests from the list',
  flagInvalid: 'Use true or false',
  invalidCursor: 'This list has changed; please reload it',
  /** A distance filter needs the viewer's own place. */
  locationRequired: 'Add your location to your profile to filter by distance',
  boosted: `Your profile is boosted for ${DISCOVER_LIMITS.boostMinutes} minutes`,
  // Client-side words.
  loadFailed: 'Could not load members near you.',
  noneFound: 'Nobody matches your filters yet. Try widening them.',
  boostFailed: 'Could not boost your profile. Please try again.',
} as const;

/** "in 3 days", "in 5 hours", "in 20 minutes": how long until the next boost (rounded up). */
export function boostWaitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  return `in ${Math.ceil(hours / 24)} days`;
}

/** The refusal of a boost before the plan allows the next one. */
export function boostNotYetMessage(seconds: number): string {
  return `You can boost your profile again ${boostWaitText(seconds)}.`;
}

/** A query-string list: `a,b`, or the parameter repeated (`?x=a&x=b`). */
function queryList<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== '')
        : value,
    z.array(z.enum(values, { message }), { message }).max(values.length, message),
  );
}

/** A query-string yes/no: `true`/`false` (or `1`/`0`). */
const queryFlag = z
  .enum(['true', 'false', '1', '0'], { message: DISCOVER_MESSAGES.flagInvalid })
  .transform((value) => value === 'true' || value === '1')
  .optional();

const age = z.coerce
  .number({ message: DISCOVER_MESSAGES.ageInvalid })
  .int(DISCOVER_MESSAGES.ageInvalid)
  .min(DISCOVER_LIMITS.ageMin, DISCOVER_MESSAGES.ageInvalid)
  .max(DISCOVER_LIMITS.ageMax, DISCOVER_MESSAGES.ageInvalid)
  .optional();

/**
 * GET /discover. Every filter is optional; age bounds are inclusive; `gender` and `sexuality`
 * keep members of any of the listed values. The advanced filters (the plan's `advancedFilters`):
 * `interests` (members sharing at least one of them), `verifiedOnly` (photo-verified members) and
 * `recentlyActive` (signed in within `recentlyActiveDays`).
 */
export const DiscoverQuerySchema = z
  .object({
    ageMin: age,
    ageMax: age,
    gender: queryList(GENDER_OPTIONS, DISCOVER_MESSAGES.genderInvalid).optional(),
    sexuality: queryList(SEXUALITY_OPTIONS, DISCOVER_MESSAGES.sexualityInvalid).optional(),
    maxDistanceKm: z.coerce
      .number({ message: DISCOVER_MESSAGES.distanceInvalid })
      .min(1, DISCOVER_MESSAGES.distanceInvalid)
      .max(DISCOVER_LIMITS.maxDistanceKm, DISCOVER_MESSAGES.distanceInvalid)
      .optional(),
    interests: queryList(INTERESTS, DISCOVER_MESSAGES.interestInvalid).optional(),
    verifiedOnly: queryFlag,
    recentlyActive: queryFlag,
    cursor: z.string().max(DISCOVER_LIMITS.cursorMaxLength).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(DISCOVER_LIMITS.pageMax, `limit must be at most ${DISCOVER_LIMITS.pageMax}`)
      .default(DISCOVER_LIMITS.pageDefault),
  })
  .refine(
    (query) =>
      query.ageMin === undefined || query.ageMax === undefined || query.ageMin <= query.ageMax,
    { message: DISCOVER_MESSAGES.ageRangeInvalid, path: ['ageMin'] },
  );
export type DiscoverQuery = z.infer<typeof DiscoverQuerySchema>;

/** The advanced filters of a query that are in use (each needs the plan's `advancedFilters`). */
export function advancedFiltersIn(
  query: DiscoverQuery,
): Array<'interests' | 'verifiedOnly' | 'recentlyActive'> {
  const used: Array<'interests' | 'verifiedOnly' | 'recentlyActive'> = [];
  if (query.interests && query.interests.length > 0) used.push('interests');
  if (query.verifiedOnly) used.push('verifiedOnly');
  if (query.recentlyActive) used.push('recentlyActive');
  return used;
}

/** A distance as members see it: rounded, never under 1 km. */
export interface RoundedDistance {
  km: number;
  /** "about 5 km". */
  text: string;
}

/**
 * Rounds a distance for showing: 1 km steps under 10 km (never below 1), 5 km steps under 100,
 * 10 km under 1,000, then 100 km steps — precise enough to choose, too coarse to locate anyone.
 */
export function roundDistanceKm(km: number): number {
  const step = km < 10 ? 1 : km < 100 ? 5 : km < 1000 ? 10 : 100;
  return Math.max(1, Math.round(km / step) * step);
}

export function roundedDistance(km: number): RoundedDistance {
  const rounded = roundDistanceKm(km);
  return { km: rounded, text: `about ${rounded.toLocaleString('en-US')} km` };
}

/** One card of Discover. */
export interface DiscoverMember {
  _id: string;
  firstName: string;
  age: number;
  gender: Gender;
  sexuality: Sexuality;
  /** null when unknown or when the member hides their location. */
  city: string | null;
  /** null when either member's place is unknown or the member hides their location. */
  distance: RoundedDistance | null;
  /** The profile picture (full size) and its thumbnail; null if the member has none. */
  photo: string | null;
  thumbnail: string | null;
  /** The viewer's interests the member shares. */
  interestsInCommon: Interest[];
  /** Email, authenticator and phone verified (the badge shown everywhere). */
  verifiedBadge: boolean;
  /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
  photoVerified: boolean;
  /** Boosted now: shown first. */
  boosted: boolean;
}

export const DiscoverMemberSchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    age: z.number().int(),
    gender: z.enum(GENDER_OPTIONS),
    sexuality: z.enum(SEXUALITY_OPTIONS),
    city: z.string().nullable(),
    distance: z.strictObject({ km: z.number().int().min(1), text: z.string() }).nullable(),
    photo: z.string().nullable(),
    thumbnail: z.string().nullable(),
    interestsInCommon: z.array(z.enum(INTERESTS)),
    verifiedBadge: z.boolean(),
    photoVerified: z.boolean(),
    boosted: z.boolean(),
  })
  .meta(MEMBER_DATA) satisfies z.ZodType<DiscoverMember>;

/** GET /discover: one page, best first; `nextCursor` continues it in the same order. */
export interface DiscoverPage {
  success: true;
  members: DiscoverMember[];
  nextCursor: string | null;
}

export const DiscoverPageSchema = z.strictObject({
  success: z.literal(true),
  members: z.array(DiscoverMemberSchema),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<DiscoverPage>;

/** GET /boost: the signed-in member's boost state. */
export interface BoostStatus {
  success: true;
  /** The plan's allowance. */
  allowance: BoostFrequency;
  /** ISO 8601 end of the boost running now, or null. */
  boostedUntil: string | null;
  /** ISO 8601 time the next boost may start (null: now, or never on this plan). */
  nextBoostAt: string | null;
}

export const BoostStatusSchema = z.strictObject({
  success: z.literal(true),
  allowance: z.enum(BOOST_FREQUENCIES),
  boostedUntil: z.iso.datetime({ offset: true }).nullable(),
  nextBoostAt: z.iso.datetime({ offset: true }).nullable(),
}) satisfies z.ZodType<BoostStatus>;

/**
 * POST /boost: boosted until `boostedUntil`. Refused with 403 PLAN_LIMIT on a plan without boosts,
 * and with 429 RATE_LIMITED (`retryAfterSeconds`, the message saying when) while a boost runs or
 * before the plan's next one.
 */
export interface BoostResponse {
  success: true;
  message: string;
  boostedUntil: string;
  nextBoostAt: string;
}

export const BoostResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  boostedUntil: z.iso.datetime({ offset: true }),
  nextBoostAt: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<BoostResponse>;
