import {
  ENTITLEMENTS,
  MESSAGE_MESSAGES,
  MESSAGE_REPORTED_THRESHOLD,
  NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY,
  REPORTED_FIRST_MESSAGES_PER_DAY,
  type PlanState,
} from '@kindred/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chatMessages, follows, privacySettings, users } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { matchedWithWhere } from '../matches/index.js';
import { followsMemberWhere } from '../users/index.js';

/**
 * Who may message whom — decided here.
 *   - Only the two members of a conversation read it, write in it or fetch its images; to anyone
 *     else it does not exist (404, the same as an unknown id).
 *   - A conversation is hidden from both and closed to new messages while either blocked the other
 *     or either account is suspended or disabled (users' `visibleMembersWhere`), and for good once
 *     an unmatch closed it (`closed_at`). Its history stays in the database (for reports).
 *   - Matches, mutual follows, and a member who already answered, write freely.
 *   - Anyone else ("a stranger") writes only when the recipient's `whoCanMessage` allows it:
 *     `everyone`; `matches-and-following` when the recipient follows the sender; `matches` never.
 *     A recipient with `messagesFromPhotoVerifiedOnly` also needs the stranger to be
 *     photo-verified (403 PHOTO_VERIFICATION_REQUIRED otherwise, so the sender learns what
 *     would let them write).
 *     A stranger's first message in a conversation counts against the sender's first messages of
 *     the UTC day: the plan's `firstMessagesPerDay` (403 PLAN_LIMIT), lower for accounts younger
 *     than 24 hours and for members with several open or upheld reports (429). Links in a
 *     stranger's messages are not clickable until the recipient answers (`linksAllowed: false`).
 *   - Only the sender deletes a message; it stays as a "message deleted" placeholder.
 *   - Read receipts are shown to the sender only when the reader's plan includes them and the
 *     reader allows them (privacy setting `readReceipts`).
 */

const recipientPrivacy = alias(privacySettings, 'recipient_privacy');
const answered = alias(chatMessages, 'answered');
const senderFollow = alias(follows, 'sender_follow');
const verifiedOnlyPrivacy = alias(privacySettings, 'verified_only_privacy');
const photoVerifiedSender = alias(users, 'photo_verified_sender');

/**
 * SQL: `senderId` may write to the member in `recipientIdColumn` without it counting as a first
 * message — a match, a mutual follow, or the recipient already wrote in the conversation.
 */
export function writesFreelyWhere(
  senderId: string,
  recipientIdColumn: AnyColumn | SQL,
  conversationIdColumn: AnyColumn | SQL | null,
): SQL {
  const answeredAlready =
    conversationIdColumn === null
      ? sql`false`
      : sql`exists (select 1 from ${chatMessages} ${answered} where ${answered.conversationId} = ${conversationIdColumn} and ${answered.senderId} = ${recipientIdColumn})`;
  return sql`(${matchedWithWhere(senderId, recipientIdColumn)}
    or (exists (select 1 from ${follows} ${senderFollow} where ${senderFollow.followerId} = ${senderId}::uuid and ${senderFollow.followeeId} = ${recipientIdColumn}) and ${followsMemberWhere(recipientIdColumn, senderId)})
    or ${answeredAlready})`;
}

/** SQL: the recipient's `whoCanMessage` lets `senderId` start a conversation with them. */
export function acceptsStrangerWhere(senderId: string, recipientIdColumn: AnyColumn | SQL): SQL {
  return sql`not exists (
    select 1 from ${privacySettings} ${recipientPrivacy}
    where ${recipientPrivacy.userId} = ${recipientIdColumn}
      and (
        ${recipientPrivacy.whoCanMessage} = 'matches'
        or (
          ${recipientPrivacy.whoCanMessage} = 'matches-and-following'
          and not ${followsMemberWhere(recipientIdColumn, senderId)}
        )
      )
  )`;
}

