import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import {
  chatMessages,
  conversationReads,
  conversations,
  firstMessageCounts,
  privacySettings,
  reports,
  users,
} from '../../db/schema.js';
import { visibleMemberExists, type ViewerId } from '../users/index.js';
import {
  acceptsSenderPhotoWhere,
  acceptsStrangerWhere,
  mayWrite,
  writesFreelyWhere,
  type ContactState,
} from './policy.js';

/** The queries behind messages (this feature is the only writer of its four tables). */

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The pair as stored: the lower id first. */
export function orderedPair(a: string, b: string) {
  return a < b ? { memberLow: a, memberHigh: b } : { memberLow: b, memberHigh: a };
}

/** The other member of a conversation, as SQL, for `viewerId`. */
function otherMemberOf(viewerId: ViewerId): SQL<string> {
  return sql<string>`(case when ${conversations.memberLow} = ${viewerId}::uuid then ${conversations.memberHigh} else ${conversations.memberLow} end)`;
}

/**
 * The viewer's conversations they may see: theirs, not closed by an unmatch, the other member
 * visible to them (no block either way, not suspended or disabled).
 */
function openConversationOf(viewerId: ViewerId): SQL {
  return and(
    or(eq(conversations.memberLow, viewerId), eq(conversations.memberHigh, viewerId)),
    isNull(conversations.closedAt),
    visibleMemberExists(viewerId, otherMemberOf(viewerId)),
  )!;
}

export interface ViewedConversation extends ConversationRow {
  otherId: string;
  /** The viewer may write to the other member now (the daily count aside). */
  mayWrite: boolean;
  keysetTime: string;
}

const viewedColumns = (viewerId: string) => ({
  otherId: otherMemberOf(viewerId),
  writesFreely: sql<boolean>`${writesFreelyWhere(viewerId, otherMemberOf(viewerId), conversations.id)}`,
  acceptsStranger: sql<boolean>`${acceptsStrangerWhere(viewerId, otherMemberOf(viewerId))}`,
  acceptsSenderPhoto: sql<boolean>`${acceptsSenderPhotoWhere(viewerId, otherMemberOf(viewerId))}`,
  keysetTime: keysetTime(conversations.updatedAt),
});

function toViewed(
  row: ConversationRow & { otherId: string; keysetTime: string } & ContactState,
): ViewedConversation {
  const { writesFreely, acceptsStranger, acceptsSenderPhoto, ...rest } = row;
  return {
    ...rest,
    mayWrite: mayWrite(contactState({ writesFreely, acceptsStranger, acceptsSenderPhoto })),
  };
}

/** The driver's booleans as booleans (a missing row is "no"). */
function contactState(row: Partial<ContactState> | undefined): ContactState {
  return {
    writesFreely: Boolean(row?.writesFreely),
    acceptsStranger: Boolean(row?.acceptsStranger),
    acceptsSenderPhoto: Boolean(row?.acceptsSenderPhoto),
  };
}

/** One of the viewer's open conversations, or undefined (unknown, another pair's, or hidden). */
export async function findOpenConversation(
  db: Executor,
  viewerId: string,
  conversationId: string,
): Promise<ViewedConversation | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(conversations), ...viewedColumns(viewerId) })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), openConversationOf(viewerId)));
  return row ? toViewed(row) : undefined;
}

/**
 * The viewer's conversations, most recently active first: those with messages, and those the
 * viewer opened (an empty one shows only to its opener).
 */
export async function pageConversations(
  db: Executor,
  viewerId: string,
  keyset: Keyset | undefined,
  limit: number,
): Promise<ViewedConversation[]> {
  const rows = await db
    .select({ ...getTableColumns(conversations), ...viewedColumns(viewerId) })
    .from(conversations)
    .where(
      and(
        openConversationOf(viewerId),
        or(sql`${conversations.lastMessageAt} is not null`, eq(conversations.openedBy, viewerId)),
        keyset ? afterKeyset(conversations.updatedAt, conversations.id, keyset) : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  return rows.map(toViewed);
}

/** The pair's conversation, whatever its state. */
export async function findPairConversation(
  db: Executor,
  a: string,
  b: string,
): Promise<ConversationRow | undefined> {
  const pair = orderedPair(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.memberLow, pair.memberLow),
        eq(conversations.memberHigh, pair.memberHigh),
      ),
    );
  return row;
}

