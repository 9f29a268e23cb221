import { useContext } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { UnreadCountContext, UnreadMessagesContext } from './member-nav-context';
import { BellIcon, DiscoverIcon, HomeIcon, MessagesIcon, MoreIcon, ProfileIcon } from './nav-icons';
import { UnreadBadge, withUnread } from './notification-bell';
import { clsx } from 'clsx';
import styles from './bottom-nav.module.css';

export interface BottomNavProps {
  myId: string | null;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/**
 * The bar at the bottom of small screens (≤ 768 px; SPEC §2): Home, Discover, Messages, Profile,
 * Alerts, More. Messages and Alerts carry their unread counts; More opens the mobile menu (where
 * Matches and the coming-soon Live Streams are).
 */
export function BottomNav({ myId, menuOpen, onOpenMenu }: BottomNavProps) {
  const unreadCount = useContext(UnreadCountContext);
  const unreadMessages = useContext(UnreadMessagesContext);
  return (
    <nav className={styles.bottomNav} aria-label="Quick navigation">
      <ul className={styles.bottomNavList}>
        <li>
          <NavLink to={paths.feed()} end className={styles.bottomNavItem}>
            <HomeIcon />
            <span>Home</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.discover()} className={styles.bottomNavItem}>
            <DiscoverIcon />
            <span>Discover</span>
          </NavLink>
        </li>
        <li>
          <NavLink
            to={paths.messages()}
            className={clsx(styles.bottomNavItem, styles.bottomNavItemBell)}
            aria-label={withUnread('Messages', unreadMessages)}
          >
            <MessagesIcon />
            <UnreadBadge count={unreadMessages} />
            <span>Messages</span>
          </NavLink>
        </li>
        <li>
          {myId ? (
            <NavLink to={paths.viewProfile(myId)} className={styles.bottomNavItem}>
              <ProfileIcon />
              <span>Profile</span>
            </NavLink>
          ) : null}
        </li>
        <li>
          <NavLink
            to={paths.notifications()}
            className={clsx(styles.bottomNavItem, styles.bottomNavItemBell)}
            aria-label={withUnread('Alerts', unreadCount)}
          >
            <BellIcon />
            <UnreadBadge count={unreadCount} />
            <span>Alerts</span>
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className={styles.bottomNavItem}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <MoreIcon />
            <span>More</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
