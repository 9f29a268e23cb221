import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { hasRole } from '@kindred/contracts';
import { paths } from '../../lib/paths';
import { getStoredRole } from '../../lib/storage';
import {
  BellIcon,
  CommunitiesIcon,
  DiscoverIcon,
  HomeIcon,
  LiveIcon,
  MatchesIcon,
  MessagesIcon,
  ProfileIcon,
  SettingsIcon,
  ShieldIcon,
} from './nav-icons';
import { clsx } from 'clsx';
import { SoonBadge } from '../ui/soon-badge';
import styles from './member-menu.module.css';

export interface MemberMenuProps {
  /** The signed-in member, for My Profile. */
  myId: string | null;
  /** Opens the settings modal; without it the Settings item is shown but unavailable. */
  onOpenSettings?: () => void;
  /** After choosing an item (the mobile menu closes itself). */
  onNavigate?: () => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * The member menu (SPEC §2 "Left menu"): Home, Discover, Matches, Messages, My Profile, Communities and Live
 * Streams (coming soon), Notifications, Settings. Shown as the left column of every member page,
 * and inside the mobile menu on small screens.
 */
export function MemberMenu({
  myId,
  onOpenSettings,
  onNavigate,
  label = 'Main menu',
}: MemberMenuProps) {
  return (
    <nav className="member-menu" aria-label={label}>
      <ul className={styles.memberMenuList}>
        <li>
          <NavLink to={paths.feed()} end className={styles.memberMenuItem} onClick={onNavigate}>
            <HomeIcon />
            <span>Home</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.discover()} className={styles.memberMenuItem} onClick={onNavigate}>
            <DiscoverIcon />
            <span>Discover</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.matches()} className={styles.memberMenuItem} onClick={onNavigate}>
            <MatchesIcon />
            <span>Matches</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.messages()} className={styles.memberMenuItem} onClick={onNavigate}>
            <MessagesIcon />
            <span>Messages</span>
          </NavLink>
        </li>
        {myId ? (
          <li>
            <NavLink
              to={paths.viewProfile(myId)}
              className={styles.memberMenuItem}
              onClick={onNavigate}
            >
              <ProfileIcon />
              <span>My Profile</span>
            </NavLink>
          </li>
        ) : null}
        <ComingSoonItem icon={<CommunitiesIcon />} label="Communities" />
        <ComingSoonItem icon={<LiveIcon />} label="Live Streams" />
        <li>
          <NavLink
            to={paths.notifications()}
            className={styles.memberMenuItem}
            onClick={onNavigate}
          >
            <BellIcon />
            <span>Notifications</span>
          </NavLink>
        </li>
        {hasRole(getStoredRole(), 'moderator') ? (
          <li>
            <NavLink to={paths.moderation()} className={styles.memberMenuItem} onClick={onNavigate}>
              <ShieldIcon />
              <span>Moderation</span>
            </NavLink>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className={styles.memberMenuItem}
            onClick={() => {
              onNavigate?.();
              onOpenSettings?.();
            }}
            disabled={!onOpenSettings}
            aria-haspopup="dialog"
          >
            <SettingsIcon />
            <span>Settings</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** An item that is not available yet: shown, not clickable, labelled "Coming soon". */
function ComingSoonItem({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <li>
      <span className={clsx(styles.memberMenuItem, styles.memberMenuItemSoon)}>
        {icon}
        <span className={styles.memberMenuText}>
          <span>{label}</span>
          <SoonBadge />
        </span>
      </span>
    </li>
  );
}
