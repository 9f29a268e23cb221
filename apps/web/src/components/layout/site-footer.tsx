import type { ReactNode } from 'react';
import styles from './site-footer.module.css';

/** The footer on every screen: the current year and the rights line; pages may add content above it. */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.siteFooter}>
      {children}
      <p className={styles.siteFooterRights}>© {year} Kindred. All rights reserved.</p>
    </footer>
  );
}
