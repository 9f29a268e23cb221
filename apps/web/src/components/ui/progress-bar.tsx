import { clsx } from 'clsx';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** 0–100 (clamped). */
  value: number;
  /** Accessible name, e.g. "Upload progress" or "Profile completion". */
  label: string;
  /** Show the label and percentage above the bar (default true). */
  showLabel?: boolean;
  className?: string;
}

export function ProgressBar({ value, label, showLabel = true, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className={clsx(styles.progress, className)}>
      {showLabel ? (
        <div className={styles.progressCaption} aria-hidden="true">
          <span>{label}</span>
          <span>{percent}%</span>
        </div>
      ) : null}
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
