import { useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { UnreadMessagesContext } from './member-nav-context';
import { MessagesIcon } from './nav-icons';
import { UnreadBadge, withUnread } from './notification-bell';
import styles from './notification-bell.module.css';

/** The header's Messages link: the unread messages' total, linking to the conversations. */
export function MessagesLink() {
  const unreadTotal = useContext(UnreadMessagesContext);
  return (
    <Link
      to={paths.messages()}
      className={styles.bell}
      aria-label={withUnread('Messages', unreadTotal)}
      title="Messages"
    >
      <MessagesIcon />
      <UnreadBadge count={unreadTotal} />
    </Link>
  );
}
