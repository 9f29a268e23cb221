import { z } from 'zod';
import { IdSchema } from './common.js';
import { UPGRADE_PLANS } from './entitlements.js';
import { MEMBER_DATA } from './responses.js';

/**
 * Like, pass, match, "likes you" and profile visitors (issue 15). Profile likes are apart from
 * post likes. A like of a member who already liked you makes a match (one per pair, both told
 * once). Unmatching ends the match and both likes, and counts as the unmatcher's pass: neither sees
 * the other in Discover for the pass window, they can no longer write to each other, and the other
 * member is not told why (the match simply leaves their list). Likes a day come from the plan
 * (`profileLikesPerDay`, counted per UTC day); seeing who liked you (`seeWhoLikedYou`) and who
 * visited (`profileVisitors`) too.
 */

/** How many blurred cards a locked "likes you" teaser draws at most. */
export const LIKES_YOU_TEASER_CARDS = 6;

export const MATCH_MESSAGES = {
  passed: 'Member passed',
  unmatched: 'Unmatched',
  cannotLikeSelf: 'You cannot like yourself',
  cannotPassSelf: 'You cannot pass yourself',
  /** 409 ALREADY_MATCHED: a pass on a match (unmatch instead). */
  alreadyMatched: 'You are already matched with this member',
  /** 404 MATCH_NOT_FOUND. */
  matchNotFound: 'Match not found',
  /** 403 PLAN_LIMIT (feature profileLikesPerDay). */
  likeLimit: 'You have used all your likes for today',
  invalidCursor: 'Invalid cursor',
  likesYouTeaser: (count: number) =>
    count === 0
      ? 'No one has liked you yet'
      : `${count} ${count === 1 ? 'person likes' : 'people like'} you. Upgrade to see who.`,
  // Client-side words.
  likeFailed: 'Could not like this member. Please try again.',
  passFailed: 'Could not pass this member. Please try again.',
  unmatchFailed: 'Could not unmatch. Please try again.',
  matchesLoadFailed: 'Could not load your matches.',
  likesYouLoadFailed: 'Could not load who liked you.',
  visitorsLoadFailed: 'Could not load your visitors.',
  noMatches: 'No matches yet. Like someone in Discover!',
  noLikes: 'No one has liked you yet.',
  noVisitors: 'No visitors yet.',
  itsAMatch: 'It’s a match!',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /matches/like and POST /matches/pass: the other member. */
export const ProfileTargetSchema = z.strictObject({ userId: IdSchema });
export type ProfileTarget = z.infer<typeof ProfileTargetSchema>;

// ---------------------------------------------------------------------------------------------
// Items

/**
 * A member as a dating card shows them: first name, age, city (only when they show their
 * location), the main photo's thumbnail, the marks beside the name. Never coordinates, never the
 * last name.
 */
export const MemberCardSchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    /** null while the member has no profile. */
    age: z.number().int().nullable(),
    /** null when the member hides their location or has none. */
    city: z.string().nullable(),
    profilePicture: z.string().nullable(),
    verifiedBadge: z.boolean(),
    /** A selfie matched the member's photos (features/photo-verification): the photo-verified mark. */
    photoVerified: z.boolean(),
  })
  .meta(MEMBER_DATA);
export type MemberCard = z.infer<typeof MemberCardSchema>;

const isoDate = z.iso.datetime({ offset: true });

export const MatchSchema = z.strictObject({ user: MemberCardSchema, matchedAt: isoDate });
export type MatchItem = z.infer<typeof MatchSchema>;

export const ProfileLikeSchema = z.strictObject({ user: MemberCardSchema, likedAt: isoDate });
export type ProfileLikeItem = z.infer<typeof ProfileLikeSchema>;

export const ProfileVisitSchema = z.strictObject({
  user: MemberCardSchema,
  /** The visitor's latest visit. */
  visitedAt: isoDate,
});
export type ProfileVisitItem = z.infer<typeof ProfileVisitSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

/** POST /matches/like. `remainingToday` is null on plans without a daily cap. */
export const LikeProfileResponseSchema = z.strictObject({
  success: z.literal(true),
  matched: z.boolean(),
  remainingToday: z.number().int().nonnegative().nullable(),
});
export type LikeProfileResponse = z.infer<typeof LikeProfileResponseSchema>;

/** POST /matches/pass. */
export const PassProfileResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal(MATCH_MESSAGES.passed),
});
export type PassProfileResponse = z.infer<typeof PassProfileResponseSchema>;

/** DELETE /matches/{userId}. */
export const UnmatchResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal(MATCH_MESSAGES.unmatched),
});
export type UnmatchResponse = z.infer<typeof UnmatchResponseSchema>;

/** GET /matches?cursor=&limit= — newest match first. */
export const MatchPageSchema = z.strictObject({
  success: z.literal(true),
  matches: z.array(MatchSchema),
  nextCursor: z.string().nullable(),
});
export type MatchPage = z.infer<typeof MatchPageSchema>;

/**
 * GET /matches/likes-you on a plan with `seeWhoLikedYou`: the members who liked the viewer and
 * whom the viewer has neither matched nor passed, newest first.
 */
export const LikesYouPageSchema = z.strictObject({
  success: z.literal(true),
  locked: z.literal(false),
  /** All such likes (every page). */
  count: z.number().int().nonnegative(),
  likes: z.array(ProfileLikeSchema),
  nextCursor: z.string().nullable(),
});
export type LikesYouPage = z.infer<typeof LikesYouPageSchema>;

/**
 * GET /matches/likes-you on other plans: how many, and a teaser to draw blurred cards from —
 * no names, ids or photos of anyone.
 */
export const LikesYouTeaserSchema = z.strictObject({
  success: z.literal(true),
  locked: z.literal(true),
  count: z.number().int().nonnegative(),
  teaser: z.strictObject({
    /** E.g. "3 people like you. Upgrade to see who." */
    description: z.string(),
    /** How many blurred placeholder cards to draw (at most `LIKES_YOU_TEASER_CARDS`). */
    placeholders: z.number().int().nonnegative(),
    /** The cheapest plan that shows them. */
    requiredPlan: z.enum(UPGRADE_PLANS),
  }),
});
export type LikesYouTeaser = z.infer<typeof LikesYouTeaserSchema>;

export const LikesYouResponseSchema = z.discriminatedUnion('locked', [
  LikesYouPageSchema,
  LikesYouTeaserSchema,
]);
export type LikesYouResponse = z.infer<typeof LikesYouResponseSchema>;

/**
 * GET /profile/visitors?cursor=&limit= (plans with `profileVisitors`, else 403 PLAN_LIMIT): each
 * visitor once, by their latest visit, newest first. Empty while the viewer's `leaveVisits` is off.
 */
export const VisitorPageSchema = z.strictObject({
  success: z.literal(true),
  /** The viewer's own privacy setting; while false the list is empty. */
  leaveVisits: z.boolean(),
  visitors: z.array(ProfileVisitSchema),
  nextCursor: z.string().nullable(),
});
export type VisitorPage = z.infer<typeof VisitorPageSchema>;
