import {
  NOTIFICATION_ACTORS_SHOWN,
  NOTIFICATION_NEW_ACCOUNT_DAYS,
  SECURITY_NOTIFICATION_TYPES,
  type NotificationType,
} from '@kindred/contracts';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import {
  comments,
  follows,
  notificationActors,
  notifications,
  posts,
  users,
} from '../../db/schema.js';
import { visiblePostsWhere } from '../posts/index.js';
import { notMutedBy, visibleMembersWhere } from '../users/index.js';

/** The queries behind notifications (this feature is the only writer of its tables). */

const securityTypes = sql.raw(
  `(${SECURITY_NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`,
);

/**
 * SQL condition on a `notification_actors` row: the recipient may still see its member and has not
 * muted them. Blocks, disabled and suspended accounts come from users' one visibility rule.
 */
function actorShownTo(recipientId: string): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${notificationActors.actorId} and ${visibleMembersWhere(recipientId)}) and ${notMutedBy(recipientId, notificationActors.actorId)}`;
}

/**
 * SQL condition on a `notifications` row of `recipientId`: it is still something they may see —
 * its post is visible to them now (privacy changed, author blocked…), its comment was not deleted,
 * and a social item still has at least one actor they may see. Checked when reading, so what
 * happened after the item was made hides it too. (A comment that is gone takes its items with it
 * by cascade, so "not soft-deleted" is one anti-join by comments_pkey: the `is null or exists`
 * form let the planner hash every live comment of the site for each unread count.)
 */
export function shownNotificationsWhere(recipientId: string): SQL {
  return sql`(
    (${notifications.postId} is null or exists (
      select 1 from ${posts} where ${posts.id} = ${notifications.postId} and ${visiblePostsWhere(recipientId)}
    ))
    and not exists (
      select 1 from ${comments} where ${comments.id} = ${notifications.commentId} and ${comments.deletedAt} is not null
    )
    and (${notifications.type} in ${securityTypes} or exists (
      select 1 from ${notificationActors}
      where ${notificationActors.notificationId} = ${notifications.id} and ${actorShownTo(recipientId)}
    ))
  )`;
}

export interface NotificationRow {
  id: string;
  type: NotificationType;
  postId: string | null;
  commentId: string | null;
  groupKey: string | null;
  createdAt: Date;
  readAt: Date | null;
  keysetTime: string;
}

const rowColumns = {
  id: notifications.id,
  type: notifications.type,
  postId: notifications.postId,
  commentId: notifications.commentId,
  groupKey: notifications.groupKey,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  keysetTime: keysetTime(notifications.createdAt),
};

/** A page of the recipient's items, newest first (`limit + 1` rows; see keyset `toPage`). */
export function pageNotifications(
  db: Executor,
  recipientId: string,
  after: Keyset | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select(rowColumns)
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        after ? afterKeyset(notifications.createdAt, notifications.id, after) : undefined,
        shownNotificationsWhere(recipientId),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

/** Items newer than `since` (a stream's resume point), oldest first. */
export function notificationsNewerThan(
  db: Executor,
  recipientId: string,
  since: Keyset,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select(rowColumns)
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        sql`(${notifications.createdAt}, ${notifications.id}) > (${since.time}::timestamptz, ${since.id}::uuid)`,
        shownNotificationsWhere(recipientId),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit);
}

/** One item of the recipient's, if they may see it. */
export async function findShownNotification(
  db: Executor,
  recipientId: string,
  notificationId: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(notifications)
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.recipientId, recipientId),
        shownNotificationsWhere(recipientId),
      ),
    );
  return row;
}

export async function countUnread(db: Executor, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        shownNotificationsWhere(recipientId),
      ),
    );
  return row?.count ?? 0;
}

export interface ActorRow {
  notificationId: string;
  actorId: string;
  /** How many actors of the item the recipient may see. */
  total: number;
}

/**
 * The newest `NOTIFICATION_ACTORS_SHOWN` actors of each item the recipient may see, with their
 * count, in one query for a whole page.
 */
export async function loadActors(
  db: Executor,
  recipientId: string,
  notificationIds: readonly string[],
): Promise<ActorRow[]> {
  if (notificationIds.length === 0) return [];
  const ranked = db
    .select({
      notificationId: notificationActors.notificationId,
      actorId: notificationActors.actorId,
      total: sql<number>`count(*) over (partition by ${notificationActors.notificationId})::int`.as(
        'total',
      ),
      rank: sql<number>`row_number() over (partition by ${notificationActors.notificationId} order by ${notificationActors.createdAt} desc, ${notificationActors.actorId} desc)`.as(
        'rank',
      ),
    })
    .from(notificationActors)
    .where(
      and(
        inArray(notificationActors.notificationId, [...notificationIds]),
        actorShownTo(recipientId),
      ),
    )
    .as('ranked');
  return db
    .select({
      notificationId: ranked.notificationId,
      actorId: ranked.actorId,
      total: ranked.total,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${NOTIFICATION_ACTORS_SHOWN}`)
    .orderBy(asc(ranked.notificationId), asc(ranked.rank));
}

