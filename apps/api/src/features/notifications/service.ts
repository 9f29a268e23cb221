import {
  NOTIFICATION_MESSAGES,
  SECURITY_NOTIFICATION_TYPES,
  type MarkNotificationsRead,
  type NotificationItem,
  type NotificationPage,
  type NotificationSettings,
  type SecurityNotificationType,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeCursor, encodeCursor, toPage } from '../../db/keyset.js';
import { badRequest } from '../../http/errors.js';
import { presentNotifications } from './presenter.js';
import {
  countUnread,
  createNotification,
  deleteSoleActorItem,
  findShownNotification,
  loadActors,
  markRead,
  notificationsNewerThan,
  pageNotifications,
  withdrawActor,
  type NotificationRow,
} from './repo.js';
import { notificationSettingsOf, saveNotificationSettings } from './settings.js';

/**
 * Notifications: made once for the right member when another member acts towards them, or when
 * something happens to their account; read newest first; announced live through
 * `context.liveEvents` (`notification` with the item, `unread` with the count).
 */

// ---------------------------------------------------------------------------------------------
// Reading

const securityTypes: ReadonlySet<string> = new Set(SECURITY_NOTIFICATION_TYPES);

/** The items as the recipient sees them, in a fixed number of queries for any page. */
async function hydrate(
  db: Executor,
  recipientId: string,
  rows: readonly NotificationRow[],
): Promise<NotificationItem[]> {
  // An item about the member's own account has no actors: a page of only those reads none.
  const ids = rows.flatMap((row) => (securityTypes.has(row.type) ? [] : [row.id]));
  return presentNotifications(rows, await loadActors(db, recipientId, ids));
}

const invalidCursor = () => badRequest(NOTIFICATION_MESSAGES.invalidCursor);

