import { z } from 'zod';
import { IdSchema } from './common.js';
import { characterCount, PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from './posts.js';
import { AuthorSummarySchema } from './responses.js';
import type { MessagePolicy } from './privacy.js';

/**
 * Messages (issue 16): private one-to-one conversations between two members. Matches and mutual
 * follows write to each other freely; anyone else sends a limited number of first messages a day
 * (the plan's `firstMessagesPerDay`, lower for new and much-reported accounts), and only when the
 * recipient's `whoCanMessage` allows it. Text and image keys are encrypted at rest; no message
 * content is ever logged or mailed.
 */

// ---------------------------------------------------------------------------------------------
// Limits and settings

export const MESSAGE_TEXT_MAX_LENGTH = 2000;
export const MESSAGE_ALT_TEXT_MAX_LENGTH = 1000;
/** The image field of a multipart POST /conversations/{id}/messages. */
export const MESSAGE_IMAGE_FIELD = 'image';

/** How the settings page says each option. */
export const MESSAGE_POLICY_LABELS: Record<MessagePolicy, string> = {
  everyone: 'Everyone',
  'matches-and-following': 'My matches and people I follow',
  matches: 'Only my matches',
};

/**
 * First messages a day for accounts under suspicion, whatever their plan allows (the lower of the
 * two counts): accounts younger than NEW_ACCOUNT_HOURS (privacy.ts), and members with at least
 * `MESSAGE_REPORTED_THRESHOLD` open or upheld reports against them.
 */
export const NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY = 3;
export const REPORTED_FIRST_MESSAGES_PER_DAY = 1;
export const MESSAGE_REPORTED_THRESHOLD = 3;

export const MESSAGE_MESSAGES = {
  sent: 'Message sent',
  deleted: 'Message deleted',
  /** Shown in place of a deleted message's text. */
  deletedPlaceholder: 'message deleted',
  read: 'Conversation marked as read',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  deleteNotOwn: 'You can only delete your own messages',
  cannotMessageSelf: 'You cannot message yourself',
  textRequired: 'Write a message or attach an image',
  textTooLong: `Messages must be ${MESSAGE_TEXT_MAX_LENGTH} characters or fewer`,
  altTextTooLong: `Image descriptions must be ${MESSAGE_ALT_TEXT_MAX_LENGTH} characters or fewer`,
  imageType: 'Only JPG, PNG or WEBP images can be sent',
  imageTooLarge: 'Image is too large. Maximum size is 10MB',
  /** 403 MESSAGE_NOT_ALLOWED: the recipient's whoCanMessage refuses strangers. */
  notAllowed: 'This member only receives messages from people they know',
  /**
   * 403 PHOTO_VERIFICATION_REQUIRED: the recipient takes first messages from photo-verified
   * members only, and the sender is not one.
   */
  photoVerificationRequired:
    'This member only receives messages from photo-verified members. Verify your photos in Settings to write to them.',
  /** 403 CONVERSATION_CLOSED: a block, an unmatch or a suspension closed it. */
  closed: 'This conversation is closed',
  /** 403 PLAN_LIMIT (feature firstMessagesPerDay). */
  firstMessageLimit: 'You have reached your first messages for today',
  invalidCursor: 'Invalid cursor',
  // Client-side words.
  loadFailed: 'Could not load your messages.',
  sendFailed: 'Could not send your message. Please try again.',
  deleteFailed: 'Could not delete the message. Please try again.',
  noConversations: 'No conversations yet.',
  noMessages: 'No messages yet. Say hello!',
} as const;

/** The notification mail says who wrote, never what ("New message from Ana"). */
export const messageNotificationSubject = (firstName: string) => `New message from ${firstName}`;

// ---------------------------------------------------------------------------------------------
// Items

export const ChatImageSchema = z.strictObject({
  /** Served by GET /api/media/{key} to the two members only. */
  url: z.string(),
  altText: z.string().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /**
   * Cover the image for this viewer ("Sensitive content — tap to view"): sent by the other member
   * and not yet scored by the image model, or scored at or above its threshold — unless the
   * viewer chose to see sensitive media as it is. Never for the viewer's own images.
   */
  sensitive: z.boolean(),
});
export type ChatImage = z.infer<typeof ChatImageSchema>;

/** One message. A deleted message keeps its place: text and image null, `deleted` true. */
export const ChatMessageSchema = z.strictObject({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** Sent by the viewer. */
  mine: z.boolean(),
  text: z.string().nullable(),
  image: ChatImageSchema.nullable(),
  deleted: z.boolean(),
  /**
   * False for a stranger's first messages (before the recipient has answered): the web shows
   * links in them as plain text.
   */
  linksAllowed: z.boolean(),
  /** ISO 8601. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** One conversation, as the viewer sees it. */
export const ConversationSchema = z.strictObject({
  _id: z.string(),
  /** The other member. */
  member: AuthorSummarySchema,
  /** Null until the first message. */
  lastMessage: ChatMessageSchema.nullable(),
  /** Messages from the other member the viewer has not read. */
  unreadCount: z.number().int().nonnegative(),
  /** ISO 8601: the last message's time (or the conversation's creation); the list's order. */
  updatedAt: z.iso.datetime({ offset: true }),
  /**
   * ISO 8601: until when the other member has read the viewer's messages ("Seen"); null when
   * nothing is read yet or the read receipt is not shown (the reader's plan must include read
   * receipts and the reader must allow them).
   */
  memberReadAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the viewer may write now (false when a first-message rule refuses it). */
  canSend: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

const pageQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`)
    .default(PAGE_DEFAULT_LIMIT),
};

/** GET /conversations and GET /conversations/{id}/messages: newest first. */
export const ConversationPageQuerySchema = z.object(pageQuery);
export type ConversationPageQuery = z.input<typeof ConversationPageQuerySchema>;

/** POST /conversations — the other member. */
export const OpenConversationSchema = z.strictObject({ userId: IdSchema });
export type OpenConversationInput = z.infer<typeof OpenConversationSchema>;

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .refine((value) => characterCount(value) <= max, { message: tooLong })
      .optional(),
  );

/**
 * POST /conversations/{id}/messages — JSON `{ text }`, or multipart/form-data with the image in
 * the `image` field and optional `altText` (and optional `text`). A message has text, an image or
 * both; text is kept as written (not trimmed) but must hold more than white space.
 */
export const SendMessageSchema = z.object({
  text: optionalText(MESSAGE_TEXT_MAX_LENGTH, MESSAGE_MESSAGES.textTooLong),
  altText: optionalText(MESSAGE_ALT_TEXT_MAX_LENGTH, MESSAGE_MESSAGES.altTextTooLong),
});
export type SendMessageInput = z.input<typeof SendMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

const success = { success: z.literal(true) } as const;

/** GET /conversations, most recently active first. */
export const ConversationListSchema = z.strictObject({
  ...success,
  conversations: z.array(ConversationSchema),
  nextCursor: z.string().nullable(),
  /** All unread messages of the viewer (the header's badge). */
  unreadTotal: z.number().int().nonnegative(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** POST /conversations: the existing conversation of the pair, or a new one. */
export const ConversationResponseSchema = z.strictObject({
  ...success,
  conversation: ConversationSchema,
});
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** GET /conversations/{id}/messages: the conversation and a page of messages, newest first. */
export const ChatMessagePageSchema = z.strictObject({
  ...success,
  conversation: ConversationSchema,
  messages: z.array(ChatMessageSchema),
  nextCursor: z.string().nullable(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/** POST /conversations/{id}/messages and DELETE …/messages/{messageId} (the placeholder). */
export const ChatMessageResponseSchema = z.strictObject({
  ...success,
  message: z.enum([MESSAGE_MESSAGES.sent, MESSAGE_MESSAGES.deleted]),
  chatMessage: ChatMessageSchema,
});
export type ChatMessageResponse = z.infer<typeof ChatMessageResponseSchema>;

/** POST /conversations/{id}/read. */
export const MarkConversationReadResponseSchema = z.strictObject({
  ...success,
  message: z.literal(MESSAGE_MESSAGES.read),
  unreadTotal: z.number().int().nonnegative(),
});
export type MarkConversationReadResponse = z.infer<typeof MarkConversationReadResponseSchema>;

/** GET /conversations/unread-count: the header's badge. */
export const MessagesUnreadResponseSchema = z.strictObject({
  ...success,
  unreadTotal: z.number().int().nonnegative(),
});
export type MessagesUnreadResponse = z.infer<typeof MessagesUnreadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Live events (on GET /notifications/stream)

/**
 * `event: message` — a message was sent or deleted in one of the member's conversations (also to
 * the sender's other tabs). The web inserts or replaces it by `_id`.
 */
export const MessageEventDataSchema = z.strictObject({
  conversationId: z.string(),
  chatMessage: ChatMessageSchema,
  /** The receiving member's unread total after it. */
  unreadTotal: z.number().int().nonnegative(),
});
export type MessageEventData = z.infer<typeof MessageEventDataSchema>;

/**
 * `event: messages-read` — a conversation was read: to the reader's own tabs (their new unread
 * total), and to the other member with `memberReadAt` when the read receipt is shown to them.
 */
export const MessagesReadEventDataSchema = z.strictObject({
  conversationId: z.string(),
  unreadTotal: z.number().int().nonnegative(),
  memberReadAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MessagesReadEventData = z.infer<typeof MessagesReadEventDataSchema>;