export async function loadPostTitles(
  db: Executor,
  postIds: readonly string[],
): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(inArray(posts.id, [...new Set(postIds)]));
  return new Map(rows.map((row) => [row.id, row.title]));
}

export async function loadCommentTexts(
  db: Executor,
  commentIds: readonly string[],
): Promise<Map<string, string>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: comments.id, content: comments.content })
    .from(comments)
    .where(inArray(comments.id, [...new Set(commentIds)]));
  return new Map(rows.map((row) => [row.id, row.content]));
}

// ---------------------------------------------------------------------------------------------
// Writes

/** What an actor's action may notify, checked against the recipient's preferences and rules. */
export interface ActorAdmission {
  recipientId: string;
  actorId: string;
  postId?: string | undefined;
  onlyFromFollowing: boolean;
  notFromNewAccounts: boolean;
  now: Date;
}

/**
 * Whether the recipient is to hear of this actor's action: the recipient may see the actor (no
 * block either way, account in use), has not muted them, may see the post, and the preferences
 * ("only from people I follow", "not from accounts younger than 7 days") let it through. One query.
 */
export async function actorAdmitted(db: Executor, admission: ActorAdmission): Promise<boolean> {
  const { recipientId, actorId, postId, onlyFromFollowing, notFromNewAccounts, now } = admission;
  const newAccountSince = new Date(now.getTime() - NOTIFICATION_NEW_ACCOUNT_DAYS * 86_400_000);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, actorId),
        visibleMembersWhere(recipientId),
        notMutedBy(recipientId, users.id),
        onlyFromFollowing
          ? sql`exists (select 1 from ${follows} where ${follows.followerId} = ${recipientId}::uuid and ${follows.followeeId} = ${users.id})`
          : undefined,
        notFromNewAccounts ? sql`${users.createdAt} <= ${newAccountSince}` : undefined,
        postId
          ? sql`exists (select 1 from ${posts} where ${posts.id} = ${postId}::uuid and ${visiblePostsWhere(recipientId)})`
          : undefined,
      ),
    );
  return row !== undefined;
}

export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  postId: string | null;
  commentId: string | null;
  groupKey: string | null;
  now: Date;
}

/**
 * Adds the item, or — when an unread item with the same group key exists — moves that one up to
 * `now`. Concurrent writers meet on the unique index of unread group keys, so it is one item.
 */
export async function upsertNotification(db: Executor, item: NewNotification): Promise<string> {
  const values = {
    recipientId: item.recipientId,
    type: item.type,
    postId: item.postId,
    commentId: item.commentId,
    groupKey: item.groupKey,
    createdAt: item.now,
  };
  if (item.groupKey === null) {
    const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
    return row!.id;
  }
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
      set: { createdAt: sql`greatest(${notifications.createdAt}, excluded.created_at)` },
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Records the actor on the item (again: their time moves up). */
export async function addActor(
  db: Executor,
  notificationId: string,
  actorId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(notificationActors)
    .values({ notificationId, actorId, createdAt: now })
    .onConflictDoUpdate({
      target: [notificationActors.notificationId, notificationActors.actorId],
      set: { createdAt: now },
    });
}

/**
 * Takes the actor out of the recipient's unread item of `groupKey` (an unlike, an unfollow, a
 * withdrawn request); an item left without actors is deleted. Returns whether anything changed.
 * Items already read stay as they were: they are history.
 */
export async function withdrawActor(
  db: Executor,
  recipientId: string,
  groupKey: string,
  actorId: string,
): Promise<boolean> {
  const [item] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.readAt),
      ),
    )
    .for('update');
  if (!item) return false;
  const removed = await db
    .delete(notificationActors)
    .where(
      and(eq(notificationActors.notificationId, item.id), eq(notificationActors.actorId, actorId)),
    )
    .returning({ id: notificationActors.actorId });
  if (removed.length === 0) return false;
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.id, item.id),
        sql`not exists (select 1 from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id})`,
      ),
    );
  return true;
}

/** Marks the given items (or every item) of the recipient read. */
export async function markRead(
  db: Executor,
  recipientId: string,
  ids: readonly string[] | 'all',
  now: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
}
