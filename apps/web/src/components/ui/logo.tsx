import { clsx } from 'clsx';
import styles from './logo.module.css';

const SIZE_CLASS = { sm: styles.logoSm, md: styles.logoMd, xl: styles.logoXl };

export interface LogoProps {
  size?: 'sm' | 'md' | 'xl';
  /** Show the "Kindred" wordmark next to the mark (default true). */
  withWordmark?: boolean;
  /** Light text for dark or brand-coloured backgrounds. */
  inverse?: boolean;
  className?: string;
}

/** The Kindred mark (a heart in a rounded tile) and wordmark. Named "Kindred" for assistive tech. */
export function Logo({ size = 'md', withWordmark = true, inverse = false, className }: LogoProps) {
  return (
    <span
      className={clsx(styles.logo, SIZE_CLASS[size], inverse && styles.logoInverse, className)}
      role="img"
      aria-label="Kindred"
    >
      <svg className={styles.logoMark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect
          width="64"
          height="64"
          rx="16"
          fill={inverse ? '#ffffff' : 'var(--color-brand-600)'}
        />
        <path
          d="M32 50s-16-9.6-16-21.2C16 22.5 20.6 18 26.3 18c2.4 0 4.4 1 5.7 2.6C33.3 19 35.3 18 37.7 18 43.4 18 48 22.5 48 28.8 48 40.4 32 50 32 50z"
          fill={inverse ? 'var(--color-brand-600)' : '#ffffff'}
        />
      </svg>
      {withWordmark ? (
        <span className={styles.logoWord} aria-hidden="true">
          Kindred
        </span>
      ) : null}
    </span>
  );
}