/** Creates the pair's conversation unless it exists (two openers at once share one row). */
export async function insertPairConversation(
  db: Executor,
  openerId: string,
  otherId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(conversations)
    .values({
      ...orderedPair(openerId, otherId),
      openedBy: openerId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** Whether `senderId` may write to `recipientId` (in `conversationId`, if there is one yet). */
export async function contactStateOf(
  db: Executor,
  senderId: string,
  recipientId: string,
  conversationId: string | null,
): Promise<ContactState> {
  const recipient = sql`${recipientId}::uuid`;
  const [row] = await db
    .select({
      writesFreely: sql<boolean>`${writesFreelyWhere(senderId, recipient, conversationId === null ? null : sql`${conversationId}::uuid`)}`,
      acceptsStranger: sql<boolean>`${acceptsStrangerWhere(senderId, recipient)}`,
      acceptsSenderPhoto: sql<boolean>`${acceptsSenderPhotoWhere(senderId, recipient)}`,
    })
    .from(users)
    .where(eq(users.id, senderId));
  return contactState(row);
}

/** Whether the member already sent a message in the conversation (deleted ones count). */
export async function hasSentIn(
  db: Executor,
  conversationId: string,
  memberId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.senderId, memberId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one first message for the sender's day, unless `cap` are counted already: true when it
 * was counted. One statement, so parallel sends cannot both take the last one.
 */
export async function claimFirstMessage(
  db: Executor,
  senderId: string,
  day: string,
  cap: number,
): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await db
    .insert(firstMessageCounts)
    .values({ senderId, day, count: 1 })
    .onConflictDoUpdate({
      target: [firstMessageCounts.senderId, firstMessageCounts.day],
      set: { count: sql`${firstMessageCounts.count} + 1` },
      setWhere: sql`${firstMessageCounts.count} < ${cap}`,
    })
    .returning({ count: firstMessageCounts.count });
  return rows.length > 0;
}

/** Open reports against the member, and reports a moderator upheld (by distinct reporters). */
export async function openOrUpheldReportsAgainst(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(
      and(
        eq(reports.targetMemberId, memberId),
        or(eq(reports.status, 'open'), inArray(reports.action, ['remove', 'suspend'])),
      ),
    );
  return row?.count ?? 0;
}

export async function accountCreatedAt(db: Executor, memberId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, memberId));
  return row?.createdAt;
}

export async function insertMessage(
  db: Executor,
  message: typeof chatMessages.$inferInsert & { createdAt: Date },
): Promise<MessageRow> {
  const [row] = await db.insert(chatMessages).values(message).returning();
  await db
    .update(conversations)
    .set({ updatedAt: message.createdAt, lastMessageAt: message.createdAt })
    .where(eq(conversations.id, message.conversationId));
  return row!;
}

export interface PagedMessage extends MessageRow {
  keysetTime: string;
}

/** A conversation's messages, newest first. */
export async function pageMessages(
  db: Executor,
  conversationId: string,
  keyset: Keyset | undefined,
  limit: number,
): Promise<PagedMessage[]> {
  return db
    .select({ ...getTableColumns(chatMessages), keysetTime: keysetTime(chatMessages.createdAt) })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        keyset ? afterKeyset(chatMessages.createdAt, chatMessages.id, keyset) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
}

/** The newest message of each conversation. */
export async function lastMessagesOf(
  db: Executor,
  conversationIds: readonly string[],
): Promise<Map<string, MessageRow>> {
  const result = new Map<string, MessageRow>();
  if (conversationIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, [...conversationIds]))
    .orderBy(chatMessages.conversationId, desc(chatMessages.createdAt), desc(chatMessages.id));
  for (const row of rows) result.set(row.conversationId, row);
  return result;
}

export async function findMessage(
  db: Executor,
  conversationId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId)));
  return row;
}

/** A message by its id alone (reports name a message without its conversation). */
export async function findReportableMessageRow(
  db: Executor,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

/** Empties the sender's message (the row stays as the placeholder); the old row, or undefined. */
export async function clearOwnMessage(
  db: Executor,
  messageId: string,
  senderId: string,
  now: Date,
): Promise<MessageRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.senderId, senderId)))
      .for('update');
    if (!before || before.deletedAt) return before;
    await tx
      .update(chatMessages)
      .set({
        bodySealed: null,
        imageKeySealed: null,
        imageDigest: null,
        imageAltSealed: null,
        imageBytes: null,
        imageWidth: null,
        imageHeight: null,
        deletedAt: now,
      })
      .where(eq(chatMessages.id, messageId));
    return before;
  });
}

/** Unread messages per conversation (from the other member, not deleted, after the read mark). */
function unreadWhere(viewerId: ViewerId): SQL {
  return and(
    ne(chatMessages.senderId, viewerId),
    isNull(chatMessages.deletedAt),
    sql`${chatMessages.createdAt} > coalesce((select ${conversationReads.lastReadAt} from ${conversationReads} where ${conversationReads.conversationId} = ${chatMessages.conversationId} and ${conversationReads.memberId} = ${viewerId}::uuid), '-infinity'::timestamptz)`,
  )!;
}

export async function unreadCountsOf(
  db: Executor,
  viewerId: string,
  conversationIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (conversationIds.length === 0) return counts;
  const rows = await db
    .select({ conversationId: chatMessages.conversationId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, [...conversationIds]), unreadWhere(viewerId)))
    .groupBy(chatMessages.conversationId);
  for (const row of rows) counts.set(row.conversationId, row.count);
  return counts;
}

