import { IMAGE_SAFETY_MESSAGES } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import styles from './sensitive-image.module.css';

export interface SensitiveImageProps {
  /** Cover the media until the member asks to see it (the API's `sensitive` for this viewer). */
  sensitive: boolean;
  /** The image or video, as it is shown uncovered. */
  children: ReactNode;
  className?: string;
}

/**
 * Media that may be explicit: blurred under a "Sensitive content — tap to view" button until the
 * member presses it (tap, click, Enter or Space), then shown with a small "Hide" to cover it
 * again. While covered the media is out of reach of keyboards and screen readers (`inert`, and
 * `aria-hidden` for browsers without it), so
 * the button is all they meet; the media keeps its box, so nothing moves when it is revealed.
 * Used for post images and videos, and for any other picture the API marks sensitive.
 */
export function SensitiveImage({ sensitive, children, className }: SensitiveImageProps) {
  const [revealed, setRevealed] = useState(false);
  if (!sensitive) return <>{children}</>;
  return (
    <div
      className={clsx(styles.sensitive, className)}
      data-sensitive={revealed ? 'revealed' : 'covered'}
    >
      <div
        className={clsx(styles.media, !revealed && styles.mediaCovered)}
        inert={!revealed}
        aria-hidden={revealed ? undefined : true}
      >
        {children}
      </div>
      {revealed ? (
        <button type="button" className={styles.hide} onClick={() => setRevealed(false)}>
          {IMAGE_SAFETY_MESSAGES.hideAgain}
        </button>
      ) : (
        <button type="button" className={styles.cover} onClick={() => setRevealed(true)}>
          <EyeOffIcon />
          <span>{IMAGE_SAFETY_MESSAGES.cover}</span>
        </button>
      )}
    </div>
  );
}

function EyeOffIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M3 3l18 18M10.6 10.6a2 2 0 002.8 2.8M9.9 5.1A9.8 9.8 0 0112 5c5 0 9 4.5 10 7a13 13 0 01-3 4.2M6.6 6.6C4.3 8 2.7 10.2 2 12c1 2.5 5 7 10 7 1.8 0 3.4-.5 4.8-1.3"
      />
    </svg>
  );
}
