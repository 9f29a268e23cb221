import type { Gender, Interest, Sexuality } from '@kindred/contracts';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  notInArray,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { boosts, photos, privacySettings, profileLikes, profiles, users } from '../../db/schema.js';
import { matchedWithWhere, notPassedEitherWay } from '../matches/index.js';
import { searchableMembersWhere, visibleMembersWhere } from '../users/index.js';
import { cellInRanges, cellRangesWithin, distanceKm } from './geo-grid.js';

/** The queries behind Discover and boosts (this feature is the only writer of `boosts`). */

export interface Place {
  latitude: number;
  longitude: number;
}

/** What a Discover page needs first: the viewer's place and interests, and the running boosts. */
export interface ViewerAndBoosts {
  /** Null without a profile or coordinates. */
  place: Place | null;
  interests: Interest[];
  /** The members with a boost running at the time asked that began before it. */
  boostedIds: string[];
}

export interface DiscoverFilters {
  ageMin?: number;
  ageMax?: number;
  genders?: readonly Gender[];
  sexualities?: readonly Sexuality[];
  /** Members sharing at least one of these. */
  interests?: readonly Interest[];
  /** Signed in since this time. */
  activeSince?: Date;
  /** Photo-verified members only. */
  photoVerifiedOnly?: boolean;
}

/**
 * Which part of the order a query reads: the members boosted at `asOf` (any distance within the
 * filter), or one distance band of the others — `(innerKm, outerKm]` from the viewer, with members
 * whose place is unknown in the band without an outer edge.
 */
export type Phase =
  | { kind: 'boosted'; maxKm: number | null }
  | { kind: 'band'; innerKm: number | null; outerKm: number | null };

/** Which part of one phase's order to read (see `rankedMembers`). */
export interface RankedRead {
  viewerId: string;
  /** The paging session's snapshot time (its first page's now): recent activity is read at it. */
  asOf: Date;
  /** The members boosted at `asOf` (`boostedMemberIds`). */
  boostedIds: readonly string[];
  origin: Place | null;
  viewerInterests: readonly Interest[];
  filters: DiscoverFilters;
  phase: Phase;
  /** The place after which to read, in this phase. */
  after?: RankedMember;
  limit: number;
}

/**
 * The score, in points (higher first; ties by id). Nearer is better (50 points next door, fading
 * with the logarithm of the distance), every interest in common adds 10, and a sign-in within a
 * day adds 20, within a week 10, within a month 5. Distance bands come before the score (see the
 * service), so the points order members within a band.
 */
export const SCORE = {
  distanceMax: 50,
  distanceFade: 5,
  perInterestInCommon: 10,
  activeWithinDay: 20,
  activeWithinWeek: 10,
  activeWithinMonth: 5,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

function timeParam(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/**
 * SQL: the pair has not already been decided — neither passed the other since `since` and they
 * are not a match (matches' front door), and the viewer has not liked the member (a like waits
 * for its answer; a pass replaces it). Each a primary-key lookup.
 */
function undecidedWith(viewerId: Placeholder, since: Placeholder): SQL {
  return sql`${notPassedEitherWay(viewerId, users.id, since)}
    and not ${matchedWithWhere(viewerId, users.id)}
    and not exists (select 1 from ${profileLikes} where ${profileLikes.likerId} = ${viewerId}::uuid and ${profileLikes.likedId} = ${users.id})`;
}

/**
 * SQL: how many of the profile's interests the viewer shares — each of the viewer's interests
 * counted where it occurs (`array_positions`), a plain expression rather than a subquery per row.
 */
function interestsInCommon(viewerInterests: readonly Interest[]): SQL {
  const distinct = [...new Set(viewerInterests)];
  if (distinct.length === 0) return sql`0`;
  return sql`(${sql.join(
    distinct.map(
      (interest) =>
        sql`coalesce(cardinality(array_positions(${profiles.interests}, ${interest}::text)), 0)`,
    ),
    sql` + `,
  )})`;
}

/** The filters on a profile's own columns. */
function profileFilterConditions(filters: DiscoverFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.ageMin !== undefined) conditions.push(sql`${profiles.age} >= ${filters.ageMin}`);
  if (filters.ageMax !== undefined) conditions.push(sql`${profiles.age} <= ${filters.ageMax}`);
  if (filters.genders?.length) {
    conditions.push(sql`${profiles.gender} = any(${textArray(filters.genders)})`);
  }
  if (filters.sexualities?.length) {
    conditions.push(sql`${profiles.sexuality} = any(${textArray(filters.sexualities)})`);
  }
  if (filters.interests?.length) {
    conditions.push(sql`${profiles.interests} && ${textArray(filters.interests)}`);
  }
  return conditions;
}

/** The filters on the member's account (`users`). */
function memberFilterConditions(filters: DiscoverFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.photoVerifiedOnly) conditions.push(sql`${users.photoVerifiedAt} is not null`);
  if (filters.activeSince) {
    conditions.push(sql`${users.lastLoginAt} >= ${timeParam(filters.activeSince)}`);
  }
  return conditions;
}

