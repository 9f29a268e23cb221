import { IdSchema, type MessageEventData, type MessagesReadEventData } from '@kindred/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { memberPlan } from '../entitlements/index.js';
import { sensitiveMediaPreferenceOf } from '../image-safety/index.js';
import { registerClientEvent } from '../notifications/index.js';
import { showsReadReceipts } from './policy.js';
import { findMessage, findOpenConversation, readReceiptFieldsOf, unreadTotalOf } from './repo.js';
import { presentMessage } from './presenter.js';

/**
 * Messages on the live stream (GET /notifications/stream). The bus carries only ids — never a
 * message's text, so no carrier (a NOTIFY payload spilled into `live_event_payloads`, Redis) ever
 * holds it — and each member's stream loads the message as that member sees it when it sends
 * `event: message`, with their unread total. `event: messages-read` carries no content.
 */

export const MESSAGE_EVENT = 'message';
export const MESSAGES_READ_EVENT = 'messages-read';

const BusMessageSchema = z.object({ conversationId: IdSchema, messageId: IdSchema });

type Publishing = Pick<AppContext, 'liveEvents' | 'logger'>;

async function publishSafely(
  context: Publishing,
  memberId: string,
  event: { event: string; data: unknown },
): Promise<void> {
  try {
    await context.liveEvents.publish(memberId, event);
  } catch (error) {
    context.logger.error({ err: error, event: event.event }, 'live event could not be published');
  }
}

/** A message was sent or deleted: both members' streams (the sender's other tabs too). */
export async function publishMessageEvent(
  context: Publishing,
  input: { conversationId: string; messageId: string; memberIds: readonly string[] },
): Promise<void> {
  const data = { conversationId: input.conversationId, messageId: input.messageId };
  for (const memberId of input.memberIds) {
    await publishSafely(context, memberId, { event: MESSAGE_EVENT, data });
  }
}

/** What `memberId`'s stream sends for a bus message event; null when they may not see it. */
export async function prepareMessageEvent(
  context: AppContext,
  memberId: string,
  data: unknown,
): Promise<MessageEventData | null> {
  const parsed = BusMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const { conversationId, messageId } = parsed.data;
  if (!(await findOpenConversation(context.db, memberId, conversationId))) return null;
  const row = await findMessage(context.db, conversationId, messageId);
  if (!row) return null;
  return {
    conversationId,
    chatMessage: presentMessage(
      context,
      memberId,
      row,
      await sensitiveMediaPreferenceOf(context.db, memberId),
    ),
    unreadTotal: await unreadTotalOf(context.db, memberId),
  };
}

/**
 * A member read a conversation: their own streams get their new unread total; the other member
 * gets the read time only when it is shown to them (the reader's plan and setting).
 */
export async function publishReadEvent(
  context: AppContext,
  input: {
    conversationId: string;
    readerId: string;
    otherId: string;
    readAt: Date;
    readerUnreadTotal: number;
  },
): Promise<void> {
  const own: MessagesReadEventData = {
    conversationId: input.conversationId,
    unreadTotal: input.readerUnreadTotal,
    memberReadAt: null,
  };
  await publishSafely(context, input.readerId, { event: MESSAGES_READ_EVENT, data: own });
  const reader = (await readReceiptFieldsOf(context.db, [input.readerId])).get(input.readerId);
  if (!reader) return;
  if (!showsReadReceipts(memberPlan(reader, context.clock.now()).planState, reader.allow)) return;
  const other: MessagesReadEventData = {
    conversationId: input.conversationId,
    unreadTotal: await unreadTotalOf(context.db, input.otherId),
    memberReadAt: input.readAt.toISOString(),
  };
  await publishSafely(context, input.otherId, { event: MESSAGES_READ_EVENT, data: other });
}

/** Called once when the routes are mounted: the stream learns the two events. */
export function registerMessageEvents(): void {
  registerClientEvent(MESSAGE_EVENT, prepareMessageEvent);
  registerClientEvent(MESSAGES_READ_EVENT);
}
