import type { ReactNode } from 'react';
import './layout.css';

/** The footer on every screen: the current year and the rights line; pages may add content above it. */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      {children}
      <p className="site-footer__rights">© {year} Kindred. All rights reserved.</p>
    </footer>
  );
}
