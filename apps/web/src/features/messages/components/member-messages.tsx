import { useEffect } from 'react';
import { useMessagesUnreadTotal } from '../api/conversations';
import { useMessageUpdates } from '../live/use-message-updates';

/**
 * The member area's messages as a component the app loads after the page (so the login page's
 * bundle carries none of it): listens for messages on the app's live connection, keeps the caches
 * current, and reports the unread total (the header's Messages link and the Messages tab).
 */
export function MemberMessages({
  onUnreadTotal,
}: {
  onUnreadTotal: (unreadTotal: number) => void;
}) {
  useMessageUpdates();
  const unreadTotal = useMessagesUnreadTotal();
  useEffect(() => onUnreadTotal(unreadTotal), [unreadTotal, onUnreadTotal]);
  return null;
}
