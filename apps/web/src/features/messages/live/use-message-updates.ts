import { MessageEventDataSchema, MessagesReadEventDataSchema } from '@kindred/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  isLiveConnectionOpen,
  LIVE_OPENED,
  LIVE_RECONNECTED,
  useLiveEvent,
} from '../../notifications';
import { applyChatMessage, clearConversationUnread } from '../api/chat-messages';
import { fetchUnreadTotal } from '../api/conversations';
import { messageKeys } from '../api/query-keys';
import { updateConversation, withConversations, type ChatPagesData } from '../lib/cache';

/** The live stream's event names for messages (on GET /api/notifications/stream). */
export const MESSAGE_EVENT = 'message';
export const MESSAGES_READ_EVENT = 'messages-read';

/**
 * Keeps the messages' caches current from the app's one live connection (features/notifications):
 * `message` places a new or deleted message in its conversation and the list and sets the unread
 * total; `messages-read` sets the total (the member read a conversation, maybe in another tab) and,
 * when the other member read ours and shows it, their "Seen". The unread total is read whenever a
 * stream opens (from then on its events keep it); after a lost stream was replaced, everything
 * shown is read again (events may have been missed meanwhile).
 */
export function useMessageUpdates(): void {
  const queryClient = useQueryClient();
  const readTotal = () => void fetchUnreadTotal(queryClient).catch(() => undefined);
  useLiveEvent(LIVE_OPENED, readTotal);
  // Loaded after the page: the stream may have opened before this listened.
  useEffect(() => {
    if (isLiveConnectionOpen()) void fetchUnreadTotal(queryClient).catch(() => undefined);
  }, [queryClient]);
  useLiveEvent(MESSAGE_EVENT, (data) => {
    const event = MessageEventDataSchema.safeParse(data);
    if (!event.success) return;
    queryClient.setQueryData(messageKeys.unreadTotal(), event.data.unreadTotal);
    applyChatMessage(queryClient, event.data.conversationId, event.data.chatMessage);
  });
  useLiveEvent(MESSAGES_READ_EVENT, (data) => {
    const event = MessagesReadEventDataSchema.safeParse(data);
    if (!event.success) return;
    const { conversationId, unreadTotal, memberReadAt } = event.data;
    queryClient.setQueryData(messageKeys.unreadTotal(), unreadTotal);
    if (memberReadAt === null) {
      clearConversationUnread(queryClient, conversationId);
      return;
    }
    queryClient.setQueryData<ChatPagesData>(messageKeys.conversation(conversationId), (cached) =>
      updateConversation(cached, (c) => ({ ...c, memberReadAt })),
    );
    queryClient.setQueryData(
      messageKeys.conversations(),
      (cached: Parameters<typeof withConversations>[0]) =>
        withConversations(cached, (c) => (c._id === conversationId ? { ...c, memberReadAt } : c)),
    );
  });
  useLiveEvent(LIVE_RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  });
}
