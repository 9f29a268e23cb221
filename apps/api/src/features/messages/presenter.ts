import type { ChatMessage, Conversation, SensitiveMediaPreference } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { memberPlan } from '../entitlements/index.js';
import { sensitiveMediaPreferenceOf } from '../image-safety/index.js';
import { mediaUrl } from '../media/index.js';
import { loadMemberSummaries } from '../users/index.js';
import { showsReadReceipts } from './policy.js';
import {
  lastMessagesOf,
  otherReadMarks,
  readReceiptFieldsOf,
  unreadCountsOf,
  type MessageRow,
  type ViewedConversation,
} from './repo.js';
import { messageSealer } from './sealing.js';
import { imageCoveredForViewer } from './sensitivity.js';

/** Messages and conversations as a member sees them; content is opened here and only here. */

/**
 * `sensitiveMedia` is the viewer's choice for sensitive media (their own messages are never
 * covered, so the sender's replies may pass the default).
 */
export function presentMessage(
  context: Pick<AppContext, 'config'>,
  viewerId: string,
  row: MessageRow,
  sensitiveMedia: SensitiveMediaPreference,
): ChatMessage {
  const sealer = messageSealer(context.config.dataEncryptionKey);
  const deleted = row.deletedAt !== null;
  const imageKey = !deleted && row.imageKeySealed ? sealer.open(row.imageKeySealed, row.id) : null;
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    mine: row.senderId === viewerId,
    text: !deleted && row.bodySealed ? sealer.open(row.bodySealed, row.id) : null,
    image: imageKey
      ? {
          url: mediaUrl(imageKey),
          altText: row.imageAltSealed ? sealer.open(row.imageAltSealed, row.id) : null,
          width: row.imageWidth,
          height: row.imageHeight,
          sensitive: imageCoveredForViewer(viewerId, row, sensitiveMedia),
        }
      : null,
    deleted,
    linksAllowed: !row.fromStranger,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Which of the other members show the viewer their read state (plan and setting). */
async function readReceiptsShownBy(
  context: AppContext,
  memberIds: readonly string[],
): Promise<Set<string>> {
  const fields = await readReceiptFieldsOf(context.db, memberIds);
  const now = context.clock.now();
  const shown = new Set<string>();
  for (const [memberId, member] of fields) {
    if (member.allow && showsReadReceipts(memberPlan(member, now).planState, true))
      shown.add(memberId);
  }
  return shown;
}

/** The viewer's conversations, with what the list and the header need, in a few queries. */
export async function presentConversations(
  context: AppContext,
  viewerId: string,
  rows: ViewedConversation[],
): Promise<Conversation[]> {
  // A member without conversations reads nothing more (not even their sensitive-media choice).
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const otherIds = rows.map((row) => row.otherId);
  const [members, lastMessages, unread, marks, receipts, sensitiveMedia] = await Promise.all([
    loadMemberSummaries(context.db, viewerId, otherIds),
    lastMessagesOf(context.db, ids),
    unreadCountsOf(context.db, viewerId, ids),
    otherReadMarks(context.db, viewerId, ids),
    readReceiptsShownBy(context, otherIds),
    sensitiveMediaPreferenceOf(context.db, viewerId),
  ]);
  const result: Conversation[] = [];
  for (const row of rows) {
    const member = members.get(row.otherId);
    if (!member) continue;
    const last = lastMessages.get(row.id);
    const mark = receipts.has(row.otherId) ? marks.get(row.id) : undefined;
    result.push({
      _id: row.id,
      member,
      lastMessage: last ? presentMessage(context, viewerId, last, sensitiveMedia) : null,
      unreadCount: unread.get(row.id) ?? 0,
      updatedAt: row.updatedAt.toISOString(),
      memberReadAt: mark ? mark.toISOString() : null,
      canSend: row.mayWrite,
    });
  }
  return result;
}
