import type {
  ChatMessage,
  ChatMessagePage,
  Conversation,
  ConversationList,
} from '@kindred/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * How the cached conversations change as messages come and go — pure functions over the cached
 * pages, shared by the composer's answers and the live stream (which may bring the same message
 * twice: the sender's own tab hears its message back; it is placed once, by `_id`).
 */

export type ChatPagesData = InfiniteData<ChatMessagePage, string | null>;
export type ConversationPagesData = InfiniteData<ConversationList, string | null>;

/** The conversation's messages, newest first, in the cache (a message seen again replaces itself). */
export function placeMessage(
  data: ChatPagesData | undefined,
  message: ChatMessage,
): ChatPagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  const known = data.pages.some((page) => page.messages.some((m) => m._id === message._id));
  if (known) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) => (m._id === message._id ? message : m)),
      })),
    };
  }
  const [first, ...rest] = data.pages;
  const unread = !message.mine && !message.deleted ? 1 : 0;
  return {
    ...data,
    pages: [
      {
        ...first!,
        conversation: {
          ...first!.conversation,
          lastMessage: message,
          updatedAt: message.createdAt,
          unreadCount: first!.conversation.unreadCount + unread,
        },
        messages: [message, ...first!.messages],
      },
      ...rest,
    ],
  };
}

/** Changes one conversation wherever the cached pages hold it. */
export function updateConversation<T extends { conversation: Conversation }>(
  data: InfiniteData<T, string | null> | undefined,
  change: (conversation: Conversation) => Conversation,
): InfiniteData<T, string | null> | undefined {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, conversation: change(first!.conversation) }, ...rest] };
}

/**
 * The list after a message in one of its conversations: a new message moves the conversation to
 * the top with it as the preview (and, from the other member, one more unread); a deleted one
 * replaces the preview if it was the last. Undefined when the conversation is not in the loaded
 * pages (a new conversation: the list is read again).
 */
export function listWithMessage(
  data: ConversationPagesData | undefined,
  conversationId: string,
  message: ChatMessage,
): ConversationPagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  const all = data.pages.flatMap((page) => page.conversations);
  const current = all.find((c) => c._id === conversationId);
  if (!current) return undefined;
  const isNew =
    current.lastMessage?._id !== message._id &&
    (current.lastMessage === null ||
      Date.parse(message.createdAt) >= Date.parse(current.lastMessage.createdAt));
  if (!isNew) {
    if (current.lastMessage?._id !== message._id) return data;
    return withConversations(data, (c) =>
      c._id === conversationId ? { ...c, lastMessage: message } : c,
    );
  }
  const moved: Conversation = {
    ...current,
    lastMessage: message,
    updatedAt: message.createdAt,
    unreadCount: current.unreadCount + (message.mine || message.deleted ? 0 : 1),
  };
  const pages = data.pages.map((page) => ({
    ...page,
    conversations: page.conversations.filter((c) => c._id !== conversationId),
  }));
  pages[0] = { ...pages[0]!, conversations: [moved, ...pages[0]!.conversations] };
  return { ...data, pages };
}

/** Changes every conversation of the loaded list pages with `change`. */
export function withConversations(
  data: ConversationPagesData | undefined,
  change: (conversation: Conversation) => Conversation,
): ConversationPagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.map(change) })),
  };
}

/** The messages of the cached pages, oldest first (the order a conversation is read in). */
export function messagesOldestFirst(data: { pages: ChatMessagePage[] } | undefined): ChatMessage[] {
  return (data?.pages.flatMap((page) => page.messages) ?? []).slice().reverse();
}
