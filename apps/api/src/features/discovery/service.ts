import {
  DISCOVER_LIMITS,
  DISCOVER_MESSAGES,
  IdSchema,
  INTERESTS,
  boostNotYetMessage,
  roundedDistance,
  type BoostResponse,
  type BoostStatus,
  type DiscoverMember,
  type DiscoverPage,
  type DiscoverQuery,
  type Interest,
} from '@kindred/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, notFound, tooManyRequests } from '../../http/errors.js';
import {
  assertEntitled,
  entitlementsOf,
  memberPlan,
  requireEntitlement,
} from '../entitlements/index.js';
import { mediaUrl } from '../media/index.js';
import { hasVerifiedBadge, lockMember, showsLocationTo } from '../users/index.js';
import { assertMayFilterByDistance, nextBoostAllowedAt, usesAdvancedFilters } from './policy.js';
import {
  checkedCards,
  insertBoost,
  latestBoost,
  outerKmOf,
  rankedMembers,
  viewerAndBoosts,
  type CandidateRow,
  type CardCandidate,
  type CardChecks,
  type Phase,
  type Place,
  type RankedMember,
} from './repo.js';
import { snapshotsOf } from './snapshots.js';

/** Discover and boosts: the domain logic behind /api/discover and /api/boost. */

const DAY_MS = 24 * 60 * 60 * 1000;
const BOOST_MS = DISCOVER_LIMITS.boostMinutes * 60 * 1000;
/** Ranked members read beyond a page's need, for those the checks skip. */
const CHECK_SLACK = 5;

/**
 * The order of Discover: members boosted at the page's snapshot time first, then distance bands
 * from the viewer (outer edges in km), nearest first; within each, the score (repo's SCORE), then
 * the id. Bands keep a page's work to the members of a few bands, read through the grid index,
 * instead of scoring every member. Past the last band come members farther away and those whose
 * place is unknown — only without a distance filter.
 */
export const DISTANCE_BANDS_KM = [10, 25, 50, 100, 250, 500] as const;

export function phasesFor(origin: Place | null, maxDistanceKm: number | undefined): Phase[] {
  const phases: Phase[] = [{ kind: 'boosted', maxKm: maxDistanceKm ?? null }];
  if (!origin) return [...phases, { kind: 'band', innerKm: null, outerKm: null }];
  let innerKm: number | null = null;
  for (const edge of DISTANCE_BANDS_KM) {
    if (maxDistanceKm !== undefined && maxDistanceKm <= edge) {
      return [...phases, { kind: 'band', innerKm, outerKm: maxDistanceKm }];
    }
    phases.push({ kind: 'band', innerKm, outerKm: edge });
    innerKm = edge;
  }
  return [...phases, { kind: 'band', innerKm, outerKm: null }];
}

/**
 * The cursor: the snapshot time (boosts and recent activity are read at it, so the order of the
 * members already there stays put while paging), the phase, and the last card's score and id.
 */
const CursorSchema = z.tuple([
  z.literal(1),
  z.number().int().positive(),
  z.number().int().min(0),
  z.number().int(),
  IdSchema,
]);

interface Position {
  asOf: Date;
  phase: number;
  after?: { score: number; id: string };
}

function encodeCursor(asOf: Date, phase: number, row: CandidateRow): string {
  return Buffer.from(JSON.stringify([1, asOf.getTime(), phase, row.score, row.id])).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string | undefined, now: Date): Position {
  if (!cursor) return { asOf: now, phase: 0 };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(DISCOVER_MESSAGES.invalidCursor);
  }
  const parsed = CursorSchema.safeParse(decoded);
  if (!parsed.success) throw badRequest(DISCOVER_MESSAGES.invalidCursor);
  const [, asOf, phase, score, id] = parsed.data;
  return { asOf: new Date(asOf), phase, after: { score, id } };
}

