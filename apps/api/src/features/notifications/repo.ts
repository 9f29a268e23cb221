import {
  NOTIFICATION_ACTORS_SHOWN,
  NOTIFICATION_NEW_ACCOUNT_DAYS,
  NOTIFICATION_UNREAD_COUNT_CAP,
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
  SECURITY_NOTIFICATION_TYPES,
  type NotificationType,
} from '@kindred/contracts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { afterKeyset, keysetTime, literalRows, type Keyset } from '../../db/keyset.js';
import {
  comments,
  follows,
  notificationActors,
  notificationSettings,
  notifications,
  photos,
  posts,
  users,
} from '../../db/schema.js';
import { visiblePostsWhere } from '../posts/index.js';
import {
  memberSummaryColumns,
  notMutedBy,
  toMemberSummary,
  visibleMembersWhere,
  type MemberSummary,
  type ViewerId,
} from '../users/index.js';

/** The queries behind notifications (this feature is the only writer of its tables). */

const securityTypes = sql.raw(
  `(${SECURITY_NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`,
);

/**
 * SQL condition: the subquery `query` finds a row, checked for each item read, by key. OFFSET 0
 * keeps PostgreSQL from pulling the subquery up into a join, or from hashing it (an EXISTS it may
 * run as a hashed subplan over every row the subquery could find): either is planned for all of a
 * recipient's items and ignores that a page stops after a few (a recipient with 44k items was once
 * planned a hash of every member for the actors and a scan of every comment for the
 * deleted-comment check, about 1 s a page). By key an item costs a few index reads, whatever the
 * estimates and whether or not the tables have statistics.
 */
function probe(query: SQL): SQL {
  return sql`exists (${query} offset 0)`;
}

/**
 * SQL condition on a `notification_actors` row: the recipient may still see its member and has not
 * muted them. Blocks, disabled and suspended accounts come from users' one visibility rule.
 * (`loadActors` applies the same two rules, the member's as a probe by key.)
 */
function actorShownTo(recipientId: ViewerId): SQL {
  return sql`${notMutedBy(recipientId, notificationActors.actorId)} and ${probe(
    sql`select 1 from ${users} where ${users.id} = ${notificationActors.actorId} and ${visibleMembersWhere(recipientId)}`,
  )}`;
}

/**
 * SQL condition on a `notifications` row of `recipientId`: it is still something they may see —
 * its post is visible to them now (privacy changed, author blocked…), its comment was not deleted,
 * and a social item still has at least one actor they may see. Checked when reading, so what
 * happened after the item was made hides it too. Each check is a probe of the item's own post,
 * comment and actors by key (`probe`), so a walk over the recipient's items in index order stops
 * at the page whoever the recipient is. (A comment that is gone takes its items with it by
 * cascade, so "not soft-deleted" is enough for the comment.)
 */
