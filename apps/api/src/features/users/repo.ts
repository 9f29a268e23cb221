import {
  and,
  asc,
  eq,
  isNotNull,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { SEARCH_LIMITS } from '@kindred/contracts';
import type { Database, Executor } from '../../db/client.js';
import { photos, posts, profiles, users } from '../../db/schema.js';
import { nameSearchColumns, searchKey } from './names.js';
import { memberSummaryColumns, profilePictureJoin } from './summary.js';
import { mentionAllowedWhere, searchableMembersWhere } from './privacy-settings.js';
import { otherVisibleMembersWhere, visibleMembersWhere, type ViewerId } from './visibility.js';

export type { Executor };

export type UserRow = typeof users.$inferSelect;

/**
 * Locks the member's row for the rest of the transaction. Everything that counts or reorders a
 * member's photos, or changes their account, takes this lock first, so two parallel requests of the
 * same member run one after the other (two uploads cannot both see "5 photos").
 */
export async function lockMember(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Changes the member's names and the search keys kept in step with them. */
export async function saveMemberNames(
  tx: Executor,
  userId: string,
  names: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      firstName: names.firstName,
      lastName: names.lastName,
      ...nameSearchColumns(names.firstName, names.lastName),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** The member and their profile (null until created), if `viewerId` may see them. */
export async function findVisibleMemberWithProfile(db: Executor, viewerId: string, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), visibleMembersWhere(viewerId)));
  return row;
}

export interface PhotoKeys {
  storageKey: string;
  thumbnailKey: string;
}

/** The member's photos, profile picture first. */
export async function photosOf(db: Executor, userId: string) {
  return db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/**
 * The names that start with a search key, as a range of the key's byte order ("C"): from the key
 * up to, not including, the key with its last character moved one code point on. UTF-8 keeps code
 * point order, so the range holds exactly the names with that prefix. A range (unlike `LIKE
 * 'key%'`) is an index range even when the key is a parameter, so the search statements keep one
 * plan for every prefix (see PLANNED_ONCE).
 */
export interface NameRange {
  from: string | Placeholder;
  to: string | Placeholder;
}

const LAST_CODE_POINT = 0x10ffff;

export function nameRange(key: string): NameRange {
  const chars = [...key];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < LAST_CODE_POINT) {
      // The surrogates are no characters: the one after U+D7FF is U+E000.
      const next = last === 0xd7ff ? 0xe000 : last + 1;
      return { from: key, to: chars.join('') + String.fromCodePoint(next) };
    }
  }
  // A key made only of U+10FFFF has no such successor: this bound misses only longer runs of it.
  return { from: key, to: `${key}${String.fromCodePoint(LAST_CODE_POINT)}` };
}

/** `key` (a column in byte order, COLLATE "C") lies in the range. */
function inRange(key: SQL, range: NameRange) {
  return sql`(${key} >= ${range.from} and ${key} < ${range.to})`;
}

function queryRange(query: string): NameRange {
  return nameRange(searchKey(query));
}

/**
 * Members the searcher may see, other than the searcher, who let themselves be found: clauses
 * joined by AND that include the predicate of the search indexes (members in use who may be
 * found), so a search reads those partial indexes and nobody else.
 */
function findableBy(searcherId: ViewerId) {
  return and(otherVisibleMembersWhere(searcherId), searchableMembersWhere())!;
}

export interface SearchPage {
  query: string;
  searcherId: string;
  limit: number;
  offset: number;
  /** Mention suggestions: only members who accept a mention from the searcher. */
  mentionable?: boolean;
}

/** What a search statement is built from: values, or placeholders of a prepared statement. */
interface SearchInputs {
  searcherId: ViewerId;
  range: NameRange;
  take: number | Placeholder;
  mentionable: boolean;
}

function searchInputs(page: SearchPage, take: number): SearchInputs {
  return {
    searcherId: page.searcherId,
    range: queryRange(page.query),
    take,
    mentionable: page.mentionable ?? false,
  };
}

// Byte order ("C"): the same whatever the database's collation, and the order of the indexes.
const fullNameKey = sql`${users.nameSearch} COLLATE "C"`;
const lastNameKey = sql`${users.lastNameSearch} COLLATE "C"`;

/**
 * The members of one search group: of one rank, whose "first last" (`byLastName: false`) or,
 * failing that, last name (`true`) starts with the query. Each group is a range of one of the
 * search indexes (users_search_full_name / users_search_last_name), which hold only members who
 * may be found by anyone, and hold the name keys and id: what is left to check of a member read
 * there — not the searcher, no block either way — needs no table row.
 */
