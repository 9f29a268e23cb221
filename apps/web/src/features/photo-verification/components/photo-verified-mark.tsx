import styles from './photo-verified-mark.module.css';

/** Shown beside a member's name once a selfie matched their photos (`photoVerified`). */
export function PhotoVerifiedMark() {
  return (
    <span className={styles.mark} role="img" aria-label="Photo verified" title="Photo verified">
      <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M9 3.5 7.6 5.5H4.5A2.5 2.5 0 0 0 2 8v10a2.5 2.5 0 0 0 2.5 2.5h15A2.5 2.5 0 0 0 22 18V8a2.5 2.5 0 0 0-2.5-2.5h-3.1L15 3.5z"
        />
        <path
          d="M8.3 13.2l2.5 2.5 4.9-5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