export function shownNotificationsWhere(recipientId: ViewerId): SQL {
  return sql`(
    (${notifications.postId} is null or ${probe(
      sql`select 1 from ${posts} where ${posts.id} = ${notifications.postId} and ${visiblePostsWhere(recipientId)}`,
    )})
    and (${notifications.commentId} is null or not ${probe(
      sql`select 1 from ${comments} where ${comments.id} = ${notifications.commentId} and ${comments.deletedAt} is not null`,
    )})
    and (${notifications.type} in ${securityTypes} or ${probe(
      sql`select 1 from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} and ${actorShownTo(recipientId)}`,
    )})
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
  /** The item's post title and comment text, read with the item (for their excerpts). */
  postTitle: string | null;
  commentText: string | null;
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
  // Subqueries in the select list run for the rows returned only, after the page's limit.
  postTitle: sql<
    string | null
  >`(select ${posts.title} from ${posts} where ${posts.id} = ${notifications.postId})`,
  commentText: sql<
    string | null
  >`(select ${comments.content} from ${comments} where ${comments.id} = ${notifications.commentId})`,
};

/**
 * The unread count, read on every page, every stream event and every mark-read: the recipient's
 * unread items by notifications_recipient_unread, each checked by key (`shownNotificationsWhere`),
 * until NOTIFICATION_UNREAD_COUNT_CAP are counted. Counting every unread item grew with them
 * (189 ms for a member with 10,000 unread); the badge shows "99+" from the cap anyway.
 *
 * Prepared once per database (planning it cost as much as running it), the cap written into its
 * text (`literalRows`: under `LIMIT $n` a generic plan is priced for all the rows). Planned for a
 * busy recipient it walks the index; the generic plan, priced for a member with a couple of unread
 * items, walks it too or reads the recipient's unread index entries into a bitmap first (0.57 ms
 * against 0.38 ms for 10,000 unread on PostgreSQL 15): either way items are fetched and checked
 * only until the cap is counted (count-plan.test.ts).
 */
function prepareUnreadCount(db: Database) {
  const recipientId = sql.placeholder('recipientId');
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        shownNotificationsWhere(recipientId),
      ),
    )
    .limit(literalRows(NOTIFICATION_UNREAD_COUNT_CAP))
    .as('unread');
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(unread)
    .prepare('notifications_unread_count');
}

/**
 * The orders of notifications_recipient_created_id (DESC NULLS LAST), read forwards and backwards.
 * A plain DESC means NULLS FIRST, which the planner cannot read from the index: it read all of the
 * recipient's items, checked each and sorted them for a page (the columns are never null, but the
 * planner goes by the index's declared order): 2.6-3.3 s for the page of a member with 40k items
 * on the benchmark data, 0.8 ms walking the index.
 */
const newestFirst = [
  sql`${notifications.createdAt} desc nulls last`,
  sql`${notifications.id} desc nulls last`,
];
const oldestFirst = [
  sql`${notifications.createdAt} asc nulls first`,
  sql`${notifications.id} asc nulls first`,
];

const unreadCounts = new WeakMap<Database, ReturnType<typeof prepareUnreadCount>>();

/**
 * The rows (a page and the one that tells of a next page) the page's statements are written for:
 * the default page and the largest. A page of another size is read with the next larger and cut.
 */
const PAGE_STATEMENT_ROWS = [PAGE_DEFAULT_LIMIT + 1, PAGE_MAX_LIMIT + 1];

/**
 * A page's statement: a walk of the recipient's items by notifications_recipient_created_id from
 * the cursor, newest first, each item checked by key (`shownNotificationsWhere`) until `rows` are
 * shown. Not prepared: on PostgreSQL 15 with statistics, the generic plan priced the recipient as
 * having the typical member's two items and sorted all of them (a member with 40k items pays for
 * that); a plan made for the recipient knows a busy one from the most common values and walks.
 */
function pageQuery(db: Database, recipientId: string, after: Keyset | undefined, rows: number) {
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
    .orderBy(...newestFirst)
    .limit(literalRows(rows));
}

/** A page of the recipient's items, newest first (`limit + 1` rows; see keyset `toPage`). */
export async function pageNotifications(
  db: Database,
  recipientId: string,
  after: Keyset | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  const wanted = limit + 1;
  const rows = PAGE_STATEMENT_ROWS.find((count) => count >= wanted) ?? wanted;
  const page = await pageQuery(db, recipientId, after, rows);
  return page.slice(0, wanted);
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
    .orderBy(...oldestFirst)
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

/** The recipient's unread items they may see, up to NOTIFICATION_UNREAD_COUNT_CAP ("or more"). */
export async function countUnread(db: Database, recipientId: string): Promise<number> {
  let query = unreadCounts.get(db);
  if (!query) {
    query = prepareUnreadCount(db);
    unreadCounts.set(db, query);
  }
  const [row] = await query.execute({ recipientId });
  return row?.count ?? 0;
}

export interface ActorRow {
  notificationId: string;
  actor: MemberSummary;
  /** How many actors of the item the recipient may see. */
  total: number;
}

// A member summary's columns but the thumbnail, which is read for the actors shown only.
const { thumbnailKey: _thumbnailKey, ...actorColumns } = memberSummaryColumns;

/**
 * The newest `NOTIFICATION_ACTORS_SHOWN` actors of each item the recipient may see, with their
 * count and their member summaries, in one query for a whole page. Each item's actors are read by
 * notification_actors' primary key (a lateral subquery per item), and each actor's member row by
 * users_pkey (a lateral subquery with a LIMIT, which PostgreSQL never turns into a join): no plan
 * can read every member for a page's few actors. The form it replaces (one ranking of all the
 * page's actors, the visibility rule as EXISTS, the summaries joined after) was planned, before
 * the notification tables had statistics, as a hash join over all users: 108 ms for the
 * most-followed member's page, 0.3 ms once ANALYZEd (actors-plan.test.ts).
 */
export async function loadActors(
  db: Executor,
  recipientId: string,
  notificationIds: readonly string[],
): Promise<ActorRow[]> {
  if (notificationIds.length === 0) return [];
  const itemId = sql<string>`items.id`;
  const member = db
    .select(actorColumns)
    .from(users)
    .where(and(eq(users.id, notificationActors.actorId), visibleMembersWhere(recipientId)))
    .limit(1)
    .as('member');
  const ranked = db
    .select({
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      emailVerifiedAt: member.emailVerifiedAt,
      totpEnabledAt: member.totpEnabledAt,
      phoneVerifiedAt: member.phoneVerifiedAt,
      photoVerifiedAt: member.photoVerifiedAt,
      total: sql<number>`count(*) over ()::int`.as('total'),
      rank: sql<number>`row_number() over (order by ${notificationActors.createdAt} desc, ${notificationActors.actorId} desc)`.as(
        'rank',
      ),
    })
    .from(notificationActors)
    .crossJoinLateral(member)
    .where(
      and(
        eq(notificationActors.notificationId, itemId),
        notMutedBy(recipientId, notificationActors.actorId),
      ),
    )
    .as('ranked');
  const ids = sql.join(
    notificationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db
    .select({
      notificationId: itemId,
      total: ranked.total,
      id: ranked.id,
      firstName: ranked.firstName,
      lastName: ranked.lastName,
      emailVerifiedAt: ranked.emailVerifiedAt,
      totpEnabledAt: ranked.totpEnabledAt,
      phoneVerifiedAt: ranked.phoneVerifiedAt,
      photoVerifiedAt: ranked.photoVerifiedAt,
      thumbnailKey: sql<
        string | null
      >`(select ${photos.thumbnailKey} from ${photos} where ${photos.userId} = ${ranked.id} and ${photos.position} = 0)`,
    })
    .from(sql`unnest(array[${ids}]::uuid[]) as items(id)`)
    .crossJoinLateral(ranked)
    .where(sql`${ranked.rank} <= ${NOTIFICATION_ACTORS_SHOWN}`)
    .orderBy(asc(itemId), asc(ranked.rank));
  return rows.map(({ notificationId, total, ...member }) => ({
    notificationId,
    total,
    actor: toMemberSummary(member),
  }));
}

// ---------------------------------------------------------------------------------------------
// Writes

/** An item to make for the recipient, with the actor when another member's action made it. */
export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  /** The member whose action it is; none for the recipient's own account's events. */
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  groupKey: string | null;
  now: Date;
}

/**
 * Makes the item, or — when an unread item with the same group key exists — moves that one up to
 * `now` and records the actor on it (again: their time moves up), in one statement, only when the
 * recipient is to hear of it: the type is on in their preferences, and for an actor's action the
 * recipient may see the actor (no block either way, account in use), has not muted them, may see
 * the post, and "only from people I follow" / "not from accounts younger than 7 days" let it
 * through. Concurrent writers meet on the unique index of unread group keys, so it is one item.
 *
 * Prepared once per database, one statement for another member's action and one for an event of
 * the recipient's own account: every like, comment and follow makes one, and planning it cost more
 * than running it (a dozen primary-key reads). Each clause is a lookup by key whatever the values,
 * so the generic plan PostgreSQL settles on is the plan a custom one would be.
 */
function prepareCreate(db: Database, from: 'member' | 'account') {
  const recipientId = sql.placeholder('recipientId');
  const actorId = sql.placeholder('actorId');
  const type = sql.placeholder('type');
  const postId = sql.placeholder('postId');
  const now = sql.placeholder('now');
  const admitted = db.$with('admitted', { admitted: sql<number>`1`.as('admitted') }).as(
    from === 'member'
      ? sql`select 1 as admitted from ${users}
        left join ${notificationSettings} on ${notificationSettings.userId} = ${recipientId}::uuid
        where ${users.id} = ${actorId}::uuid
          and ${visibleMembersWhere(recipientId)}
          and ${notMutedBy(recipientId, users.id)}
          and not coalesce(${type}::text = any(${notificationSettings.disabledTypes}), false)
          and (${notificationSettings.onlyFromFollowing} is not true or exists (
            select 1 from ${follows} where ${follows.followerId} = ${recipientId}::uuid and ${follows.followeeId} = ${users.id}
          ))
          and (${notificationSettings.notFromNewAccounts} is not true or ${users.createdAt} <= ${sql.placeholder('newAccountSince')}::timestamptz)
          and (${postId}::uuid is null or exists (
            select 1 from ${posts} where ${posts.id} = ${postId}::uuid and ${visiblePostsWhere(recipientId)}
          ))`
      : // coalesce: a member without a settings row has every type on (and `any` needs an
        // array, not a subquery's rows).
        sql`select 1 as admitted where not (${type}::text = any(coalesce(
          (select ${notificationSettings.disabledTypes} from ${notificationSettings} where ${notificationSettings.userId} = ${recipientId}::uuid),
          '{}'::text[]
        )))`,
  );
  // An account event has no group key: it never meets another item on the index of unread keys.
  const item = db.$with('item', { id: sql<string>`id`.as('id') }).as(
    sql`insert into ${notifications} (recipient_id, type, post_id, comment_id, group_key, created_at)
      select ${recipientId}::uuid, ${type}::text, ${postId}::uuid, ${sql.placeholder('commentId')}::uuid, ${sql.placeholder('groupKey')}::text, ${now}::timestamptz
      from admitted
      on conflict (recipient_id, group_key) where read_at is null and group_key is not null
      do update set created_at = greatest(${notifications}.created_at, excluded.created_at)
      returning id`,
  );
  const ctes =
    from === 'member'
      ? [
          admitted,
          item,
          db.$with('actor', { actorId: sql<string>`actor_id`.as('actor_id') }).as(
            sql`insert into ${notificationActors} (notification_id, actor_id, created_at)
              select id, ${actorId}::uuid, ${now}::timestamptz from item
              on conflict (notification_id, actor_id) do update set created_at = excluded.created_at
              returning actor_id`,
          ),
        ]
      : [admitted, item];
  return db
    .with(...ctes)
    .select({ id: item.id })
    .from(item)
    .prepare(from === 'member' ? 'notifications_create' : 'notifications_create_account');
}

const createStatements = new WeakMap<
  Database,
  Record<'member' | 'account', ReturnType<typeof prepareCreate>>
>();

/** Answers the item's id, or null when nothing was made (see `prepareCreate`). */
export async function createNotification(
  db: Database,
  item: NewNotification,
): Promise<string | null> {
  let statements = createStatements.get(db);
  if (!statements) {
    statements = { member: prepareCreate(db, 'member'), account: prepareCreate(db, 'account') };
    createStatements.set(db, statements);
  }
  const { now } = item;
  const [row] = await statements[item.actorId ? 'member' : 'account'].execute({
    recipientId: item.recipientId,
    actorId: item.actorId,
    type: item.type,
    postId: item.postId,
    commentId: item.commentId,
    groupKey: item.groupKey,
    now,
    newAccountSince: new Date(now.getTime() - NOTIFICATION_NEW_ACCOUNT_DAYS * 86_400_000),
  });
  return row?.id ?? null;
}

/**
 * Takes the actor out of the recipient's unread item of `groupKey` (an unlike), in the caller's
 * transaction; an item left without actors is deleted. Returns whether anything changed. Items
 * already read stay as they were: they are history. The item is locked before the check for other
 * actors, which runs as a later statement: a concurrent action adding its actor to the same item
 * either waits for us or is seen by the check, so its actor is never deleted with the item.
 */
export async function withdrawActor(
  tx: Executor,
  recipientId: string,
  groupKey: string,
  actorId: string,
): Promise<boolean> {
  const item = tx.$with('item', { id: sql<string>`id`.as('id') }).as(sql`
    select ${notifications.id} as id from ${notifications}
    where ${notifications.recipientId} = ${recipientId}::uuid
      and ${notifications.groupKey} = ${groupKey}::text
      and ${notifications.readAt} is null
    for update`);
  const removed = tx.$with('removed', {
    notificationId: sql<string>`notification_id`.as('notification_id'),
  }).as(sql`
    delete from ${notificationActors} using item
    where ${notificationActors.notificationId} = item.id and ${notificationActors.actorId} = ${actorId}::uuid
    returning ${notificationActors.notificationId} as notification_id`);
  // Named (here and below): PostgreSQL plans each once per connection, not on every unlike.
  const [row] = await tx
    .with(item, removed)
    .select({ notificationId: removed.notificationId })
    .from(removed)
    .prepare('notifications_withdraw_actor')
    .execute();
  if (!row) return false;
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.id, row.notificationId),
        sql`not exists (select 1 from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id})`,
      ),
    )
    .prepare('notifications_delete_if_no_actors')
    .execute();
  return true;
}

function prepareDeleteSoleActorItem(db: Database) {
  return db
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, sql.placeholder('recipientId')),
        eq(notifications.groupKey, sql.placeholder('groupKey')),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id })
    .prepare('notifications_delete_sole_actor_item');
}

const deleteSoleActorItems = new WeakMap<Database, ReturnType<typeof prepareDeleteSoleActorItem>>();

/**
 * Deletes the recipient's unread item of `groupKey` when the key names its only possible actor
 * (an unfollow, a withdrawn follow request): one prepared statement, its actor goes with it by
 * cascade. Returns whether anything changed; a read item stays as history.
 */
export async function deleteSoleActorItem(
  db: Database,
  recipientId: string,
  groupKey: string,
): Promise<boolean> {
  let statement = deleteSoleActorItems.get(db);
  if (!statement) {
    statement = prepareDeleteSoleActorItem(db);
    deleteSoleActorItems.set(db, statement);
  }
  const deleted = await statement.execute({ recipientId, groupKey });
  return deleted.length > 0;
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
