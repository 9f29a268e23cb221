import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { mediaUrl } from '../media/index.js';
import { clearOwnMessage, findOpenConversation, findReportableMessageRow } from './repo.js';
import { messageSealer } from './sealing.js';

/**
 * What moderation keeps of a reported message, and what it may do to it. The snapshot copies the
 * message's sealed columns as they are (text, image key, image description — sealed under the
 * messages' own key and bound to the message's id), so the report holds no plaintext at rest and
 * outlives the sender deleting the message; only `openMessageSnapshot` (the moderators' queue)
 * opens it.
 */
export interface SealedMessageSnapshot {
  type: 'message';
  messageId: string;
  conversationId: string;
  bodySealed: string | null;
  imageKeySealed: string | null;
  imageAltSealed: string | null;
  createdAt: string;
}

/**
 * A message the reporter may report: one the other member sent in a conversation of the
 * reporter's that the reporter can see, not deleted. Undefined otherwise (a stranger learns
 * nothing). The reporter's own message is returned too: reports refuse it as their own content.
 */
export async function findReportableMessage(
  db: Executor,
  reporterId: string,
  messageId: string,
): Promise<{ senderId: string; snapshot: SealedMessageSnapshot } | undefined> {
  const row = await findReportableMessageRow(db, messageId);
  if (!row || row.deletedAt) return undefined;
  if (!(await findOpenConversation(db, reporterId, row.conversationId))) return undefined;
  return {
    senderId: row.senderId,
    snapshot: {
      type: 'message',
      messageId: row.id,
      conversationId: row.conversationId,
      bodySealed: row.bodySealed,
      imageKeySealed: row.imageKeySealed,
      imageAltSealed: row.imageAltSealed,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** The snapshot opened for a moderator (the image as a URL moderators may fetch while it exists). */
export function openMessageSnapshot(
  context: { config: Pick<AppContext['config'], 'dataEncryptionKey'> },
  stored: SealedMessageSnapshot,
) {
  const sealer = messageSealer(context.config.dataEncryptionKey);
  const open = (sealed: string | null) => (sealed ? sealer.open(sealed, stored.messageId) : null);
  const imageKey = open(stored.imageKeySealed);
  return {
    type: 'message' as const,
    conversationId: stored.conversationId,
    text: open(stored.bodySealed),
    image: imageKey ? { url: mediaUrl(imageKey), altText: open(stored.imageAltSealed) } : null,
    createdAt: stored.createdAt,
  };
}

/**
 * A moderator's "remove": the message becomes the "message deleted" placeholder, as if its sender
 * deleted it. Returns the image's storage key for the caller to delete after its transaction.
 */
export async function removeReportedMessage(
  context: { config: Pick<AppContext['config'], 'dataEncryptionKey'> },
  tx: Executor,
  messageId: string,
  now: Date,
): Promise<string[]> {
  const row = await findReportableMessageRow(tx, messageId);
  if (!row) return [];
  const before = await clearOwnMessage(tx, messageId, row.senderId, now);
  if (!before || before.deletedAt || !before.imageKeySealed) return [];
  return [messageSealer(context.config.dataEncryptionKey).open(before.imageKeySealed, before.id)];
}
