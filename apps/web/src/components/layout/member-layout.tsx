import { useContext, useMemo, useState, type ReactNode } from 'react';
import { getStoredUserId } from '../../lib/storage';
import { BottomNav } from './bottom-nav';
import { MemberHeader } from './member-header';
import { MemberMenu } from './member-menu';
import { MemberMenuContext, MemberShellContext } from './member-nav-context';
import { MobileMenu } from './mobile-menu';
import { SiteFooter } from './site-footer';
import { clsx } from 'clsx';
import styles from './member-layout.module.css';

export interface MemberLayoutProps {
  children: ReactNode;
  /** Replace the default header (e.g. a header with the search box: <MemberHeader>{search}</MemberHeader>). */
  header?: ReactNode;
  /** Content inside the footer, above the rights line. */
  footer?: ReactNode;
  /** Page width (default 'wide'); 'narrow' keeps the content column to 40rem. */
  width?: 'narrow' | 'wide' | 'full';
}

/**
 * Member screens (SPEC §2): header with logout, the member menu on the left, the main content, the
 * footer; at 768 px or less the menu gives way to the bottom nav and a menu dialog (opened from the
 * header's menu button or the bottom nav's More). Every member page has them, not only the feed.
 */
export function MemberLayout({ children, header, footer, width = 'wide' }: MemberLayoutProps) {
  const [myId] = useState(getStoredUserId);
  const { openSettings, banner } = useContext(MemberShellContext);
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useMemo(() => ({ menuOpen, openMenu: () => setMenuOpen(true) }), [menuOpen]);

  return (
    <MemberMenuContext.Provider value={menu}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header ?? <MemberHeader />}
      <div
        className={clsx(
          styles.memberBody,
          width === 'narrow' && styles.memberBodyNarrow,
          width === 'full' && styles.memberBodyFull,
        )}
      >
        <div className={styles.memberBodyMenu}>
          <MemberMenu myId={myId} onOpenSettings={openSettings} />
        </div>
        <main id="main" className={styles.memberMain} tabIndex={-1}>
          {banner}
          {children}
        </main>
      </div>
      <SiteFooter>{footer}</SiteFooter>
      <BottomNav myId={myId} menuOpen={menuOpen} onOpenMenu={menu.openMenu} />
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        myId={myId}
        onOpenSettings={openSettings}
      />
    </MemberMenuContext.Provider>
  );
}
