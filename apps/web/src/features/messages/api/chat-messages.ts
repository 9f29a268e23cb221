import {
  MESSAGE_IMAGE_FIELD,
  type ChatMessage,
  type ChatMessagePage,
  type ChatMessageResponse,
  type MarkConversationReadResponse,
} from '@kindred/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, uploadForm } from '../../../lib/api-client';
import {
  listWithMessage,
  placeMessage,
  updateConversation,
  withConversations,
  type ChatPagesData,
  type ConversationPagesData,
} from '../lib/cache';
import { messageKeys } from './query-keys';

const conversationPath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}`;

/** GET /api/conversations/{id}/messages?cursor= — the conversation and its messages, newest first. */
export function fetchChatMessages(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(`${conversationPath(conversationId)}/messages`, {
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

/** One conversation: its first page is the newest messages; "Load older" fetches the next. */
export function useChatMessages(conversationId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: ({ pageParam, signal }) => fetchChatMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A refused conversation (closed, not found) is final: asking again changes nothing.
    retry: false,
  });
}

/**
 * A message sent, received or deleted in a conversation: placed in its cached pages (once, by
 * `_id`), and the list's preview and order follow. A conversation the list has not loaded makes
 * the list be read again.
 */
export function applyChatMessage(
  queryClient: QueryClient,
  conversationId: string,
  message: ChatMessage,
): void {
  queryClient.setQueryData<ChatPagesData>(messageKeys.conversation(conversationId), (data) =>
    placeMessage(data, message),
  );
  const list = queryClient.getQueryData<ConversationPagesData>(messageKeys.conversations());
  if (!list) return;
  const next = listWithMessage(list, conversationId, message);
  if (next) queryClient.setQueryData(messageKeys.conversations(), next);
  else void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
}

/** What the composer sends: text, an image with its description, or both. */
export interface OutgoingMessage {
  text: string;
  image: File | null;
  altText: string;
}

/**
 * POST /api/conversations/{id}/messages: JSON `{ text }`, or multipart with the image (with upload
 * progress). Sent once: repeating a send whose answer was lost would send it twice.
 */
export function sendChatMessage(
  conversationId: string,
  input: OutgoingMessage,
  onProgress?: (percent: number) => void,
): Promise<ChatMessageResponse> {
  const path = `${conversationPath(conversationId)}/messages`;
  if (!input.image) return api.post<ChatMessageResponse>(path, { text: input.text });
  const form = new FormData();
  form.append(MESSAGE_IMAGE_FIELD, input.image);
  if (input.altText.trim()) form.append('altText', input.altText);
  if (input.text.trim()) form.append('text', input.text);
  return uploadForm<ChatMessageResponse>(path, form, { attempts: 1, onProgress });
}

export function useSendChatMessage(conversationId: string, onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OutgoingMessage) => sendChatMessage(conversationId, input, onProgress),
    onSuccess: (response) => applyChatMessage(queryClient, conversationId, response.chatMessage),
  });
}

/** DELETE /api/conversations/{id}/messages/{messageId}: the answer is the "message deleted" placeholder. */
export function useDeleteChatMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.delete<ChatMessageResponse>(
        `${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}`,
      ),
    onSuccess: (response) => applyChatMessage(queryClient, conversationId, response.chatMessage),
  });
}

/** The conversation shows nothing unread any more, in its own pages and in the list. */
export function clearConversationUnread(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueryData<ChatPagesData>(messageKeys.conversation(conversationId), (data) =>
    updateConversation(data, (c) => ({ ...c, unreadCount: 0 })),
  );
  queryClient.setQueryData<ConversationPagesData>(messageKeys.conversations(), (data) =>
    withConversations(data, (c) => (c._id === conversationId ? { ...c, unreadCount: 0 } : c)),
  );
}

/** POST /api/conversations/{id}/read: everything in it is read; answers the new unread total. */
export function useMarkConversationRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<MarkConversationReadResponse>(`${conversationPath(conversationId)}/read`),
    onMutate: () => clearConversationUnread(queryClient, conversationId),
    onSuccess: (response) => {
      queryClient.setQueryData(messageKeys.unreadTotal(), response.unreadTotal);
    },
  });
}
