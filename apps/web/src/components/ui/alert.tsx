import type { ReactNode } from 'react';
import './alert.css';

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
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {title ? <p className="alert__title">{title}</p> : null}
      <div className="alert__body">{children}</div>
    </div>
  );
}
