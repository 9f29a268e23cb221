import { useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { UnreadCountContext } from './member-nav-context';
import { BellIcon } from './nav-icons';
import styles from './notification-bell.module.css';

/** An accessible name with the count: "Notifications", or "Notifications, 3 unread". */
export function withUnread(label: string, unreadCount: number): string {
  return unreadCount > 0 ? `${label}, ${unreadCount} unread` : label;
}

/**
 * The count on a bell: nothing at 0, up to 99, then "99+" (the name says the exact number). Placed
 * at the bell's top right; a parent moves it with `--unread-badge-top` and `--unread-badge-right`.
 */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's bell: the unread count, linking to the notifications page. */
export function NotificationBell() {
  const unreadCount = useContext(UnreadCountContext);
  return (
    <Link
      to={paths.notifications()}
      className={styles.bell}
      aria-label={withUnread('Notifications', unreadCount)}
      title="Notifications"
    >
      <BellIcon />
      <UnreadBadge count={unreadCount} />
    </Link>
  );
}
