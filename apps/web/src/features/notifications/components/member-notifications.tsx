import { useEffect } from 'react';
import { useMemberNotifications } from '../live/use-member-notifications';

/**
 * The member area's notifications as a component the app loads after the page (so the login
 * page's bundle carries none of it): runs `useMemberNotifications` and reports the unread count.
 */
export function MemberNotifications({
  onUnreadCount,
}: {
  onUnreadCount: (unreadCount: number) => void;
}) {
  const unreadCount = useMemberNotifications();
  useEffect(() => onUnreadCount(unreadCount), [unreadCount, onUnreadCount]);
  return null;
}
