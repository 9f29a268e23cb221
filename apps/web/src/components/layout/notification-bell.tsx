import { NOTIFICATION_UNREAD_COUNT_CAP } from '@kindred/contracts';
import { useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { UnreadCountContext } from './member-nav-context';
import { BellIcon } from './nav-icons';
import styles from './notification-bell.module.css';

/**
 * The largest count shown as it is. The API counts unread notifications only up to
 * NOTIFICATION_UNREAD_COUNT_CAP, which means "that many or more": from there a count is "99+".
 */
const SHOWN_EXACTLY = NOTIFICATION_UNREAD_COUNT_CAP - 1;

/**
 * An accessible name with the count: "Notifications", "Notifications, 3 unread", or from the cap
 * "Notifications, more than 99 unread" (never a number the count cannot vouch for).
 */
export function withUnread(label: string, unreadCount: number): string {
  if (unreadCount <= 0) return label;
  const count = unreadCount > SHOWN_EXACTLY ? `more than ${SHOWN_EXACTLY}` : unreadCount;
  return `${label}, ${count} unread`;
}

/**
 * The count on a bell: nothing at 0, up to 99, then "99+" (the name says "more than 99"). Placed at
 * the bell's top right; a parent moves it with `--unread-badge-top` and `--unread-badge-right`.
 */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {count > SHOWN_EXACTLY ? `${SHOWN_EXACTLY}+` : count}
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
