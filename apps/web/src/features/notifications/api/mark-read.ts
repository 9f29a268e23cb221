import type {
  MarkNotificationsRead,
  MarkNotificationsReadResponse,
  NotificationItem,
} from '@kindred/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NotificationListData } from './get-notifications';
import { notificationKeys } from './query-keys';

/** POST /api/notifications/read — `{ ids }` or `{ all: true }`; answers the new unread count. */
export function markNotificationsRead(target: MarkNotificationsRead) {
  return api.post<MarkNotificationsReadResponse>('/notifications/read', target);
}

/** Marks the targeted items read in the cached list (readAt = now), leaving the rest as they are. */
function markReadInList(queryClient: QueryClient, target: MarkNotificationsRead): void {
  const readAt = new Date().toISOString();
  const targeted = (item: NotificationItem) =>
    item.readAt === null && ('all' in target || target.ids.includes(item._id));
  queryClient.setQueryData<NotificationListData>(notificationKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((item) =>
              targeted(item) ? { ...item, readAt } : item,
            ),
          })),
        }
      : data,
  );
}

/**
 * Marks items read: the list shows them read at once, and the server's answer sets the unread
 * count (it also counts items not loaded here). A failure puts the list back as the server has it.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      markReadInList(queryClient, target);
    },
    onSuccess: (response) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), response.unreadCount);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
