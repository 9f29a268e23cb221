import type { ChatMessage, Conversation } from '@kindred/contracts';

/** Test helpers for messages: the viewer, Ana, and builders for conversations and messages. */

export const VIEWER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
export const ANA_ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';
export const BRUNO_ID = 'b1b2c3d4-0000-4000-8000-0000000000bb';
export const CONVERSATION_ID = 'c0000000-0000-4000-8000-000000000001';
export const OTHER_CONVERSATION_ID = 'c0000000-0000-4000-8000-000000000002';

export const ana = {
  _id: ANA_ID,
  firstName: 'Ana',
  lastName: 'Lima',
  profilePicture: null,
  verifiedBadge: true,
  photoVerified: false,
};

export const bruno = {
  _id: BRUNO_ID,
  firstName: 'Bruno',
  lastName: 'Costa',
  profilePicture: null,
  verifiedBadge: false,
  photoVerified: false,
};

let counter = 0;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  return {
    _id: `d0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    conversationId: CONVERSATION_ID,
    senderId: ANA_ID,
    mine: false,
    text: 'Hello there',
    image: null,
    deleted: false,
    linksAllowed: true,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: CONVERSATION_ID,
    member: ana,
    lastMessage: null,
    unreadCount: 0,
    updatedAt: minutesAgo(5),
    memberReadAt: null,
    canSend: true,
    ...overrides,
  };
}

/** GET /api/conversations's answer. */
export function conversationList(conversations: Conversation[], nextCursor: string | null = null) {
  return {
    body: {
      success: true,
      conversations,
      nextCursor,
      unreadTotal: conversations.reduce((sum, c) => sum + c.unreadCount, 0),
    },
  };
}

/** GET /api/conversations/{id}/messages's answer (messages newest first). */
export function messagePage(
  conversation: Conversation,
  messages: ChatMessage[],
  nextCursor: string | null = null,
) {
  return { body: { success: true, conversation, messages, nextCursor } };
}

export const unreadTotal = (total: number) => ({ body: { success: true, unreadTotal: total } });
