import { NEW_ACCOUNT_HOURS, PRIVACY_DEFAULTS, type FollowPolicy } from '@kindred/contracts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { followRequests, follows, memberStats, privacySettings, users } from '../../db/schema.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { visibleMemberJoin, visibleMembersWhere } from '../users/index.js';

/** The queries behind following. People lists and counts hold only members the viewer may see. */

export async function isVisibleMember(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleMembersWhere(viewerId)));
  return row !== undefined;
}

export async function followExists(
  db: Executor,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .innerJoin(users, visibleMemberJoin(followerId, follows.followeeId))
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row !== undefined;
}

/** Starts following (nothing changes if already following). */
export async function insertFollowRow(
  tx: Executor,
  followerId: string,
  followeeId: string,
  now: Date,
): Promise<void> {
  await tx.insert(follows).values({ followerId, followeeId, createdAt: now }).onConflictDoNothing();
}

/** What the follow button needs to know before it changes anything, read under the pair's lock. */
export interface FollowTarget {
  /** The actor may see the target (no block either way, account in use). */
  visible: boolean;
  whoCanFollow: FollowPolicy;
  /** The actor's account is young enough for the new-account limits to be checked. */
  actorIsNew: boolean;
}

/**
 * Takes the transaction's lock on the (actor, target) pair — toggles on the same pair run one
 * after the other, so N parallel clicks end where N sequential ones would — and reads the target's
 * visibility and follow policy and whether the actor is a new account, in one statement. The lock
 * is taken before the statement that reads and changes the follow, so that one sees every earlier
 * toggle of the pair. Like the toggle's statement, it is named: PostgreSQL parses and plans it once
 * per connection, not on every click (its values change nothing in a plan of key lookups).
 */
