import type { ReactNode } from 'react';
import { MemberHeader } from './member-header';
import { SiteFooter } from './site-footer';
import './layout.css';

export interface MemberLayoutProps {
  children: ReactNode;
  /** Replace the default header (e.g. a header with the search box: <MemberHeader>{search}</MemberHeader>). */
  header?: ReactNode;
  /** Content inside the footer, above the rights line. */
  footer?: ReactNode;
  /** Main column width (default 'wide'). */
  width?: 'narrow' | 'wide' | 'full';
}

/** Member screens: header with logout, main content, footer. */
export function MemberLayout({ children, header, footer, width = 'wide' }: MemberLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header ?? <MemberHeader />}
      <main id="main" className={`member-main member-main--${width}`} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter>{footer}</SiteFooter>
    </>
  );
}
