import type { NotificationItem } from '@kindred/contracts';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { BellIcon, ShieldIcon } from '../../../components/layout/nav-icons';
import { thumbnailSources } from '../../../lib/media-sources';
import { RelativeTime } from '../../posts';
import {
  isSecurityItem,
  notificationTarget,
  notificationText,
  SECURITY_ADVICE,
} from '../lib/notification-text';
import styles from './notifications.module.css';

/** The actor's picture on screen (2.5rem). */
const AVATAR_PX = 40;

export interface NotificationRowProps {
  item: NotificationItem;
  /** Called as the member opens the item (before the link is followed). */
  onOpen: (item: NotificationItem) => void;
}

/**
 * One notification: who did what ("Ana and 4 others liked your post"), an excerpt of the post or
 * comment, when; unread ones stand out and say so. The whole row is the link to what it is about.
 */
export function NotificationRow({ item, onOpen }: NotificationRowProps) {
  const unread = item.readAt === null;
  const security = isSecurityItem(item);
  const picture = item.actors[0]?.profilePicture;
  const excerpt = item.comment?.excerpt || item.post?.excerpt;
  return (
    <li className={clsx(styles.item, unread && styles.itemUnread)} data-notification-id={item._id}>
      <Link to={notificationTarget(item)} className={styles.itemLink} onClick={() => onOpen(item)}>
        {picture ? (
          <img
            className={styles.avatar}
            {...thumbnailSources(picture, AVATAR_PX)}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className={clsx(styles.avatar, styles.avatarIcon)} aria-hidden="true">
            {security ? <ShieldIcon /> : <BellIcon />}
          </span>
        )}
        <span className={styles.body}>
          {unread ? <span className="visually-hidden">Unread: </span> : null}
          <span className={styles.sentence}>{notificationText(item)}</span>
          {excerpt ? <span className={styles.excerpt}>“{excerpt}”</span> : null}
          {security ? <span className={styles.excerpt}>{SECURITY_ADVICE}</span> : null}
          <span className={styles.time}>
            <RelativeTime iso={item.createdAt} />
          </span>
        </span>
        {unread ? <span className={styles.unreadDot} aria-hidden="true" /> : null}
      </Link>
    </li>
  );
}