/**
 * All the viewer's unread messages, in the conversations they may see, read on every conversations
 * page, every read mark and every live message: prepared once per database, so PostgreSQL parses
 * and plans it once per connection. It counts every unread message whatever the plan, so the generic
 * plan costs nothing a custom one would save.
 */
function prepareUnreadTotal(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(openConversationOf(viewerId), unreadWhere(viewerId)))
    .prepare('messages_unread_total');
}

const unreadTotals = new WeakMap<Database, ReturnType<typeof prepareUnreadTotal>>();

export async function unreadTotalOf(db: Database, viewerId: string): Promise<number> {
  let query = unreadTotals.get(db);
  if (!query) {
    query = prepareUnreadTotal(db);
    unreadTotals.set(db, query);
  }
  const [row] = await query.execute({ viewerId });
  return row?.count ?? 0;
}

/** Records that the member read the conversation up to `at` (never moves back). */
export async function saveReadMark(
  db: Executor,
  conversationId: string,
  memberId: string,
  at: Date,
  lastMessageId: string | null,
): Promise<void> {
  await db
    .insert(conversationReads)
    .values({ conversationId, memberId, lastReadAt: at, lastReadMessageId: lastMessageId })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.memberId],
      set: { lastReadAt: at, lastReadMessageId: lastMessageId },
      setWhere: sql`${conversationReads.lastReadAt} <= ${at.toISOString()}::timestamptz`,
    });
}

export async function readMarkOf(
  db: Executor,
  conversationId: string,
  memberId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ lastReadAt: conversationReads.lastReadAt })
    .from(conversationReads)
    .where(
      and(
        eq(conversationReads.conversationId, conversationId),
        eq(conversationReads.memberId, memberId),
      ),
    );
  return row?.lastReadAt ?? null;
}

/** A member's read-receipt setting and the plan fields that decide whether their plan shows them. */
export interface ReadReceiptFields {
  allow: boolean;
  plan: (typeof users.$inferSelect)['plan'];
  subscriptionStatus: (typeof users.$inferSelect)['subscriptionStatus'];
  trialEndDate: Date | null;
}

/**
 * Several members' read-receipt setting (true for members who never saved settings) with their
 * plan fields, in one query however many members (a conversations page must not read each plan).
 */
export async function readReceiptFieldsOf(
  db: Executor,
  memberIds: readonly string[],
): Promise<Map<string, ReadReceiptFields>> {
  const fields = new Map<string, ReadReceiptFields>();
  if (memberIds.length === 0) return fields;
  const rows = await db
    .select({
      userId: users.id,
      allow: sql<boolean>`coalesce(${privacySettings.allowReadReceipts}, true)`,
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      trialEndDate: users.trialEndDate,
    })
    .from(users)
    .leftJoin(privacySettings, eq(privacySettings.userId, users.id))
    .where(inArray(users.id, [...new Set(memberIds)]));
  for (const { userId, ...row } of rows) fields.set(userId, row);
  return fields;
}

/** Read marks of the other members in the given conversations. */
export async function otherReadMarks(
  db: Executor,
  viewerId: string,
  conversationIds: readonly string[],
): Promise<Map<string, Date>> {
  const marks = new Map<string, Date>();
  if (conversationIds.length === 0) return marks;
  const rows = await db
    .select({ conversationId: conversationReads.conversationId, at: conversationReads.lastReadAt })
    .from(conversationReads)
    .where(
      and(
        inArray(conversationReads.conversationId, [...conversationIds]),
        ne(conversationReads.memberId, viewerId),
      ),
    );
  for (const row of rows) marks.set(row.conversationId, row.at);
  return marks;
}

/** The message an image digest belongs to, with its conversation's two members. */
export async function findImageOwner(
  db: Executor,
  digest: string,
): Promise<
  | {
      messageId: string;
      conversationId: string;
      memberLow: string;
      memberHigh: string;
      closed: boolean;
    }
  | undefined
> {
  const [row] = await db
    .select({
      messageId: chatMessages.id,
      conversationId: chatMessages.conversationId,
      memberLow: conversations.memberLow,
      memberHigh: conversations.memberHigh,
      closed: sql<boolean>`${conversations.closedAt} is not null`,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.imageDigest, digest), isNull(chatMessages.deletedAt)));
  return row;
}

/** Whether anyone reported the message (moderators may then open its image). */
export async function isReportedMessage(db: Executor, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetType, 'message'), eq(reports.targetId, messageId)))
    .limit(1);
  return row !== undefined;
}

/** An unmatch closes the pair's conversation (kept, hidden, no more messages). */
export async function closePairConversation(
  db: Executor,
  a: string,
  b: string,
  now: Date,
): Promise<void> {
  const pair = orderedPair(a, b);
  await db
    .update(conversations)
    .set({ closedAt: now })
    .where(
      and(
        eq(conversations.memberLow, pair.memberLow),
        eq(conversations.memberHigh, pair.memberHigh),
        isNull(conversations.closedAt),
      ),
    );
}
