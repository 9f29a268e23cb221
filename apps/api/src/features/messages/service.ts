import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  characterCount,
  MESSAGE_MESSAGES,
  POST_IMAGE_MAX_BYTES,
  SENSITIVE_MEDIA_DEFAULT,
  USER_MESSAGES,
  type ChatMessage,
  type Conversation,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { entitlementsOf, planLimit } from '../entitlements/index.js';
import { sensitiveMediaPreferenceOf } from '../image-safety/index.js';
import { isImageMime, newMediaKey, processImage, sniffMediaFile } from '../media/index.js';
import { notifyMember } from '../notifications/index.js';
import { loadMemberSummaries, newAccountLimitEndsAt } from '../users/index.js';
import {
  assertMayWrite,
  assertNotSelf,
  assertOwnMessage,
  conversationNotFound,
  firstMessageCap,
  messageNotFound,
  safetyCapReached,
} from './policy.js';
import {
  claimFirstMessage,
  clearOwnMessage,
  contactStateOf,
  findMessage,
  findOpenConversation,
  findPairConversation,
  hasSentIn,
  insertMessage,
  insertPairConversation,
  openOrUpheldReportsAgainst,
  pageConversations,
  pageMessages,
  saveReadMark,
  unreadTotalOf,
  type MessageRow,
  type ViewedConversation,
} from './repo.js';
import { messageSealer } from './sealing.js';
import { publishMessageEvent, publishReadEvent } from './live.js';
import { presentConversations, presentMessage } from './presenter.js';
import { classifyMessageImage } from './sensitivity.js';

/** Messages: the domain logic behind /api/conversations. */

type Ctx = AppContext;

const invalidCursor = () => badRequest(MESSAGE_MESSAGES.invalidCursor);

