import { useQuery } from '@tanstack/react-query';
import { fetchNotificationPage } from './get-notifications';
import { notificationKeys } from './query-keys';

/**
 * How many notifications the member has not read (the bell, the Alerts tab, the tab title). The
 * live stream sends the count as soon as it opens and again whenever it changes (`unread`), and
 * the list's pages and "mark read" answers carry it too: the cache is fed from those, so no member
 * page pays for a request of its own. Fetched only if something asks it to refetch.
 */
export function useUnreadCount(): number {
  const query = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) =>
      (await fetchNotificationPage(null, { limit: 1, signal })).unreadCount,
    enabled: false,
    staleTime: Infinity,
  });
  return query.data ?? 0;
}