function inGroup(inputs: SearchInputs, rank: 0 | 1, byLastName: boolean) {
  return and(
    eq(users.searchRank, rank),
    inRange(byLastName ? lastNameKey : fullNameKey, inputs.range),
    byLastName ? sql`not ${inRange(fullNameKey, inputs.range)}` : undefined,
    findableBy(inputs.searcherId),
  )!;
}

const SEARCH_GROUPS = [
  [0, false],
  [0, true],
  [1, false],
  [1, true],
] as const;

/**
 * The matches of one search group, the first `take` in the page's order: a range of its index
 * read in index order, stopping after `take` findable members — never every member whose name
 * starts with two letters (issue 18).
 */
function rankedMatches(db: Executor, inputs: SearchInputs, rank: 0 | 1, byLastName: boolean) {
  return db
    .select({
      id: users.id,
      rank: sql<number>`${users.searchRank}`.as('rank'),
      byLastName: sql<number>`${sql.raw(byLastName ? '1' : '0')}`.as('by_last_name'),
      sortKey: sql<string>`${byLastName ? users.lastNameSearch : users.nameSearch}`.as('sort_key'),
      tieKey: sql<string>`${byLastName ? users.nameSearch : sql.raw(`''`)}`.as('tie_key'),
    })
    .from(users)
    .where(
      and(
        inGroup(inputs, rank, byLastName),
        inputs.mentionable ? mentionAllowedWhere(inputs.searcherId, users.id) : undefined,
      ),
    )
    .orderBy(...(byLastName ? [lastNameKey, fullNameKey] : [fullNameKey]), asc(users.id))
    .limit(inputs.take);
}

/**
 * The number of matches, counted up to `countTake` (the cap and one more, which says there are
 * more): the four groups' index ranges one after the other, each an index-only scan that checks
 * the searcher's two block lists (hashed) on the id it reads, stopping when `countTake` are
 * counted. Its cost is that of at most `countTake` index entries, whatever the prefix and however
 * many members there are; it read up to 1,001 table rows (and the privacy setting of each) when
 * the indexes held every member (issue 18).
 */
function cappedCount(db: Executor, inputs: SearchInputs, countTake: number | Placeholder) {
  const [a, b, c, d] = SEARCH_GROUPS.map(([rank, byLastName]) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(inGroup(inputs, rank, byLastName)),
  );
  const counted = unionAll(a!, b!, c!, d!).limit(countTake).as('counted');
  return db.select({ total: sql<number>`count(*)::int`.as('total') }).from(counted);
}

/**
 * One page of matches with each member's profile thumbnail, in a stable order: members whose plan
 * has priority in search first (not for mention suggestions), then those whose "first last"
 * starts with the query by that name, then those matched by their last name alone by last name
 * and name, then id. Each of the four groups (rank × which name matched) is read in index order
 * and only as far as the page reaches, so a page costs the same for "ma" as for a full name.
 */
function pageQuery(
  db: Executor,
  inputs: SearchInputs,
  limit: number | Placeholder,
  offset: number | Placeholder,
  total?: SQL<number>,
) {
  const [a, b, c, d] = SEARCH_GROUPS.map(([rank, byLastName]) =>
    rankedMatches(db, inputs, rank, byLastName),
  );
  const matches = unionAll(a!, b!, c!, d!).as('matches');
  const order = (rows: Record<'rank' | 'byLastName' | 'sortKey' | 'tieKey' | 'id', SQLWrapper>) => [
    ...(inputs.mentionable ? [] : [asc(rows.rank)]),
    asc(rows.byLastName),
    sql`${rows.sortKey} COLLATE "C"`,
    sql`${rows.tieKey} COLLATE "C"`,
    asc(rows.id),
  ];
  // The page is cut from the groups' keys before any member row is read: the summaries and
  // thumbnails are looked up for its `limit` members only, not for every row the groups read
  // (4 x 50 for page 5), which made a deep page cost more on a bigger site.
  const shown = db
    .select({
      id: matches.id,
      rank: matches.rank,
      byLastName: matches.byLastName,
      sortKey: matches.sortKey,
      tieKey: matches.tieKey,
    })
    .from(matches)
    .orderBy(...order(matches))
    .limit(limit)
    .offset(offset)
    .as('shown');
  return db
    .select({ ...memberSummaryColumns, total: total ?? sql<number>`0` })
    .from(shown)
    .innerJoin(users, eq(users.id, shown.id))
    .leftJoin(photos, profilePictureJoin)
    .orderBy(...order(shown));
}

/** One page of matches (see `pageQuery`), built for these values. */
export function searchMembersQuery(db: Executor, page: SearchPage) {
  return pageQuery(db, searchInputs(page, page.offset + page.limit), page.limit, page.offset);
}

