import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/logo';
import { SiteFooter } from './site-footer';
import styles from './public-layout.module.css';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Right-hand side of the navbar (e.g. a "Sign Up" link). */
  navAction?: ReactNode;
  /** Where the logo links to (default the login screen). */
  logoHref?: string;
}

/** Screens for visitors (login, sign-up, verification): navbar logo, a centred column, footer. */
export function PublicLayout({ children, navAction, logoHref = '/' }: PublicLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.publicNav}>
        <div className={styles.publicNavInner}>
          <Link to={logoHref} className={styles.publicNavBrand}>
            <Logo size="sm" />
          </Link>
          {navAction ? <div className="public-nav__action">{navAction}</div> : null}
        </div>
      </header>
      <main id="main" className={styles.publicMain} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
