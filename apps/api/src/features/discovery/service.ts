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
  NO_CARDS,
  cardParams,
  cardsInOrder,
  insertBoost,
  latestBoost,
  outerKmOf,
  rankedMembers,
  viewerWithCards,
  type CandidateRow,
  type CardCandidate,
  type CardChecks,
  type CardParams,
  type CheckedCard,
  type CheckedMembers,
  type Phase,
  type Place,
  type RankedMember,
  type ViewerAndBoosts,
} from './repo.js';
import { snapshotsOf, type DiscoverSnapshots } from './snapshots.js';

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
  after?: RankedMember;
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

/** Where a page's reading stands: the phase, and the place in it after which to read. */
interface Reading {
  phase: number;
  after?: RankedMember;
}

/** What a page is read with, once the viewer is known. */
interface PagePlan {
  phases: Phase[];
  snapshot: { asOf: Date; boostedIds: readonly string[] };
  checks: CardChecks;
}

/** The session: everything the order depends on besides the snapshot time. */
function sessionKeyOf(viewerId: string, viewer: ViewerAndBoosts, query: DiscoverQuery): string {
  return JSON.stringify([
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
}

/** A phase's order in the snapshots: the session's, at the snapshot time. */
function phaseKey(sessionKey: string, asOf: Date, phase: number): string {
  return `${sessionKey}|${asOf.getTime()}|${phase}`;
}

function checksFor(
  viewerId: string,
  viewer: ViewerAndBoosts,
  query: DiscoverQuery,
  asOf: Date,
  now: Date,
): CardChecks {
  return {
    viewerId,
    now,
    passHiddenMs: DISCOVER_LIMITS.passHiddenDays * DAY_MS,
    origin: viewer.place,
    filters: {
      ageMin: query.ageMin,
      ageMax: query.ageMax,
      genders: query.gender,
      sexualities: query.sexuality,
      interests: query.interests,
      photoVerifiedOnly: query.verifiedOnly,
      activeSince: query.recentlyActive
        ? new Date(asOf.getTime() - DISCOVER_LIMITS.recentlyActiveDays * DAY_MS)
        : undefined,
    },
  };
}

/**
 * Up to `count` members to check from `from` on, across phases, with where the reading then
 * stands; `ranked` answers a phase's next members (fewer than asked: the phase has no more), or
 * undefined to give up (then so does this).
 */
async function gatherCandidates(
  plan: PagePlan,
  from: Reading,
  count: number,
  ranked: (
    phase: number,
    after: RankedMember | undefined,
    asked: number,
  ) => Promise<RankedMember[] | undefined> | RankedMember[] | undefined,
): Promise<{ candidates: Array<CardCandidate & { phase: number }>; next: Reading } | undefined> {
  const { phases, snapshot } = plan;
  const candidates: Array<CardCandidate & { phase: number }> = [];
  let { phase, after } = from;
  while (candidates.length < count && phase < phases.length) {
    const current = phases[phase]!;
    const asked = count - candidates.length;
    const more =
      current.kind === 'boosted' && snapshot.boostedIds.length === 0
        ? []
        : await ranked(phase, after, asked);
    if (!more) return undefined;
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
  return { candidates, next: { phase, after } };
}

/** The members checked in a page's first round, beyond the page's need (see `discover`). */
function firstRoundCount(query: DiscoverQuery): number {
  return query.limit + 1 + CHECK_SLACK;
}

/**
 * The parameters of the card checks of a page's first round, as they would be were the viewer as
 * their previous page saw them, when the paging session holds the members to check: those cards
 * are read in the same statement as the viewer, before the viewer is known, and used when the
 * round turns out to have exactly these parameters. Nothing is read or changed here; undefined
 * when the page cannot be foreseen.
 */
async function foreseenCards(
  context: AppContext,
  viewerId: string,
  query: DiscoverQuery,
  start: Reading & { asOf: Date },
  now: Date,
): Promise<CardParams | undefined> {
  const snapshots = snapshotsOf(context);
  const viewer = snapshots.lastViewer(viewerId);
  if (!viewer) return undefined;
  if (query.maxDistanceKm !== undefined && viewer.place === null) return undefined;
  const phases = phasesFor(viewer.place, query.maxDistanceKm);
  if (start.phase >= phases.length) return undefined;
  const sessionKey = sessionKeyOf(viewerId, viewer, query);
  const snapshot = start.after
    ? { asOf: start.asOf, boostedIds: viewer.boostedIds }
    : snapshots.peekFirstPage(sessionKey, now, viewer.boostedIds);
  if (!snapshot) return undefined;
  const plan = { phases, snapshot, checks: checksFor(viewerId, viewer, query, snapshot.asOf, now) };
  const gathered = await gatherCandidates(
    plan,
    start,
    firstRoundCount(query),
    (phase, after, asked) =>
      snapshots.peek(phaseKey(sessionKey, snapshot.asOf, phase), snapshot.asOf, after, asked, now),
  );
  return gathered && roundOf(snapshots, sessionKey, plan.checks, gathered.candidates).params;
}

/** Under which key a candidate's card is held: the conditions it was checked under. */
function cardKey(sessionKey: string, candidate: CardCandidate): string {
  return `${sessionKey}|${candidate.outerKm}|${candidate.id}`;
}

/** A round of card checks: the cards the session holds, and the parameters of its statement. */
interface Round {
  checks: CardChecks;
  candidates: readonly CardCandidate[];
  held: ReadonlyMap<string, CheckedCard>;
  params: CardParams;
}

function roundOf(
  snapshots: DiscoverSnapshots,
  sessionKey: string,
  checks: CardChecks,
  candidates: readonly CardCandidate[],
): Round {
  const held = new Map<string, CheckedCard>();
  const toRead: CardCandidate[] = [];
  for (const candidate of candidates) {
    const card = snapshots.heldCard(cardKey(sessionKey, candidate));
    if (card) held.set(candidate.id, card);
    else toRead.push(candidate);
  }
  return { checks, candidates, held, params: cardParams(checks, toRead, [...held.keys()]) };
}

const NOTHING_CHECKED: CheckedMembers = { cards: new Map(), held: new Map() };

/**
 * The cards of a round's members who may be shown: those read whole, and the held ones whose
 * member's `card_version` is still theirs (with the member's `users` row as it is now); a member
 * whose card changed since is read whole again. The cards read whole are held for the session.
 */
async function cardsOfRound(
  context: AppContext,
  viewerId: string,
  at: Date,
  sessionKey: string,
  round: Round,
  checked: CheckedMembers,
): Promise<Map<string, CheckedCard>> {
  const readWhole = new Map(checked.cards);
  const cards = new Map(checked.cards);
  const changed: CardCandidate[] = [];
  for (const candidate of round.candidates) {
    const member = checked.held.get(candidate.id);
    const card = round.held.get(candidate.id);
    if (!member || !card) continue;
    if (member.cardVersion === card.cardVersion) cards.set(candidate.id, { ...card, ...member });
    else changed.push(candidate);
  }
  if (changed.length > 0) {
    const params = cardParams(round.checks, changed, []);
    for (const [id, card] of (await viewerWithCards(context.db, viewerId, at, params)).cards) {
      cards.set(id, card);
      readWhole.set(id, card);
    }
  }
  const snapshots = snapshotsOf(context);
  for (const candidate of round.candidates) {
    const card = readWhole.get(candidate.id);
    if (card) snapshots.holdCard(cardKey(sessionKey, candidate), card);
  }
  return cards;
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
  const snapshots = snapshotsOf(context);
  const at = start.after ? start.asOf : now;
  // A page of a paging session the process holds: the cards of its first round are read with the
  // viewer, and kept when the viewer is unchanged and the round checks the same members.
  const foreseen = await foreseenCards(context, viewerId, query, start, now);
  const read = await viewerWithCards(context.db, viewerId, at, foreseen ?? NO_CARDS);
  const viewer = read.viewer;
  snapshots.rememberViewer(viewerId, viewer);
  // Equal parameters, equal cards: what was read ahead is used only for the very same round.
  let readAhead = foreseen && { key: JSON.stringify(foreseen), checked: read };
  assertMayFilterByDistance(viewer.place, query.maxDistanceKm);

  const phases = phasesFor(viewer.place, query.maxDistanceKm);
  if (start.phase >= phases.length) throw badRequest(DISCOVER_MESSAGES.invalidCursor);
  const sessionKey = sessionKeyOf(viewerId, viewer, query);
  const snapshot = start.after
    ? { asOf: start.asOf, boostedIds: viewer.boostedIds }
    : snapshots.firstPage(sessionKey, now, viewer.boostedIds);
  const plan: PagePlan = {
    phases,
    snapshot,
    checks: checksFor(viewerId, viewer, query, snapshot.asOf, now),
  };
  const ranked = (phase: number, after: RankedMember | undefined, count: number) =>
    snapshots.next(
      phaseKey(sessionKey, snapshot.asOf, phase),
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
          filters: plan.checks.filters,
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
  let reading: Reading = { phase: start.phase, after: start.after };
  while (rows.length <= query.limit && reading.phase < phases.length) {
    const wanted = query.limit + 1 - rows.length;
    const gathered = (await gatherCandidates(plan, reading, wanted + CHECK_SLACK, ranked))!;
    reading = gathered.next;
    const { candidates } = gathered;
    const phaseOf = new Map(candidates.map((candidate) => [candidate.id, candidate.phase]));
    const round = roundOf(snapshots, sessionKey, plan.checks, candidates);
    const checked =
      readAhead && readAhead.key === JSON.stringify(round.params)
        ? readAhead.checked
        : candidates.length === 0
          ? NOTHING_CHECKED
          : await viewerWithCards(context.db, viewerId, at, round.params);
    readAhead = undefined;
    const roundCards = await cardsOfRound(context, viewerId, at, sessionKey, round, checked);
    const cards = cardsInOrder(roundCards, candidates);
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

/** A verification's time where only whether it is done matters (the badge's rule is the users'). */
const DONE = new Date(0);

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
    verifiedBadge: hasVerifiedBadge({
      emailVerifiedAt: row.emailVerified ? DONE : null,
      totpEnabledAt: row.totpEnabled ? DONE : null,
      phoneVerifiedAt: row.phoneVerified ? DONE : null,
    }),
    photoVerified: row.photoVerified,
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
