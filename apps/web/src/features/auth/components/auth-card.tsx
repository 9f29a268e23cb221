import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import './auth.css';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card's content (e.g. "Don't have an account? Sign Up"). */
  footer?: ReactNode;
  wide?: boolean;
}

/** The centred card every account-entry screen is built on. */
export function AuthCard({ title, subtitle, children, footer, wide = false }: AuthCardProps) {
  return (
    <Card
      as="section"
      padding="lg"
      className={['auth-card', wide && 'auth-card--wide'].filter(Boolean).join(' ')}
    >
      <header className="auth-card__header">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
      </header>
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </Card>
  );
}