/**
 * SQL: the recipient's `messagesFromPhotoVerifiedOnly` lets `senderId` start a conversation — it
 * is off, or the sender is photo-verified.
 */
export function acceptsSenderPhotoWhere(senderId: string, recipientIdColumn: AnyColumn | SQL): SQL {
  return sql`(not exists (
    select 1 from ${privacySettings} ${verifiedOnlyPrivacy}
    where ${verifiedOnlyPrivacy.userId} = ${recipientIdColumn}
      and ${verifiedOnlyPrivacy.messagesFromPhotoVerifiedOnly}
  ) or exists (
    select 1 from ${users} ${photoVerifiedSender}
    where ${photoVerifiedSender.id} = ${senderId}::uuid and ${photoVerifiedSender.photoVerifiedAt} is not null
  ))`;
}

/** What the rules above found for one sender and recipient. */
export interface ContactState {
  writesFreely: boolean;
  acceptsStranger: boolean;
  /** The recipient does not ask for photo-verified strangers, or the sender is one. */
  acceptsSenderPhoto: boolean;
}

export function mayWrite(state: ContactState): boolean {
  return state.writesFreely || (state.acceptsStranger && state.acceptsSenderPhoto);
}

export function assertMayWrite(state: ContactState): void {
  if (mayWrite(state)) return;
  if (!state.acceptsStranger) throw forbidden(MESSAGE_MESSAGES.notAllowed, 'MESSAGE_NOT_ALLOWED');
  throw forbidden(MESSAGE_MESSAGES.photoVerificationRequired, 'PHOTO_VERIFICATION_REQUIRED');
}

export function assertNotSelf(senderId: string, recipientId: string): void {
  if (senderId === recipientId) throw badRequest(MESSAGE_MESSAGES.cannotMessageSelf);
}

export const conversationNotFound = () => notFound(MESSAGE_MESSAGES.conversationNotFound);
export const messageNotFound = () => notFound(MESSAGE_MESSAGES.messageNotFound);

export function assertOwnMessage(actorId: string, senderId: string): void {
  if (actorId !== senderId) throw forbidden(MESSAGE_MESSAGES.deleteNotOwn);
}

/** What limits a sender's first messages today, and which rule set the number. */
export interface FirstMessageCap {
  cap: number | null;
  reason: 'plan' | 'new-account' | 'reported';
}

/**
 * The sender's first-message cap for the day: the plan's, lowered to the safety caps for a new
 * account or a much-reported member (the lowest applies).
 */
export function firstMessageCap(
  planState: PlanState,
  safety: { newAccount: boolean; openOrUpheldReports: number },
): FirstMessageCap {
  let result: FirstMessageCap = {
    cap: ENTITLEMENTS[planState].firstMessagesPerDay,
    reason: 'plan',
  };
  const lower = (cap: number, reason: FirstMessageCap['reason']) => {
    if (result.cap === null || cap < result.cap) result = { cap, reason };
  };
  if (safety.newAccount) lower(NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY, 'new-account');
  if (safety.openOrUpheldReports >= MESSAGE_REPORTED_THRESHOLD) {
    lower(REPORTED_FIRST_MESSAGES_PER_DAY, 'reported');
  }
  return result;
}

/** The 429 of the safety caps (upgrading would not lift them, so it is not a PLAN_LIMIT). */
export function safetyCapReached(reason: 'new-account' | 'reported', retryAfterSeconds: number) {
  return new AppError(429, MESSAGE_MESSAGES.firstMessageLimit, {
    code: reason === 'new-account' ? 'NEW_ACCOUNT_LIMIT' : 'RATE_LIMITED',
    retryAfterSeconds,
  });
}

/** Whether the reader's read state is shown to the other member. */
export function showsReadReceipts(readerPlan: PlanState, readerAllows: boolean): boolean {
  return ENTITLEMENTS[readerPlan].readReceipts && readerAllows;
}