/** A place in one phase's order: a ranked member's score and id (ties by id). */
export interface RankedMember {
  id: string;
  score: number;
}

/** SQL: the distance in km from the viewer's place to the profile's (null without either). */
function distanceFrom(origin: Place | null): SQL<number | null> {
  return origin
    ? distanceKm(origin.latitude, origin.longitude, profiles.latitude, profiles.longitude)
    : sql<number | null>`null::float8`;
}

/** How far from the viewer a phase reaches, in km (null: no limit). */
export function outerKmOf(phase: Phase): number | null {
  return phase.kind === 'boosted' ? phase.maxKm : phase.outerKm;
}

/** SQL: within the phase's outer edge, when it has one. */
function withinPhase(origin: Place | null, phase: Phase): SQL | undefined {
  const outerKm = outerKmOf(phase);
  return origin && outerKm !== null ? sql`${distanceFrom(origin)} <= ${outerKm}` : undefined;
}

/**
 * One phase's order from `after` on, at most `limit` members: (score DESC, id ASC), on the
 * columns of `profiles` and each candidate's `users` row only. The filters, the place and the
 * viewer are applied here; whether a member may be shown (visible, searchable, undecided, a
 * profile picture) is `checkedCards`' part, at the time of each page. With a place, a band is
 * read through the grid index (`profiles_geo_cell`) and the exact distance; the `limit` makes the
 * sort a bounded top-N one.
 */