/**
 * The search statements are named, so PostgreSQL plans each once per connection: planning the
 * four ranked reads, the count and their joins cost more than running them (about 1.8 of 2.2 ms
 * of database CPU for a page of "ma" on the 100k-member benchmark, issue 18). The one plan serves
 * every prefix because names are matched as ranges (`nameRange`), which an index reads as a range
 * with the bounds as parameters; a `LIKE $1` is no index condition in a plan made before the
 * prefix is known, and such a plan read and sorted whole name ranges (20+ ms per search).
 */
const PLANNED_ONCE = { search: 'members_search', mention: 'members_mention_search' } as const;

/**
 * The search as one prepared statement per database (issue 18: the suggestions ran two statements
 * that the query builder rebuilt on every keystroke): the page, and on every row the number of
 * matches counted up to `cap + 1` (an init plan, run once). Mention suggestions have their own
 * statement, without the count.
 */
function prepareSearch(db: Database, mentionable: boolean) {
  const inputs: SearchInputs = {
    searcherId: sql.placeholder('searcherId'),
    range: { from: sql.placeholder('from'), to: sql.placeholder('to') },
    take: sql.placeholder('take'),
    mentionable,
  };
  const total = mentionable
    ? undefined
    : sql<number>`(${cappedCount(db, inputs, sql.placeholder('countTake'))})`;
  return pageQuery(db, inputs, sql.placeholder('limit'), sql.placeholder('offset'), total).prepare(
    mentionable ? PLANNED_ONCE.mention : PLANNED_ONCE.search,
  );
}

const preparedSearches = new WeakMap<
  Database,
  { search: ReturnType<typeof prepareSearch>; mention: ReturnType<typeof prepareSearch> }
>();

/** The search's prepared statement on this database (mention suggestions have their own). */
export function preparedSearch(db: Database, mentionable: boolean) {
  let prepared = preparedSearches.get(db);
  if (!prepared) {
    prepared = { search: prepareSearch(db, false), mention: prepareSearch(db, true) };
    preparedSearches.set(db, prepared);
  }
  return mentionable ? prepared.mention : prepared.search;
}

/** The values of the prepared search's placeholders for a page. */
export function searchStatementValues(page: SearchPage, cap: number = SEARCH_LIMITS.countCap) {
  const { searcherId, range, take } = searchInputs(page, page.offset + page.limit);
  return {
    searcherId,
    from: range.from,
    to: range.to,
    take,
    countTake: cap + 1,
    limit: page.limit,
    offset: page.offset,
  };
}

/**
 * One page of matches and, unless it is for mention suggestions, the number of matches up to the
 * cap (`total`: `cap + 1` says there are more; only meaningful when the page has rows).
 */
export async function runSearch(
  db: Database,
  page: SearchPage,
  cap: number = SEARCH_LIMITS.countCap,
) {
  return preparedSearch(db, page.mentionable ?? false).execute(searchStatementValues(page, cap));
}

/**
 * The search's count on its own (see `cappedCount`): matches counted up to `cap + 1`, the extra
 * one saying there are more.
 */
export function countMatchingMembersQuery(
  db: Executor,
  query: string,
  searcherId: string,
  cap: number = SEARCH_LIMITS.countCap,
) {
  return cappedCount(db, searchInputs({ query, searcherId, limit: 0, offset: 0 }, 0), cap + 1);
}

/** How many members match, up to the cap, and whether more do. */
export async function countMatchingMembers(
  db: Executor,
  query: string,
  searcherId: string,
): Promise<{ totalCount: number; totalCountCapped: boolean }> {
  const [row] = await countMatchingMembersQuery(db, query, searcherId);
  const total = row?.total ?? 0;
  return {
    totalCount: Math.min(total, SEARCH_LIMITS.countCap),
    totalCountCapped: total > SEARCH_LIMITS.countCap,
  };
}

/**
 * Every media key a member owns (photos, full and thumbnail; post media), for deleting the files.
 * A new kind of stored file also counts against the plan's storage (entitlements' storedMediaBytesOf).
 */
export async function mediaKeysOf(db: Executor, userId: string): Promise<string[]> {
  const photoRows = await db
    .select({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(eq(photos.userId, userId));
  const postRows = await db
    .select({ mediaKey: posts.mediaKey })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNotNull(posts.mediaKey)));
  return [
    ...photoRows.flatMap((row) => [row.storageKey, row.thumbnailKey]),
    ...postRows.flatMap((row) => (row.mediaKey ? [row.mediaKey] : [])),
  ];
}
