import './progress-bar.css';

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
    <div className={['progress', className].filter(Boolean).join(' ')}>
      {showLabel ? (
        <div className="progress__caption" aria-hidden="true">
          <span>{label}</span>
          <span>{percent}%</span>
        </div>
      ) : null}
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
