import { and, asc, count, eq, isNotNull, like, ne, or, sql } from 'drizzle-orm';
import { SEARCH_LIMITS } from '@kindred/contracts';
import type { Executor } from '../../db/client.js';
import { photos, posts, profiles, users } from '../../db/schema.js';
import { nameSearchColumns, searchKey } from './names.js';
import { memberSummaryColumns, profilePictureJoin } from './summary.js';
import { mentionAllowedWhere, searchableMembersWhere } from './privacy-settings.js';
import { searchPriorityRank } from './subscription.js';
import { visibleMembersWhere } from './visibility.js';

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

/** `\`, `%` and `_` are LIKE wildcards (backslash is PostgreSQL's default escape character). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Prefix match on "first last" (which covers the first name and the full name) or on the last
 * name alone, over the normalized columns: both have a text_pattern_ops btree index, so a
 * `LIKE 'prefix%'` is an index range scan (a BitmapOr of the two) whatever the database collation.
 */
export function nameMatches(query: string) {
  const pattern = `${escapeLike(searchKey(query))}%`;
  return or(like(users.nameSearch, pattern), like(users.lastNameSearch, pattern))!;
}

/** Members the searcher may see, other than the searcher, who let themselves be found, whose names match. */
export function searchCondition(query: string, searcherId: string) {
  return and(
    visibleMembersWhere(searcherId),
    ne(users.id, searcherId),
    searchableMembersWhere(),
    nameMatches(query),
  )!;
}

export interface SearchPage {
  query: string;
  searcherId: string;
  limit: number;
  offset: number;
  /** Mention suggestions: only members who accept a mention from the searcher. */
  mentionable?: boolean;
}

/** One page of matches, in a stable order (name, then id), with each member's profile thumbnail. */
export function searchMembersQuery(db: Executor, page: SearchPage) {
  return (
    db
      .select(memberSummaryColumns)
      .from(users)
      .leftJoin(photos, profilePictureJoin)
      .where(
        and(
          searchCondition(page.query, page.searcherId),
          page.mentionable ? mentionAllowedWhere(page.searcherId, users.id) : undefined,
        ),
      )
      // Member search puts plans with priority in search first (mention suggestions do not);
      // then byte order ("C"), so the order is the same whatever the database's collation.
      .orderBy(
        ...(page.mentionable ? [] : [searchPriorityRank()]),
        sql`${users.nameSearch} COLLATE "C"`,
        asc(users.id),
      )
      .limit(page.limit)
      .offset(page.offset)
  );
}

/**
 * Matches counted up to `cap + 1` (the extra one says there are more): the count stops reading
 * there, instead of visiting every member whose name starts with two letters (issue 18).
 */
export function countMatchingMembersQuery(
  db: Executor,
  query: string,
  searcherId: string,
  cap: number = SEARCH_LIMITS.countCap,
) {
  const matches = db
    .select({ id: users.id })
    .from(users)
    .where(searchCondition(query, searcherId))
    .limit(cap + 1)
    .as('matches');
  return db.select({ total: count() }).from(matches);
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
