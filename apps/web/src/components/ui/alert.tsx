import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import styles from './alert.module.css';

const TONE_CLASS = {
  error: styles.alertError,
  info: styles.alertInfo,
  success: styles.alertSuccess,
  warning: styles.alertWarning,
};

export interface AlertProps {
  tone?: 'error' | 'info' | 'success' | 'warning';
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}

/**
 * An inline message box. Errors are announced at once (role="alert"); other tones politely
 * (role="status"). Render it only when there is something to say, so the announcement fires.
 */
export function Alert({ tone = 'info', title, children, className, id }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(styles.alert, TONE_CLASS[tone], className)}
    >
      {title ? <p className={styles.alertTitle}>{title}</p> : null}
      <div className={styles.alertBody}>{children}</div>
    </div>
  );
}
