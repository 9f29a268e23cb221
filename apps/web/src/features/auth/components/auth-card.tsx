import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import styles from './auth-card.module.css';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card's content (e.g. "Don't have an account? Sign Up"). */
  footer?: ReactNode;
  wide?: boolean;
}

/** The card every account-entry screen is built on, centred on the page. */
export function AuthCard({ title, subtitle, children, footer, wide = false }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" className={clsx(styles.card, wide && styles.wide)}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </header>
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </Card>
    </div>
  );
}
