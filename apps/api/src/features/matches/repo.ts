import { and, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import {
  matches,
  photos,
  privacySettings,
  profileLikes,
  profilePasses,
  profileVisits,
  profiles,
  users,
} from '../../db/schema.js';
import { visibleMemberJoin, visibleMembersWhere } from '../users/index.js';
import { matchedWithWhere, orderedPair } from './pairs.js';

/** Data access of likes, passes, matches and visits; every member read goes through visibility. */

export interface PageRequest {
  after: Keyset | undefined;
  limit: number;
}

/** One listed member: their id and the time the list is ordered by (keyset text). */
export interface ListedMember {
  id: string;
  keysetTime: string;
}

// ---------------------------------------------------------------------------------------------
// Targets and cards

/** The member exists for `viewerId` (visible: active, verified, no block either way) with a profile. */
export async function profiledMemberVisibleTo(
  db: Executor,
  viewerId: string,
  memberId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, memberId), visibleMembersWhere(viewerId)));
  return row !== undefined;
}

/** What a member card is made from; `city` is null unless the member shows their location. */
export interface CardRow {
  id: string;
  firstName: string;
  age: number | null;
  city: string | null;
  thumbnailKey: string | null;
  emailVerifiedAt: Date | null;
  totpEnabledAt: Date | null;
  phoneVerifiedAt: Date | null;
  photoVerifiedAt: Date | null;
}

/** Cards of the given members that `viewerId` may see, in one query. */
export async function loadCardRows(
  db: Executor,
  viewerId: string,
  ids: readonly string[],
): Promise<Map<string, CardRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      age: profiles.age,
      city: sql<
        string | null
      >`case when coalesce(${privacySettings.showLocation}, true) then ${profiles.city} end`,
      thumbnailKey: photos.thumbnailKey,
      emailVerifiedAt: users.emailVerifiedAt,
      totpEnabledAt: users.totpEnabledAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      photoVerifiedAt: users.photoVerifiedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, and(eq(photos.userId, users.id), eq(photos.position, 0)))
    .leftJoin(privacySettings, eq(privacySettings.userId, users.id))
    .where(and(inArray(users.id, unique), visibleMembersWhere(viewerId)));
  return new Map(rows.map((row) => [row.id, row]));
}

// ---------------------------------------------------------------------------------------------
// Likes and passes

/** The liker's likes made since `since` (the daily cap; index profile_likes_liker_created). */
export async function countLikesSince(db: Executor, likerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileLikes)
    .where(and(eq(profileLikes.likerId, likerId), gte(profileLikes.createdAt, since)));
  return row?.n ?? 0;
}

export async function likeExists(db: Executor, likerId: string, likedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(profileLikes)
    .where(and(eq(profileLikes.likerId, likerId), eq(profileLikes.likedId, likedId)));
  return row !== undefined;
}

export async function insertLike(
  tx: Executor,
  likerId: string,
  likedId: string,
  now: Date,
): Promise<void> {
  await tx.insert(profileLikes).values({ likerId, likedId, createdAt: now }).onConflictDoNothing();
}

export async function deleteLike(tx: Executor, likerId: string, likedId: string): Promise<void> {
  await tx
    .delete(profileLikes)
    .where(and(eq(profileLikes.likerId, likerId), eq(profileLikes.likedId, likedId)));
}

/** Records (or renews) a pass. */
export async function upsertPass(
  tx: Executor,
  passerId: string,
  passedId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(profilePasses)
    .values({ passerId, passedId, createdAt: now })
    .onConflictDoUpdate({
      target: [profilePasses.passerId, profilePasses.passedId],
      set: { createdAt: now },
    });
}

export async function deletePass(tx: Executor, passerId: string, passedId: string): Promise<void> {
  await tx
    .delete(profilePasses)
    .where(and(eq(profilePasses.passerId, passerId), eq(profilePasses.passedId, passedId)));
}

// ---------------------------------------------------------------------------------------------
// Matches

/** Inserts the pair's match; true when this call made it (the primary key keeps it one). */
export async function insertMatch(tx: Executor, a: string, b: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(matches)
    .values({ ...orderedPair(a, b), createdAt: now })
    .onConflictDoNothing()
    .returning({ memberLow: matches.memberLow });
  return rows.length > 0;
}

/** Deletes the pair's match; true when there was one. */
export async function deleteMatch(tx: Executor, a: string, b: string): Promise<boolean> {
  const { memberLow, memberHigh } = orderedPair(a, b);
  const rows = await tx
    .delete(matches)
    .where(and(eq(matches.memberLow, memberLow), eq(matches.memberHigh, memberHigh)))
    .returning({ memberLow: matches.memberLow });
  return rows.length > 0;
}

/**
 * A page of the viewer's matches with members they may see, newest first: the two halves of the
 * ordered pair (indexes matches_low_created and matches_high_created), merged.
 */