export async function listNotifications(
  context: AppContext,
  memberId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<Omit<NotificationPage, 'success'>> {
  const after = decodeCursor(query.cursor, invalidCursor);
  const { limit } = query;
  const [rows, unreadCount] = await Promise.all([
    pageNotifications(context.db, memberId, after, limit),
    countUnread(context.db, memberId),
  ]);
  const page = toPage(rows, limit);
  return {
    notifications: await hydrate(context.db, memberId, page.items),
    nextCursor: page.nextCursor,
    unreadCount,
  };
}

/** The member's unread items, counted up to NOTIFICATION_UNREAD_COUNT_CAP ("or more"). */
export function unreadCountOf(context: AppContext, memberId: string): Promise<number> {
  return countUnread(context.db, memberId);
}

/** The SSE id of an item: its keyset cursor, so a stream resumes exactly after it. */
function eventIdOf(row: NotificationRow): string {
  return encodeCursor({ time: row.keysetTime, id: row.id });
}

/** How many missed items a resuming stream is sent at most (the page shows the rest). */
const RESUME_LIMIT = 50;

/**
 * The items newer than the stream's `Last-Event-ID` (an id this feature issued), oldest first,
 * each with its event id. An id we never issued resumes nothing.
 */
export async function listNotificationsAfter(
  context: AppContext,
  memberId: string,
  lastEventId: string,
): Promise<{ id: string; item: NotificationItem }[]> {
  let since;
  try {
    since = decodeCursor(lastEventId, invalidCursor);
  } catch {
    return [];
  }
  if (!since) return [];
  const rows = await notificationsNewerThan(context.db, memberId, since, RESUME_LIMIT);
  const items = await hydrate(context.db, memberId, rows);
  return rows.map((row, index) => ({ id: eventIdOf(row), item: items[index]! }));
}

export async function markNotificationsRead(
  context: AppContext,
  memberId: string,
  target: MarkNotificationsRead,
): Promise<number> {
  await markRead(context.db, memberId, 'all' in target ? 'all' : target.ids, context.clock.now());
  const unreadCount = await countUnread(context.db, memberId);
  await publishSafely(context, memberId, { event: 'unread', data: { unreadCount } });
  return unreadCount;
}

// ---------------------------------------------------------------------------------------------
// Settings

export function getNotificationSettings(
  context: AppContext,
  memberId: string,
): Promise<NotificationSettings> {
  return notificationSettingsOf(context.db, memberId);
}

export async function updateNotificationSettings(
  context: AppContext,
  memberId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await saveNotificationSettings(context.db, memberId, settings, context.clock.now());
  return notificationSettingsOf(context.db, memberId);
}

// ---------------------------------------------------------------------------------------------
// Making them

/** Another member's action towards the recipient. */
export type MemberAction =
  | { type: 'follow' | 'follow_request'; recipientId: string; actorId: string }
  | { type: 'match'; recipientId: string; actorId: string }
  | { type: 'like'; recipientId: string; actorId: string; postId: string }
  /** One unread item per conversation ("New message from Ana"): never the message's content. */
  | { type: 'message'; recipientId: string; actorId: string; conversationId: string }
  | {
      type: 'comment' | 'reply' | 'mention';
      recipientId: string;
      actorId: string;
      postId: string;
      commentId: string;
    };

/**
 * What groups into one unread item: the likes on one post gather ("Ana and 4 others"); any other
 * action is its own item, keyed so that the same action (a repeated follow, a retried request)
 * never makes a second unread one.
 */
function groupKeyOf(action: MemberAction): string {
  switch (action.type) {
    case 'like':
      return `like:${action.postId}`;
    case 'message':
      return `message:${action.conversationId}`;
    case 'follow':
    case 'follow_request':
    case 'match':
      return `${action.type}:${action.actorId}`;
    default:
      return `${action.type}:${action.commentId}`;
  }
}

/**
 * Tells the recipient of another member's action — never of their own, never from a member they
 * blocked, were blocked by or muted, never about a post they may not see, and only as their
 * preferences allow. Called right after the action's transaction committed; a failure here is
 * logged and never undoes or fails the action itself.
 */
export async function notifyMember(context: AppContext, action: MemberAction): Promise<void> {
  if (action.actorId === action.recipientId) return;
  try {
    const notificationId = await createNotification(context.db, {
      recipientId: action.recipientId,
      type: action.type,
      actorId: action.actorId,
      postId: 'postId' in action ? action.postId : null,
      commentId: 'commentId' in action ? action.commentId : null,
      groupKey: groupKeyOf(action),
      now: context.clock.now(),
    });
    if (notificationId) await announce(context, action.recipientId, notificationId);
  } catch (error) {
    context.logger.error({ err: error, type: action.type }, 'notification could not be made');
  }
}

/**
 * The actor took the action back (an unlike, an unfollow, a withdrawn follow request): they leave
 * the recipient's unread item, which goes when no one is left. A read item stays as history.
 */
export async function withdrawNotification(
  context: AppContext,
  action: Extract<MemberAction, { type: 'like' | 'follow' | 'follow_request' }>,
): Promise<void> {
  if (action.actorId === action.recipientId) return;
  const groupKey = groupKeyOf(action);
  try {
    const changed =
      action.type === 'like'
        ? await context.db.transaction((tx) =>
            withdrawActor(tx, action.recipientId, groupKey, action.actorId),
          )
        : // A follow's or a request's item has its follower for only actor (the key names them).
          await deleteSoleActorItem(context.db, action.recipientId, groupKey);
    if (changed) await announce(context, action.recipientId, null);
  } catch (error) {
    context.logger.error({ err: error, type: action.type }, 'notification could not be withdrawn');
  }
}

/** A new comment: its post's author, the author of the comment it answers and the mentioned. */
export interface NewComment {
  actorId: string;
  postId: string;
  postAuthorId: string;
  commentId: string;
  /** The author of the comment this one replies to, if any (null once that account is gone). */
  parentAuthorId: string | null;
  /** Members the comment mentions (already only those its author may see and mention). */
  mentionedIds: readonly string[];
}

/**
 * One item per member per comment, the most specific: a reply to their comment, else a mention,
 * else a comment on their post.
 */
export async function notifyAboutComment(context: AppContext, comment: NewComment): Promise<void> {
  const told = new Set<string>([comment.actorId]);
  const tell = async (type: 'comment' | 'reply' | 'mention', recipientId: string | null) => {
    if (!recipientId || told.has(recipientId)) return;
    told.add(recipientId);
    await notifyMember(context, {
      type,
      recipientId,
      actorId: comment.actorId,
      postId: comment.postId,
      commentId: comment.commentId,
    });
  };
  await tell('reply', comment.parentAuthorId);
  for (const mentionedId of comment.mentionedIds) await tell('mention', mentionedId);
  await tell('comment', comment.postAuthorId);
}

/**
 * Something happened to the member's account (a sign-in from a new browser, 2FA turned on or off,
 * the password changed, a recovery code used). No actor; each event is its own item.
 */
export async function notifySecurityEvent(
  context: AppContext,
  memberId: string,
  type: SecurityNotificationType,
): Promise<void> {
  try {
    const notificationId = await createNotification(context.db, {
      recipientId: memberId,
      type,
      actorId: null,
      postId: null,
      commentId: null,
      groupKey: null,
      now: context.clock.now(),
    });
    if (notificationId) await announce(context, memberId, notificationId);
  } catch (error) {
    context.logger.error({ err: error, type }, 'security notification could not be made');
  }
}

/** Sign-in's call when a sign-in completes from a browser not seen before. */
export function notifyNewSignIn(context: AppContext, memberId: string): Promise<void> {
  return notifySecurityEvent(context, memberId, 'new_sign_in');
}

// ---------------------------------------------------------------------------------------------
// Live

async function publishSafely(
  context: AppContext,
  memberId: string,
  event: { event: string; id?: string; data: unknown },
): Promise<void> {
  try {
    await context.liveEvents.publish(memberId, event);
  } catch (error) {
    context.logger.error({ err: error, event: event.event }, 'live event could not be published');
  }
}

/**
 * What a writer puts on the bus when a member's items changed: only the id of the new (or grown)
 * item, or null when one went. Each process holding a stream of the member's loads the item and
 * the unread count as the member sees them when it sends them (`changedNotificationEvents`), so a
 * write costs one small event whether or not anyone is listening.
 */
export const NOTIFICATIONS_CHANGED_EVENT = 'notifications-changed';

export interface NotificationsChangedData {
  notificationId: string | null;
}

function announce(
  context: AppContext,
  recipientId: string,
  notificationId: string | null,
): Promise<void> {
  const data: NotificationsChangedData = { notificationId };
  return publishSafely(context, recipientId, { event: NOTIFICATIONS_CHANGED_EVENT, data });
}

/**
 * The client events for a NOTIFICATIONS_CHANGED_EVENT, as the member sees things now: the item
 * (unless they may no longer see it), then the unread count.
 */
export async function changedNotificationEvents(
  context: AppContext,
  memberId: string,
  data: unknown,
): Promise<{ event: 'notification' | 'unread'; id?: string; data: unknown }[]> {
  const notificationId = (data as Partial<NotificationsChangedData> | null)?.notificationId;
  const [row, unreadCount] = await Promise.all([
    typeof notificationId === 'string'
      ? findShownNotification(context.db, memberId, notificationId)
      : undefined,
    countUnread(context.db, memberId),
  ]);
  const events: { event: 'notification' | 'unread'; id?: string; data: unknown }[] = [];
  if (row) {
    const [item] = await hydrate(context.db, memberId, [row]);
    events.push({ event: 'notification', id: eventIdOf(row), data: item });
  }
  events.push({ event: 'unread', data: { unreadCount } });
  return events;
}
