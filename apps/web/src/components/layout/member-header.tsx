import { useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { getStoredFirstName } from '../../lib/storage';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { MemberMenuContext } from './member-nav-context';
import { MessagesLink } from './messages-link';
import { MenuIcon } from './nav-icons';
import { NotificationBell } from './notification-bell';
import styles from './member-header.module.css';

export interface MemberHeaderProps {
  /** The middle of the bar, e.g. the feed's search box. */
  children?: ReactNode;
}

/**
 * The member area's top bar: brand (to the feed), an optional middle slot, a greeting with the stored
 * first name, the Messages link and the notifications bell with their unread counts, the menu button on small screens (inside a MemberLayout), and Logout (which always
 * ends on the login screen, see lib/session.ts).
 */
export function MemberHeader({ children }: MemberHeaderProps) {
  const [firstName] = useState(getStoredFirstName);
  const [loggingOut, setLoggingOut] = useState(false);
  const menu = useContext(MemberMenuContext);

  const onLogout = () => {
    setLoggingOut(true);
    void logout();
  };

  return (
    <header className={styles.memberHeader}>
      <div className={styles.memberHeaderInner}>
        <Link to={paths.feed()} className={styles.memberHeaderBrand}>
          <Logo size="sm" />
        </Link>
        {children ? (
          <div className={styles.memberHeaderMiddle}>{children}</div>
        ) : (
          <div className={styles.memberHeaderSpacer} />
        )}
        <div className={styles.memberHeaderEnd}>
          <span className={styles.memberHeaderGreeting}>
            {firstName ? `Hi, ${firstName}` : 'Welcome'}
          </span>
          <MessagesLink />
          <NotificationBell />
          {menu ? (
            <button
              type="button"
              className={styles.memberMenuButton}
              aria-label="Menu"
              aria-haspopup="dialog"
              aria-expanded={menu.menuOpen}
              onClick={menu.openMenu}
            >
              <MenuIcon />
            </button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={onLogout} loading={loggingOut}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