export async function rankedMembers(db: Executor, page: RankedRead): Promise<RankedMember[]> {
  const { origin, phase } = page;
  const km = distanceFrom(origin);
  const asOf = page.asOf.getTime();

  // Each candidate's account by primary key (a LATERAL subquery with `limit 1`): a dense band's
  // few thousand lookups cost less than the hash join over every member the planner would pick.
  const member = db
    .select({ id: users.id, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(
      and(
        sql`${users.id} = ${profiles.userId}`,
        sql`${users.id} <> ${page.viewerId}::uuid`,
        ...memberFilterConditions(page.filters),
      ),
    )
    .limit(1)
    .as('member');

  const score = sql<number>`(
    ${origin ? sql`coalesce(greatest(0, ${SCORE.distanceMax} - floor(${SCORE.distanceFade} * ln(1 + ${km}))), 0)` : sql`0`}
    + ${SCORE.perInterestInCommon} * ${interestsInCommon(page.viewerInterests)}
    + case
        when ${member.lastLoginAt} > ${timeParam(new Date(asOf - DAY_MS))} then ${SCORE.activeWithinDay}
        when ${member.lastLoginAt} > ${timeParam(new Date(asOf - 7 * DAY_MS))} then ${SCORE.activeWithinWeek}
        when ${member.lastLoginAt} > ${timeParam(new Date(asOf - 30 * DAY_MS))} then ${SCORE.activeWithinMonth}
        else 0
      end
  )::int`;

  // What the band's rows answer by themselves: place, filters, boosts.
  const conditions: SQL[] = [...profileFilterConditions(page.filters)];
  if (phase.kind === 'boosted') {
    conditions.push(inArray(profiles.userId, [...page.boostedIds]));
    const within = withinPhase(origin, phase);
    if (within) conditions.push(within);
  } else {
    if (page.boostedIds.length > 0) {
      conditions.push(notInArray(profiles.userId, [...page.boostedIds]));
    }
    if (origin && phase.outerKm !== null) {
      const ranges = cellRangesWithin(origin.latitude, origin.longitude, phase.outerKm);
      conditions.push(cellInRanges(profiles.geoCell, ranges), sql`${km} <= ${phase.outerKm}`);
    }
    if (origin && phase.innerKm !== null) {
      conditions.push(
        phase.outerKm === null
          ? sql`(${profiles.geoCell} is null or ${km} > ${phase.innerKm})`
          : sql`${km} > ${phase.innerKm}`,
      );
    }
  }

  const scored = db
    .select({ id: member.id, score: score.as('score') })
    .from(profiles)
    .crossJoinLateral(member)
    .where(and(...conditions))
    .as('scored');

  const after = page.after;
  return db
    .select()
    .from(scored)
    .where(
      after
        ? sql`(${scored.score} < ${after.score} or (${scored.score} = ${after.score} and ${scored.id} > ${after.id}::uuid))`
        : undefined,
    )
    .orderBy(desc(scored.score), asc(scored.id))
    .limit(page.limit);
}

export interface CardChecks {
  viewerId: string;
  /** Now: passes are counted back from it. */
  now: Date;
  passHiddenMs: number;
  origin: Place | null;
  filters: DiscoverFilters;
}

/** A ranked member to check, with the outer edge of the phase it was ranked in (null: none). */
export interface CardCandidate extends RankedMember {
  outerKm: number | null;
}

/**
 * What a card shows from the member's `users` row, read at every page (with the checks on that
 * row), and the row's `card_version`: whether the rest of a card read before is still as it was.
 */
export interface MemberPart {
  id: string;
  firstName: string;
  /** Which of the account's verifications are done (a card shows no times). */
  emailVerified: boolean;
  totpEnabled: boolean;
  phoneVerified: boolean;
  photoVerified: boolean;
  cardVersion: number;
}

/** What a card shows from the profile, the profile picture and the privacy settings. */
export interface ProfilePart {
  age: number;
  gender: Gender;
  sexuality: Sexuality;
  city: string | null;
  interests: string[];
  storageKey: string;
  thumbnailKey: string;
  showLocation: boolean;
  km: number | null;
}

/** A checked card: what the presenter needs of a member who may be shown. */
export type CheckedCard = MemberPart & ProfilePart;

/** A checked card with the member's score. */
export interface CandidateRow extends CheckedCard {
  score: number;
}

/** The page statement's columns of a card, one JSON array per card in this order. */
type MemberTuple = [
  id: string,
  firstName: string,
  emailVerified: boolean,
  totpEnabled: boolean,
  phoneVerified: boolean,
  photoVerified: boolean,
  cardVersion: number,
];
type ProfileTuple = [
  age: number,
  gender: Gender,
  sexuality: Sexuality,
  city: string | null,
  interests: string[],
  storageKey: string,
  thumbnailKey: string,
  showLocation: boolean,
  km: number | null,
];
type CardTuple = [...MemberTuple, ...ProfileTuple];
const MEMBER_COLUMNS = 7;

function memberPart(tuple: MemberTuple): MemberPart {
  const [id, firstName, emailVerified, totpEnabled, phoneVerified, photoVerified, cardVersion] =
    tuple;
  return { id, firstName, emailVerified, totpEnabled, phoneVerified, photoVerified, cardVersion };
}

function checkedCard(tuple: CardTuple): CheckedCard {
  const [age, gender, sexuality, city, interests, storageKey, thumbnailKey, showLocation, km] =
    tuple.slice(MEMBER_COLUMNS) as ProfileTuple;
  return {
    ...memberPart(tuple.slice(0, MEMBER_COLUMNS) as MemberTuple),
    age,
    gender,
    sexuality,
    city,
    interests,
    storageKey,
    thumbnailKey,
    showLocation,
    km,
  };
}

/**
 * A page's one statement, prepared once per database: the viewer's profile (`profiles_pkey`; none
 * before a profile), the members with a boost running at `at` that began before it (a handful at
 * any time, 30 minutes each, read from `boosts_ends_at`), and the ranked members who may be shown
 * (see `viewerWithCards`), as JSON values: whole cards for `ids`, and for `heldIds` — members
 * whose card the paging session holds — only their `users` row. A boost that begins in the very
 * millisecond a list is first read counts from the next list, never half-way through this one
 * (its later pages would skip the member). One SQL text whatever the filters (a filter not set is
 * a NULL parameter): building and planning it per request was most of a page's work, and a page
 * served from its paging session needs no other statement (service.ts reads the cards with the
 * viewer it saw last, and keeps them when the viewer is unchanged).
 */
function preparePageQuery(db: Database) {
  const p = {
    viewerId: sql.placeholder('viewerId'),
    at: sql.placeholder('at'),
    ids: sql.placeholder('ids'),
    outerKms: sql.placeholder('outerKms'),
    heldIds: sql.placeholder('heldIds'),
    passesSince: sql.placeholder('passesSince'),
    latitude: sql.placeholder('latitude'),
    longitude: sql.placeholder('longitude'),
    ageMin: sql.placeholder('ageMin'),
    ageMax: sql.placeholder('ageMax'),
    genders: sql.placeholder('genders'),
    sexualities: sql.placeholder('sexualities'),
    interests: sql.placeholder('interests'),
    photoVerifiedOnly: sql.placeholder('photoVerifiedOnly'),
    activeSince: sql.placeholder('activeSince'),
  };
  const km = distanceKm(p.latitude, p.longitude, profiles.latitude, profiles.longitude);
  // The member's own row: shown on the card, and checked at every page.
  const memberColumns = {
    id: users.id,
    firstName: users.firstName,
    emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.as('email_verified'),
    totpEnabled: sql<boolean>`${users.totpEnabledAt} is not null`.as('totp_enabled'),
    phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null`.as('phone_verified'),
    photoVerified: sql<boolean>`${users.photoVerifiedAt} is not null`.as('photo_verified'),
    cardVersion: users.cardVersion,
  };
  const mayBeShown = (id: SQL) =>
    and(
      sql`${users.id} = ${id}`,
      sql`${users.id} <> ${p.viewerId}::uuid`,
      visibleMembersWhere(p.viewerId),
      searchableMembersWhere(),
      undecidedWith(p.viewerId, p.passesSince),
      sql`(not ${p.photoVerifiedOnly}::boolean or ${users.photoVerifiedAt} is not null)`,
      sql`(${p.activeSince}::timestamptz is null or ${users.lastLoginAt} >= ${p.activeSince}::timestamptz)`,
    );
  const memberArray = (row: Record<keyof typeof memberColumns, SQLWrapper | AnyColumn>) =>
    sql`${row.id}, ${row.firstName}, ${row.emailVerified}, ${row.totpEnabled},
      ${row.phoneVerified}, ${row.photoVerified}, ${row.cardVersion}`;

  // Each ranked member by id (a LATERAL subquery with `limit 1` per id of the list: lookups by
  // primary key whatever the planner estimates for a list of ids), with its phase's outer edge.
  // The lists are read through functions estimated at a page's size (migration 0030), not
  // `unnest`, whose estimate for an array parameter had the statement planned at every page
  // (`query-plans.test.ts`, "keeps one plan").
  const rankedId = sql`"ranked"."id"`;
  const outerKm = sql`"ranked"."outer_km"`;
  const card = db
    .select({
      ...memberColumns,
      age: profiles.age,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      city: profiles.city,
      interests: profiles.interests,
      storageKey: photos.storageKey,
      thumbnailKey: photos.thumbnailKey,
      showLocation: sql<boolean>`coalesce(${privacySettings.showLocation}, true)`.as(
        'show_location',
      ),
      km: sql<number | null>`${km}`.as('km'),
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(photos, and(eq(photos.userId, users.id), eq(photos.position, 0)))
    .leftJoin(privacySettings, eq(privacySettings.userId, users.id))
    .where(
      and(
        mayBeShown(rankedId),
        sql`(${p.ageMin}::int is null or ${profiles.age} >= ${p.ageMin}::int)`,
        sql`(${p.ageMax}::int is null or ${profiles.age} <= ${p.ageMax}::int)`,
        sql`(${p.genders}::text[] is null or ${profiles.gender} = any(${p.genders}::text[]))`,
        sql`(${p.sexualities}::text[] is null or ${profiles.sexuality} = any(${p.sexualities}::text[]))`,
        sql`(${p.interests}::text[] is null or ${profiles.interests} && ${p.interests}::text[])`,
        sql`(${outerKm} is null or ${km} <= ${outerKm})`,
      ),
    )
    .limit(1)
    .as('card');
  // The cards as one JSON array of arrays (CardTuple): one value to read instead of a row per
  // card, whose columns the driver and the ORM would each convert; the verifications as whether
  // they are done, not when (formatting four times per card cost PostgreSQL more than the rest).
  const cards = sql<CardTuple[]>`(select coalesce(json_agg(json_build_array(${memberArray(card)},
      ${card.age}, ${card.gender}, ${card.sexuality}, ${card.city}, ${card.interests},
      ${card.storageKey}, ${card.thumbnailKey}, ${card.showLocation}, ${card.km})), '[]'::json)
    from discover_ranked_list(${p.ids}::uuid[], ${p.outerKms}::float8[]) as ranked(id, outer_km)
    cross join lateral ${card})`;
  // A held card's member: the `users` row alone, by primary key.
  const heldId = sql`"held"."id"`;
  const member = db
    .select(memberColumns)
    .from(users)
    .where(mayBeShown(heldId))
    .limit(1)
    .as('member');
  const held = sql<
    MemberTuple[]
  >`(select coalesce(json_agg(json_build_array(${memberArray(member)})), '[]'::json)
    from discover_held_list(${p.heldIds}::uuid[]) as held(id)
    cross join lateral ${member})`;
  return db
    .select({
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      interests: profiles.interests,
      boostedIds: sql<
        string[]
      >`array(select distinct ${boosts.userId}::text from ${boosts} where ${boosts.endsAt} > ${p.at}::timestamptz and ${boosts.startedAt} < ${p.at}::timestamptz)`,
      cards,
      held,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(profiles, sql`${profiles.userId} = ${p.viewerId}::uuid`)
    .prepare('discover_page');
}

const pageQueries = new WeakMap<Database, ReturnType<typeof preparePageQuery>>();

/** A list filter as a parameter: NULL when not filtering. */
function listParam(values: readonly string[] | undefined): string[] | null {
  return values?.length ? [...values] : null;
}

/**
 * The parameters of a round of card checks: whole cards for `toRead`, the `users` row for
 * `heldIds`. Equal parameters, equal answers (at the same moment), which is how service.ts knows
 * that cards read ahead of the viewer are the ones it needs.
 */
export function cardParams(
  checks: CardChecks,
  toRead: readonly CardCandidate[],
  heldIds: readonly string[],
) {
  const { filters, origin } = checks;
  return {
    ids: toRead.map((member) => member.id),
    // Without a place there is no distance to keep within (it would be NULL, and fail the check).
    outerKms: toRead.map((member) => (origin ? member.outerKm : null)),
    heldIds: [...heldIds],
    passesSince: new Date(checks.now.getTime() - checks.passHiddenMs).toISOString(),
    latitude: origin?.latitude ?? null,
    longitude: origin?.longitude ?? null,
    ageMin: filters.ageMin ?? null,
    ageMax: filters.ageMax ?? null,
    genders: listParam(filters.genders),
    sexualities: listParam(filters.sexualities),
    interests: listParam(filters.interests),
    photoVerifiedOnly: filters.photoVerifiedOnly === true,
    activeSince: filters.activeSince?.toISOString() ?? null,
  };
}

export type CardParams = ReturnType<typeof cardParams>;

/** No cards to check: the page statement reads the viewer and the running boosts only. */
export const NO_CARDS: CardParams = {
  ids: [],
  outerKms: [],
  heldIds: [],
  passesSince: new Date(0).toISOString(),
  latitude: null,
  longitude: null,
  ageMin: null,
  ageMax: null,
  genders: null,
  sexualities: null,
  interests: null,
  photoVerifiedOnly: false,
  activeSince: null,
};

/** What a round of checks answers, keyed by member: those who may be shown. */
export interface CheckedMembers {
  /** Whole cards, of the members read whole. */
  cards: ReadonlyMap<string, CheckedCard>;
  /** The `users` row part, of the members whose card is held. */
  held: ReadonlyMap<string, MemberPart>;
}

/**
 * One statement: the viewer and the members boosted at `at` (see `preparePageQuery`), and of the
 * ranked members in `params`, those who may be shown now: visible to the viewer, searchable, a
 * pair not yet decided, meeting the filters on their account. Of `ids`, also a profile picture,
 * the filters on the profile and the distance of the phase each was ranked in (a member's change
 * since the order was read never shows them where they no longer belong): whole cards. Of
 * `heldIds`, only the `users` row: its `cardVersion` says whether a card held from an earlier
 * check is still the member's. Primary-key and index lookups for the given members only, never a
 * band; members of several phases at once.
 */
export async function viewerWithCards(
  db: Database,
  viewerId: string,
  at: Date,
  params: CardParams,
): Promise<{ viewer: ViewerAndBoosts } & CheckedMembers> {
  let query = pageQueries.get(db);
  if (!query) {
    query = preparePageQuery(db);
    pageQueries.set(db, query);
  }
  const [row] = await query.execute({ ...params, viewerId, at: at.toISOString() });
  const place =
    row?.latitude != null && row.longitude != null
      ? { latitude: row.latitude, longitude: row.longitude }
      : null;
  return {
    viewer: {
      place,
      interests: (row?.interests ?? []) as Interest[],
      boostedIds: row?.boostedIds ?? [],
    },
    cards: new Map((row?.cards ?? []).map((tuple) => [tuple[0], checkedCard(tuple)])),
    held: new Map((row?.held ?? []).map((tuple) => [tuple[0], memberPart(tuple)])),
  };
}

/** The checked cards of the candidates, in their order, with their scores. */
export function cardsInOrder(
  cards: ReadonlyMap<string, CheckedCard>,
  candidates: readonly CardCandidate[],
): CandidateRow[] {
  return candidates.flatMap((member) => {
    const row = cards.get(member.id);
    return row ? [{ ...row, score: member.score }] : [];
  });
}

/** The member's latest boost. */
export async function latestBoost(db: Executor, memberId: string) {
  const [row] = await db
    .select({ startedAt: boosts.startedAt, endsAt: boosts.endsAt })
    .from(boosts)
    .where(eq(boosts.userId, memberId))
    .orderBy(desc(boosts.startedAt))
    .limit(1);
  return row;
}

export async function insertBoost(
  db: Executor,
  memberId: string,
  startedAt: Date,
  endsAt: Date,
): Promise<void> {
  await db.insert(boosts).values({ userId: memberId, startedAt, endsAt });
}
