import { clsx } from 'clsx';
import styles from './soon-badge.module.css';

/** "Coming soon" beside a menu item or link that is not available yet. */
export function SoonBadge({ className }: { className?: string }) {
  return <span className={clsx(styles.badge, className)}>Coming soon</span>;
}