export async function pageMatches(
  db: Executor,
  viewerId: string,
  page: PageRequest,
): Promise<ListedMember[]> {
  const other = sql`case when ${matches.memberLow} = ${viewerId}::uuid then ${matches.memberHigh} else ${matches.memberLow} end`;
  return db
    .select({ id: sql<string>`${other}`, keysetTime: keysetTime(matches.createdAt) })
    .from(matches)
    .innerJoin(users, visibleMemberJoin(viewerId, other))
    .where(
      and(
        or(eq(matches.memberLow, viewerId), eq(matches.memberHigh, viewerId)),
        page.after ? afterKeyset(matches.createdAt, other, page.after) : undefined,
      ),
    )
    .orderBy(desc(matches.createdAt), desc(other))
    .limit(page.limit + 1);
}

// ---------------------------------------------------------------------------------------------
// Likes you

/**
 * Likes of `viewerId` from members they may see, have not matched and have not passed: the list
 * on plans with `seeWhoLikedYou`, and the count on every plan.
 */
function likesYouWhere(viewerId: string): SQL {
  return and(
    eq(profileLikes.likedId, viewerId),
    sql`not ${matchedWithWhere(viewerId, profileLikes.likerId)}`,
    sql`not exists (select 1 from ${profilePasses} where ${profilePasses.passerId} = ${viewerId}::uuid and ${profilePasses.passedId} = ${profileLikes.likerId})`,
  )!;
}

export async function countLikesYou(db: Executor, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileLikes)
    .innerJoin(users, visibleMemberJoin(viewerId, profileLikes.likerId))
    .where(likesYouWhere(viewerId));
  return row?.n ?? 0;
}

/** Newest like first (index profile_likes_liked_created). `limit + 1` rows. */
export async function pageLikesYou(
  db: Executor,
  viewerId: string,
  page: PageRequest,
): Promise<ListedMember[]> {
  return db
    .select({ id: profileLikes.likerId, keysetTime: keysetTime(profileLikes.createdAt) })
    .from(profileLikes)
    .innerJoin(users, visibleMemberJoin(viewerId, profileLikes.likerId))
    .where(
      and(
        likesYouWhere(viewerId),
        page.after
          ? afterKeyset(profileLikes.createdAt, profileLikes.likerId, page.after)
          : undefined,
      ),
    )
    .orderBy(desc(profileLikes.createdAt), desc(profileLikes.likerId))
    .limit(page.limit + 1);
}

// ---------------------------------------------------------------------------------------------
// Visits

/**
 * Records `visitorId`'s view of `visitedId` today (UTC): one row per visitor, member and day, its
 * time moved to the latest view. Nothing when the visitor turned `leaveVisits` off or may not see
 * the member; never the member themself (the caller checks, the CHECK makes sure).
 */
export async function recordVisit(
  db: Executor,
  visitorId: string,
  visitedId: string,
  now: Date,
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db.execute(sql`
    insert into ${profileVisits} (visitor_id, visited_id, day, visited_at)
    select ${visitorId}::uuid, ${users.id}, ${day}::date, ${now.toISOString()}::timestamptz
    from ${users}
    where ${users.id} = ${visitedId}::uuid
      and ${visibleMembersWhere(visitorId)}
      and not exists (
        select 1 from ${privacySettings}
        where ${privacySettings.userId} = ${visitorId}::uuid and ${privacySettings.leaveVisits} = false
      )
    on conflict (visitor_id, visited_id, day) do update set visited_at = excluded.visited_at`);
}

/**
 * Each visitor of `viewerId` once, by their latest visit, newest first: visitors the viewer may
 * see who still leave visits. `limit + 1` rows.
 */
export async function pageVisitors(
  db: Executor,
  viewerId: string,
  page: PageRequest,
): Promise<ListedMember[]> {
  const latest = sql`max(${profileVisits.visitedAt})`;
  return db
    .select({ id: profileVisits.visitorId, keysetTime: keysetTime(latest) })
    .from(profileVisits)
    .innerJoin(users, visibleMemberJoin(viewerId, profileVisits.visitorId))
    .where(
      and(
        eq(profileVisits.visitedId, viewerId),
        sql`not exists (select 1 from ${privacySettings} where ${privacySettings.userId} = ${profileVisits.visitorId} and ${privacySettings.leaveVisits} = false)`,
      ),
    )
    .groupBy(profileVisits.visitorId)
    .having(page.after ? afterKeyset(latest, profileVisits.visitorId, page.after) : undefined)
    .orderBy(desc(latest), desc(profileVisits.visitorId))
    .limit(page.limit + 1);
}

// ---------------------------------------------------------------------------------------------
// Retention

/** The rows that expire: passes by when they were made, visits by when they happened. */
const EXPIRING = {
  passes: { table: profilePasses, madeAt: profilePasses.createdAt },
  visits: { table: profileVisits, madeAt: profileVisits.visitedAt },
} as const;

/**
 * Deletes up to `limit` passes or visits made before `before` and returns how many: rows claimed
 * with `FOR UPDATE SKIP LOCKED`, so processes sweeping at once delete disjoint rows and never wait.
 */
export async function deleteBatchMadeBefore(
  db: Executor,
  kind: keyof typeof EXPIRING,
  before: Date,
  limit: number,
): Promise<number> {
  const { table, madeAt } = EXPIRING[kind];
  const deleted = await db
    .delete(table)
    .where(
      sql`ctid in (select ctid from ${table} where ${madeAt} < ${before.toISOString()}::timestamptz limit ${limit} for update skip locked)`,
    )
    .returning({ one: sql<number>`1` });
  return deleted.length;
}
