import type { NotificationItem } from '@kindred/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationListData } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { LIVE_RECONNECTED, useLiveEvent } from './live-connection';

/** The stream's event names for notifications (GET /api/notifications/stream). */
export const NOTIFICATION_EVENT = 'notification';
export const UNREAD_EVENT = 'unread';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Enough of an item to place it; the list renders what the server sent, like a fetched page. */
function isNotificationItem(value: unknown): value is NotificationItem {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.type === 'string' &&
    Array.isArray(value.actors)
  );
}

/**
 * A new item, or a grouped one that grew ("Ana and 4 others"), goes to the top of the cached list;
 * its older copy, if loaded, is taken out. A list not loaded yet is fetched when it is opened.
 */
export function placeLiveNotification(queryClient: QueryClient, item: NotificationItem): void {
  queryClient.setQueryData<NotificationListData>(notificationKeys.list(), (data) => {
    if (!data || data.pages.length === 0) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.filter((other) => other._id !== item._id),
    }));
    pages[0] = { ...pages[0]!, notifications: [item, ...pages[0]!.notifications] };
    return { ...data, pages };
  });
}

/**
 * Keeps the notifications' caches current from the live connection: `unread` sets the count the
 * bell shows, `notification` puts the item at the top of the list; after a lost stream was
 * replaced, the list is read again (items may have been missed meanwhile).
 */
export function useNotificationUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvent(UNREAD_EVENT, (data) => {
    if (isRecord(data) && typeof data.unreadCount === 'number') {
      queryClient.setQueryData(notificationKeys.unreadCount(), data.unreadCount);
    }
  });
  useLiveEvent(NOTIFICATION_EVENT, (data) => {
    if (isNotificationItem(data)) placeLiveNotification(queryClient, data);
  });
  // A new stream sends the count again by itself; items it missed are read with the list.
  useLiveEvent(LIVE_RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  });
}