/** GET /discover: one page of cards, best first. */
export async function discover(
  context: AppContext,
  viewerId: string,
  query: DiscoverQuery,
): Promise<Omit<DiscoverPage, 'success'>> {
  const now = context.clock.now();
  if (usesAdvancedFilters(query)) await requireEntitlement(context, viewerId, 'advancedFilters');
  // The cursor's snapshot time is needed before the viewer's place is known (the boosts are read
  // at it in the same statement); its phase is checked against the phases below.
  const start = decodeCursor(query.cursor, now);
  const viewer = await viewerAndBoosts(context.db, viewerId, start.after ? start.asOf : now);
  assertMayFilterByDistance(viewer.place, query.maxDistanceKm);

  const phases = phasesFor(viewer.place, query.maxDistanceKm);
  if (start.phase >= phases.length) throw badRequest(DISCOVER_MESSAGES.invalidCursor);
  const snapshots = snapshotsOf(context);
  // The session: everything the order depends on besides the snapshot time.
  const sessionKey = JSON.stringify([
    viewerId,
    viewer.place,
    viewer.interests,
    query.ageMin,
    query.ageMax,
    query.gender,
    query.sexuality,
    query.maxDistanceKm,
    query.interests,
    query.verifiedOnly,
    query.recentlyActive,
  ]);
  const snapshot = start.after
    ? { asOf: start.asOf, boostedIds: viewer.boostedIds }
    : snapshots.firstPage(sessionKey, now, viewer.boostedIds);
  const filters = {
    ageMin: query.ageMin,
    ageMax: query.ageMax,
    genders: query.gender,
    sexualities: query.sexuality,
    interests: query.interests,
    photoVerifiedOnly: query.verifiedOnly,
    activeSince: query.recentlyActive
      ? new Date(snapshot.asOf.getTime() - DISCOVER_LIMITS.recentlyActiveDays * DAY_MS)
      : undefined,
  };

  const checks: CardChecks = {
    viewerId,
    now,
    passHiddenMs: DISCOVER_LIMITS.passHiddenDays * DAY_MS,
    origin: viewer.place,
    filters,
  };
  const ranked = (phase: number, after: RankedMember | undefined, count: number) =>
    snapshots.next(
      `${sessionKey}|${snapshot.asOf.getTime()}|${phase}`,
      snapshot.asOf,
      after,
      count,
      (from, limit) =>
        rankedMembers(context.db, {
          viewerId,
          asOf: snapshot.asOf,
          boostedIds: snapshot.boostedIds,
          origin: viewer.place,
          viewerInterests: viewer.interests,
          filters,
          phase: phases[phase]!,
          after: from,
          limit,
        }),
      now,
    );

  // limit + 1 cards: the extra one only says that another page exists. The members to check are
  // gathered across phases and checked in one statement; a page needs another round only when
  // the checks skip more of them than the few read beyond its need.
  const rows: Array<{ row: CandidateRow; phase: number }> = [];
  let phase = start.phase;
  let after = start.after;
  while (rows.length <= query.limit && phase < phases.length) {
    const wanted = query.limit + 1 - rows.length;
    const count = wanted + CHECK_SLACK;
    const candidates: Array<CardCandidate & { phase: number }> = [];
    while (candidates.length < count && phase < phases.length) {
      const current = phases[phase]!;
      const asked = count - candidates.length;
      const more =
        current.kind === 'boosted' && snapshot.boostedIds.length === 0
          ? []
          : await ranked(phase, after, asked);
      const outerKm = outerKmOf(current);
      for (const member of more) candidates.push({ ...member, outerKm, phase });
      // Fewer than asked: the phase has no more.
      if (more.length < asked) {
        phase += 1;
        after = undefined;
      } else {
        after = more.at(-1);
      }
    }
    const phaseOf = new Map(candidates.map((candidate) => [candidate.id, candidate.phase]));
    const cards = await checkedCards(context.db, checks, candidates);
    rows.push(...cards.slice(0, wanted).map((row) => ({ row, phase: phaseOf.get(row.id)! })));
  }

  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    members: items.map(({ row, phase }) =>
      presentCard(row, viewerId, viewer.interests, phases[phase]!.kind === 'boosted'),
    ),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(snapshot.asOf, last.phase, last.row) : null,
  };
}

/** A card: never coordinates; city and rounded distance only when the member shows their place. */
function presentCard(
  row: CandidateRow,
  viewerId: string,
  viewerInterests: readonly Interest[],
  boosted: boolean,
): DiscoverMember {
  const showsPlace = showsLocationTo(viewerId, row.id, { showLocation: row.showLocation });
  return {
    _id: row.id,
    firstName: row.firstName,
    age: row.age,
    gender: row.gender,
    sexuality: row.sexuality,
    city: showsPlace ? row.city : null,
    distance: showsPlace && row.km !== null ? roundedDistance(row.km) : null,
    photo: mediaUrl(row.storageKey),
    thumbnail: mediaUrl(row.thumbnailKey),
    interestsInCommon: INTERESTS.filter(
      (interest) => row.interests.includes(interest) && viewerInterests.includes(interest),
    ),
    verifiedBadge: hasVerifiedBadge(row),
    photoVerified: row.photoVerifiedAt !== null,
    boosted,
  };
}

/** GET /boost: the plan's allowance, the boost running now, and when the next one may start. */
export async function boostStatus(
  context: AppContext,
  memberId: string,
): Promise<Omit<BoostStatus, 'success'>> {
  const now = context.clock.now();
  const plan = await entitlementsOf(context, memberId);
  const latest = await latestBoost(context.db, memberId);
  const next = nextBoostAllowedAt(plan.entitlements.boosts, latest, now);
  return {
    allowance: plan.entitlements.boosts,
    boostedUntil: latest && latest.endsAt > now ? latest.endsAt.toISOString() : null,
    nextBoostAt: next && next > now ? next.toISOString() : null,
  };
}

/**
 * POST /boost: first in others' Discover for 30 minutes. Under the member's row lock, so two
 * boosts sent at once cannot both pass the plan's frequency.
 */
export async function boostMember(
  context: AppContext,
  memberId: string,
): Promise<Omit<BoostResponse, 'success' | 'message'>> {
  return context.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) throw notFound('User not found', 'MEMBER_NOT_FOUND');
    const now = context.clock.now();
    const plan = memberPlan(member, now);
    assertEntitled(plan, 'boosts');
    const latest = await latestBoost(tx, memberId);
    const allowedAt = nextBoostAllowedAt(plan.entitlements.boosts, latest, now)!;
    if (allowedAt > now) {
      const seconds = Math.ceil((allowedAt.getTime() - now.getTime()) / 1000);
      throw tooManyRequests(boostNotYetMessage(seconds), seconds);
    }
    const endsAt = new Date(now.getTime() + BOOST_MS);
    await insertBoost(tx, memberId, now, endsAt);
    const next = nextBoostAllowedAt(plan.entitlements.boosts, { startedAt: now, endsAt }, now)!;
    return { boostedUntil: endsAt.toISOString(), nextBoostAt: next.toISOString() };
  });
}
