/**
 * The messages area's cache keys. The unread total is its own entry (the header's badge reads it
 * on every member page); the list, a conversation's pages and the live stream all write it.
 */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  conversation: (conversationId: string) => ['messages', 'conversation', conversationId] as const,
  unreadTotal: () => ['messages', 'unread-total'] as const,
};