export async function lockFollowPair(
  tx: Executor,
  actorId: string,
  targetId: string,
  now: Date,
): Promise<FollowTarget> {
  const newSince = new Date(now.getTime() - NEW_ACCOUNT_HOURS * 60 * 60_000);
  const [row] = await tx
    .select({
      visible: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${targetId}::uuid and ${visibleMembersWhere(actorId)})`,
      whoCanFollow: sql<FollowPolicy | null>`(select ${privacySettings.whoCanFollow} from ${privacySettings} where ${privacySettings.userId} = ${targetId}::uuid)`,
      actorIsNew: sql<boolean>`coalesce((select ${users.createdAt} > ${newSince}::timestamptz from ${users} where ${users.id} = ${actorId}::uuid), false)`,
    })
    .from(
      sql`(select pg_advisory_xact_lock(hashtextextended(${`follow:${actorId}:${targetId}`}::text, 0))) as pair_lock`,
    )
    .prepare('connections_lock_pair')
    .execute();
  return {
    visible: row?.visible === true,
    whoCanFollow: row?.whoCanFollow ?? PRIVACY_DEFAULTS.whoCanFollow,
    actorIsNew: row?.actorIsNew === true,
  };
}

export interface FollowToggle {
  /** What happened: a follow or a pending request ended, or one was made; none when none could be. */
  done: 'unfollowed' | 'withdrawn' | 'followed' | 'requested' | 'none';
  /** The target's follower counter after the change. */
  followersCount: number;
}

/**
 * The follow button's change, in one statement (under `lockFollowPair`): ends the actor's follow
 * of the target, else withdraws their pending request, else makes what `make` says (a follow, a
 * request, or nothing). The follower count is the counter the database keeps (member_stats): one
 * row read, whatever the target's popularity; its trigger runs after this statement's snapshot was
 * taken, hence the ±1. Unlike the profile's counts it does not hide followers the viewer may not
 * see (the write path would have to read every follower to do that); the profile's next read is
 * exact.
 */
export async function toggleFollowRow(
  tx: Executor,
  actorId: string,
  targetId: string,
  make: 'follow' | 'request' | 'none',
  now: Date,
): Promise<FollowToggle> {
  const pair = sql`follower_id = ${actorId}::uuid and followee_id = ${targetId}::uuid`;
  const unmade = sql`not exists (select 1 from unfollowed) and not exists (select 1 from withdrawn)`;
  const changed = { changed: sql<number>`1`.as('changed') };
  const [row] = await tx
    .with(
      tx
        .$with('unfollowed', changed)
        .as(sql`delete from ${follows} where ${pair} returning 1 as changed`),
      tx
        .$with('withdrawn', changed)
        .as(
          sql`delete from ${followRequests} where ${pair} and not exists (select 1 from unfollowed) returning 1 as changed`,
        ),
      tx.$with('followed', changed)
        .as(sql`insert into ${follows} (follower_id, followee_id, created_at)
        select ${actorId}::uuid, ${targetId}::uuid, ${now}::timestamptz
        where ${make}::text = 'follow' and ${unmade}
        on conflict do nothing returning 1 as changed`),
      tx.$with('requested', changed)
        .as(sql`insert into ${followRequests} (follower_id, followee_id, created_at)
        select ${actorId}::uuid, ${targetId}::uuid, ${now}::timestamptz
        where ${make}::text = 'request' and ${unmade}
        on conflict do nothing returning 1 as changed`),
    )
    .select({
      done: sql<FollowToggle['done']>`case
        when exists (select 1 from unfollowed) then 'unfollowed'
        when exists (select 1 from withdrawn) then 'withdrawn'
        when ${make}::text = 'follow' then 'followed'
        when ${make}::text = 'request' then 'requested'
        else 'none'
      end`,
      followersCount: sql<number>`(coalesce((select ${memberStats.followersCount} from ${memberStats} where ${memberStats.userId} = ${targetId}::uuid), 0)
        + (select count(*) from followed) - (select count(*) from unfollowed))::int`,
    })
    .from(sql`(select 1) as toggle`)
    .prepare('connections_toggle_follow')
    .execute();
  return { done: row?.done ?? 'none', followersCount: Number(row?.followersCount ?? 0) };
}

const follower = alias(users, 'follower');
const followee = alias(users, 'followee');

/**
 * A member's followers and followings that the viewer may see, in one query; undefined when the
 * viewer may not see the member themself (a disabled member is hidden, like their profile).
 */
export async function loadConnectionCounts(
  db: Executor,
  viewerId: string,
  userId: string,
): Promise<{ followersCount: number; followingsCount: number } | undefined> {
  const [row] = await db
    .select({
      followersCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${follower} on ${follower.id} = ${follows.followerId} and ${visibleMembersWhere(viewerId, follower)}
        where ${follows.followeeId} = ${userId}
      )`,
      followingsCount: sql<number>`(
        select count(*)::int from ${follows}
        join ${users} ${followee} on ${followee.id} = ${follows.followeeId} and ${visibleMembersWhere(viewerId, followee)}
        where ${follows.followerId} = ${userId}
      )`,
    })
    .from(users)
    .where(and(eq(users.id, userId), visibleMembersWhere(viewerId)));
  return row;
}

export interface ConnectionRow {
  /** The other member: the follower in a followers list, the followed one in a following list. */
  id: string;
  keysetTime: string;
}

/**
 * A page of a member's followers (`direction: 'followers'`) or of the members they follow
 * (`'following'`), most recent connection first, only members the viewer may see. `limit + 1` rows.
 */
export async function pageConnections(
  db: Executor,
  viewerId: string,
  userId: string,
  direction: 'followers' | 'following',
  page: { after: Keyset | undefined; limit: number },
): Promise<ConnectionRow[]> {
  const [mine, other] =
    direction === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select({ id: other, keysetTime: keysetTime(follows.createdAt) })
    .from(follows)
    .innerJoin(users, visibleMemberJoin(viewerId, other))
    .where(
      and(
        eq(mine, userId),
        page.after ? afterKeyset(follows.createdAt, other, page.after) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
}

/**
 * Ends every follow between two members, both ways, and any pending follow request between them
 * (a block does this, in its own transaction).
 */
export async function endConnectionsBetween(db: Executor, a: string, b: string): Promise<void> {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
  await db
    .delete(followRequests)
    .where(
      or(
        and(eq(followRequests.followerId, a), eq(followRequests.followeeId, b)),
        and(eq(followRequests.followerId, b), eq(followRequests.followeeId, a)),
      ),
    );
}
