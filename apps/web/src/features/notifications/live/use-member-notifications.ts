import { useUnreadCount } from '../api/unread-count';
import { useLiveConnection } from './live-connection';
import { useNotificationUpdates } from './use-notification-updates';
import { useUnreadTitle } from './use-unread-title';

/**
 * Everything the member area needs of notifications while a member is signed in: the live
 * connection (open while this is mounted, closed when the member area is left or the member signs
 * out), its updates to the caches, and the unread count — returned, and shown in the tab title.
 */
export function useMemberNotifications(): number {
  useNotificationUpdates();
  useLiveConnection();
  const unreadCount = useUnreadCount();
  useUnreadTitle(unreadCount);
  return unreadCount;
}
