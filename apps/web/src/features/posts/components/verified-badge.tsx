import { CheckBadgeIcon } from './icons';
import styles from './author-line.module.css';

/** The badge shown next to a verified member's name (SPEC §1 verifiedBadge). */
export function VerifiedBadge() {
  return (
    <span className={styles.verifiedBadge} role="img" aria-label="Verified" title="Verified">
      <CheckBadgeIcon />
    </span>
  );
}
