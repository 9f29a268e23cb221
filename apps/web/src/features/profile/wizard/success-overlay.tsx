import { Spinner } from '../../../components/ui/spinner';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './success-overlay.module.css';

/** Shown after the profile is saved, until the wizard moves on to the feed (SPEC §2, 3 s). */
export function SuccessOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="assertive">
      <div className={styles.panel}>
        <svg className={styles.check} viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.15" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className={styles.title}>{M.createdTitle}</p>
        <p className={styles.text}>{M.redirecting}</p>
        <Spinner size="md" decorative />
      </div>
    </div>
  );
}
