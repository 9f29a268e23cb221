import type {
  Conversation,
  ConversationList,
  ConversationResponse,
  MessagesUnreadResponse,
} from '@kindred/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

/** What the cached conversation list holds: the pages fetched so far, each with its cursor. */
export type ConversationListData = InfiniteData<ConversationList, string | null>;

/** GET /api/conversations?cursor= — most recently active first, with the unread total. */
export function fetchConversations(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConversationList> {
  return api.get<ConversationList>('/conversations', {
    query: { cursor: cursor ?? undefined },
    signal,
  });
}

/** The member's conversations, one keyset page at a time ("Load more"). */
export function useConversations() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.conversations(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchConversations(pageParam, signal);
      queryClient.setQueryData(messageKeys.unreadTotal(), page.unreadTotal);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The conversations of the cached list, in order. */
export function conversationsOf(data: { pages: ConversationList[] } | undefined): Conversation[] {
  return data?.pages.flatMap((page) => page.conversations) ?? [];
}

/**
 * POST /api/conversations `{ userId }` — the pair's conversation, opened if there was none
 * (`/messages?with=<userId>`, the profile's and the matches' "Message").
 */
export function useOpenConversation() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<ConversationResponse>('/conversations', { userId }).then((r) => r.conversation),
  });
}

/** GET /api/conversations/unread-count, into the cache the header reads. */
export function fetchUnreadTotal(queryClient: QueryClient): Promise<number> {
  return queryClient.fetchQuery({
    queryKey: messageKeys.unreadTotal(),
    queryFn: readUnreadTotal,
    staleTime: 0,
  });
}

async function readUnreadTotal({ signal }: { signal: AbortSignal }): Promise<number> {
  return (await api.get<MessagesUnreadResponse>('/conversations/unread-count', { signal }))
    .unreadTotal;
}

/**
 * How many messages the member has not read (the header's Messages link and the Messages tab).
 * Read each time the live stream opens (use-message-updates.ts), then kept current by its
 * `message` and `messages-read` events, the list's pages and "read" answers — so no page pays for
 * a request of its own.
 */
export function useMessagesUnreadTotal(): number {
  const query = useQuery({
    queryKey: messageKeys.unreadTotal(),
    queryFn: readUnreadTotal,
    enabled: false,
    staleTime: Infinity,
  });
  return query.data ?? 0;
}
