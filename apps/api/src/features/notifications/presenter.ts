import {
  NOTIFICATION_EXCERPT_LENGTH,
  parseMentions,
  type NotificationActor,
  type NotificationItem,
} from '@kindred/contracts';
import type { ActorRow, NotificationRow } from './repo.js';

/** Rows → the contract's items. Never a raw row; only members the recipient may see. */

/** The start of a text, mentions shown as "@Name", cut on a character boundary with "…". */
export function excerpt(text: string): string {
  let plain = '';
  let from = 0;
  for (const token of parseMentions(text)) {
    plain += `${text.slice(from, token.index)}@${token.name}`;
    from = token.index + token.length;
  }
  plain = `${plain}${text.slice(from)}`.replace(/\s+/g, ' ').trim();
  const characters = [...plain];
  if (characters.length <= NOTIFICATION_EXCERPT_LENGTH) return plain;
  return `${characters
    .slice(0, NOTIFICATION_EXCERPT_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** A message item's conversation: the one its group key (`message:<id>`) names. */
function conversationOf(row: NotificationRow): string | null {
  const prefix = 'message:';
  return row.type === 'message' && row.groupKey?.startsWith(prefix)
    ? row.groupKey.slice(prefix.length)
    : null;
}

export function presentNotifications(
  rows: readonly NotificationRow[],
  actorRows: readonly ActorRow[],
): NotificationItem[] {
  const actorsOf = new Map<string, { shown: NotificationActor[]; total: number }>();
  for (const { notificationId, actor, total } of actorRows) {
    const entry = actorsOf.get(notificationId) ?? { shown: [], total };
    entry.shown.push({
      _id: actor._id,
      firstName: actor.firstName,
      lastName: actor.lastName,
      profilePicture: actor.profilePicture,
    });
    actorsOf.set(notificationId, entry);
  }
  return rows.map((row) => {
    const actors = actorsOf.get(row.id);
    const item: NotificationItem = {
      _id: row.id,
      type: row.type,
      actors: actors?.shown ?? [],
      actorCount: actors?.total ?? 0,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    };
    if (row.postId) {
      item.post = { _id: row.postId, excerpt: excerpt(row.postTitle ?? '') };
    }
    if (row.commentId) {
      item.comment = {
        _id: row.commentId,
        excerpt: excerpt(row.commentText ?? ''),
      };
    }
    const conversationId = conversationOf(row);
    if (conversationId) item.conversation = { _id: conversationId };
    return item;
  });
}
