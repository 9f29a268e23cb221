import type { NotificationItem, NotificationPage } from '@kindred/contracts';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** What the cached list holds: the pages fetched so far, each with its cursor. */
export type NotificationListData = InfiniteData<NotificationPage, string | null>;

/** GET /api/notifications?cursor=&limit= — newest first, with the member's unread count. */
export function fetchNotificationPage(
  cursor: string | null,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<NotificationPage> {
  return api.get<NotificationPage>('/notifications', {
    query: { cursor: cursor ?? undefined, limit: options.limit },
    signal: options.signal,
  });
}

/**
 * The notifications as pages loaded on demand (infinite scroll). Each page carries the unread count
 * as it is now, which the bell shows too.
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchNotificationPage(pageParam, { signal });
      queryClient.setQueryData(notificationKeys.unreadCount(), page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The items of the cached list, in order. */
export function itemsOf(data: { pages: NotificationPage[] } | undefined): NotificationItem[] {
  return data?.pages.flatMap((page) => page.notifications) ?? [];
}