async function presentOne(
  context: Ctx,
  viewerId: string,
  row: ViewedConversation,
): Promise<Conversation> {
  const [conversation] = await presentConversations(context, viewerId, [row]);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listConversations(
  context: Ctx,
  viewerId: string,
  query: { limit: number; cursor?: string | undefined },
) {
  const keyset = decodeCursor(query.cursor, invalidCursor);
  const rows = await pageConversations(context.db, viewerId, keyset, query.limit);
  const { items, nextCursor } = toPage(rows, query.limit);
  const [conversations, unreadTotal] = await Promise.all([
    presentConversations(context, viewerId, items),
    unreadTotalOf(context.db, viewerId),
  ]);
  return { conversations, nextCursor, unreadTotal };
}

export function unreadTotal(context: Ctx, viewerId: string): Promise<number> {
  return unreadTotalOf(context.db, viewerId);
}

async function openConversationOrThrow(context: Ctx, viewerId: string, conversationId: string) {
  const row = await findOpenConversation(context.db, viewerId, conversationId);
  if (!row) throw conversationNotFound();
  return row;
}

export async function listMessages(
  context: Ctx,
  viewerId: string,
  conversationId: string,
  query: { limit: number; cursor?: string | undefined },
) {
  const keyset = decodeCursor(query.cursor, invalidCursor);
  const row = await openConversationOrThrow(context, viewerId, conversationId);
  const [rows, sensitiveMedia] = await Promise.all([
    pageMessages(context.db, conversationId, keyset, query.limit),
    sensitiveMediaPreferenceOf(context.db, viewerId),
  ]);
  const { items, nextCursor } = toPage(rows, query.limit);
  return {
    conversation: await presentOne(context, viewerId, row),
    messages: items.map((message) => presentMessage(context, viewerId, message, sensitiveMedia)),
    nextCursor,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** POST /conversations: the pair's conversation, opened now if there is none. */
export async function openConversation(
  context: Ctx,
  viewerId: string,
  otherId: string,
): Promise<Conversation> {
  assertNotSelf(viewerId, otherId);
  const members = await loadMemberSummaries(context.db, viewerId, [otherId]);
  if (!members.has(otherId)) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  let existing = await findPairConversation(context.db, viewerId, otherId);
  if (existing?.closedAt) throw closed();
  if (!existing) {
    assertMayWrite(await contactStateOf(context.db, viewerId, otherId, null));
    await insertPairConversation(context.db, viewerId, otherId, context.clock.now());
    existing = await findPairConversation(context.db, viewerId, otherId);
  }
  const row = existing && (await findOpenConversation(context.db, viewerId, existing.id));
  if (!row) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  return presentOne(context, viewerId, row);
}

const closed = () => new AppError(403, MESSAGE_MESSAGES.closed, 'CONVERSATION_CLOSED');

export interface NewMessage {
  text?: string | undefined;
  altText?: string | undefined;
}

interface StoredImage {
  key: string;
  bytes: number;
  width: number;
  height: number;
}

/** Sniffed and re-encoded like a post's image (no metadata survives), under a fresh key. */
async function storeMessageImage(
  context: Ctx,
  file: { path: string; size: number },
): Promise<StoredImage> {
  const mime = await sniffMediaFile(file.path);
  if (!isImageMime(mime)) throw new AppError(415, MESSAGE_MESSAGES.imageType);
  if (file.size > POST_IMAGE_MAX_BYTES) throw new AppError(413, MESSAGE_MESSAGES.imageTooLarge);
  const { full } = await processImage(await readFile(file.path), MESSAGE_MESSAGES.imageType);
  const key = newMediaKey(full.extension);
  await context.storage.put(key, full.data);
  return { key, bytes: full.data.length, width: full.width, height: full.height };
}

async function removeImage(context: Ctx, key: string): Promise<void> {
  try {
    await context.storage.delete(key);
  } catch (error) {
    context.logger.warn({ err: error }, 'could not remove a message image');
  }
}

/** Refuses a stranger's first message past the day's cap (plan, new account, reports). */
async function countFirstMessage(context: Ctx, senderId: string, now: Date): Promise<void> {
  const [plan, newAccountEndsAt, reports] = await Promise.all([
    entitlementsOf(context, senderId),
    newAccountLimitEndsAt(context.db, senderId, now),
    openOrUpheldReportsAgainst(context.db, senderId),
  ]);
  const { cap, reason } = firstMessageCap(plan.planState, {
    newAccount: newAccountEndsAt !== null,
    openOrUpheldReports: reports,
  });
  if (cap === null) return;
  const day = now.toISOString().slice(0, 10);
  if (await claimFirstMessage(context.db, senderId, day, cap)) return;
  if (reason === 'plan') {
    throw planLimit('firstMessagesPerDay', cap + 1, MESSAGE_MESSAGES.firstMessageLimit);
  }
  const midnight = Date.parse(`${day}T00:00:00.000Z`) + 24 * 60 * 60_000;
  throw safetyCapReached(reason, Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)));
}

/** POST /conversations/{id}/messages. */
export async function sendMessage(
  context: Ctx,
  senderId: string,
  conversationId: string,
  input: NewMessage,
  file: { path: string; size: number } | undefined,
): Promise<ChatMessage> {
  const text = input.text !== undefined && input.text.trim() !== '' ? input.text : undefined;
  const hasFile = file !== undefined && file.size > 0;
  if (text === undefined && !hasFile) throw badRequest(MESSAGE_MESSAGES.textRequired);
  if (text !== undefined && characterCount(text) > 2000) {
    throw badRequest(MESSAGE_MESSAGES.textTooLong);
  }

  const conversation = await openConversationOrThrow(context, senderId, conversationId);
  const recipientId = conversation.otherId;
  const state = await contactStateOf(context.db, senderId, recipientId, conversationId);
  assertMayWrite(state);
  const now = context.clock.now();
  const fromStranger = !state.writesFreely;
  if (fromStranger && !(await hasSentIn(context.db, conversationId, senderId))) {
    await countFirstMessage(context, senderId, now);
  }

  const image = hasFile ? await storeMessageImage(context, file) : undefined;
  const sealer = messageSealer(context.config.dataEncryptionKey);
  const id = randomUUID();
  let row: MessageRow;
  try {
    row = await insertMessage(context.db, {
      id,
      conversationId,
      senderId,
      bodySealed: text === undefined ? null : sealer.seal(text, id),
      imageKeySealed: image ? sealer.seal(image.key, id) : null,
      imageDigest: image ? sealer.mediaDigest(image.key) : null,
      imageAltSealed: image && input.altText ? sealer.seal(input.altText, id) : null,
      imageBytes: image?.bytes ?? null,
      imageWidth: image?.width ?? null,
      imageHeight: image?.height ?? null,
      fromStranger,
      createdAt: now,
    });
  } catch (error) {
    if (image) await removeImage(context, image.key);
    throw error;
  }

  await publishMessageEvent(context, {
    conversationId,
    messageId: id,
    memberIds: [senderId, recipientId],
  });
  // "New message from Ana" — the item names the sender, never the content.
  await notifyMember(context, {
    type: 'message',
    recipientId,
    actorId: senderId,
    conversationId,
  });
  if (image) {
    // After the reply: the recipient sees the image covered until its score is in (sensitivity.ts).
    context.background.run('classify a message image', () => classifyMessageImage(context, id));
  }
  return presentMessage(context, senderId, row, SENSITIVE_MEDIA_DEFAULT);
}

/** DELETE /conversations/{id}/messages/{messageId}: the sender's own message only. */
export async function deleteMessage(
  context: Ctx,
  actorId: string,
  conversationId: string,
  messageId: string,
): Promise<ChatMessage> {
  const conversation = await openConversationOrThrow(context, actorId, conversationId);
  const message = await findMessage(context.db, conversationId, messageId);
  if (!message) throw messageNotFound();
  assertOwnMessage(actorId, message.senderId);
  const before = await clearOwnMessage(context.db, messageId, actorId, context.clock.now());
  if (!before) throw messageNotFound();
  if (!before.deletedAt && before.imageKeySealed) {
    const key = messageSealer(context.config.dataEncryptionKey).open(
      before.imageKeySealed,
      before.id,
    );
    await removeImage(context, key);
  }
  await publishMessageEvent(context, {
    conversationId,
    messageId,
    memberIds: [actorId, conversation.otherId],
  });
  const after = await findMessage(context.db, conversationId, messageId);
  return presentMessage(context, actorId, after!, SENSITIVE_MEDIA_DEFAULT);
}

/** POST /conversations/{id}/read: everything up to now is read. */
export async function markConversationRead(
  context: Ctx,
  readerId: string,
  conversationId: string,
): Promise<number> {
  const conversation = await openConversationOrThrow(context, readerId, conversationId);
  const now = context.clock.now();
  const [last] = await pageMessages(context.db, conversationId, undefined, 1);
  await saveReadMark(context.db, conversationId, readerId, now, last?.id ?? null);
  const total = await unreadTotalOf(context.db, readerId);
  await publishReadEvent(context, {
    conversationId,
    readerId,
    otherId: conversation.otherId,
    readAt: now,
    readerUnreadTotal: total,
  });
  return total;
}
