import { clsx } from 'clsx';
import styles from './spinner.module.css';

const SIZE_CLASS = { sm: styles.spinnerSm, md: styles.spinnerMd, lg: styles.spinnerLg };

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** What is loading, read by screen readers. Ignored when decorative. */
  label?: string;
  /** Inside a control that already says it is busy (e.g. a loading Button). */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false }: SpinnerProps) {
  if (decorative)
    return <span className={clsx(styles.spinner, SIZE_CLASS[size])} aria-hidden="true" />;
  return (
    <span role="status" className={styles.spinnerWrap}>
      <span className={clsx(styles.spinner, SIZE_CLASS[size])} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
