import styles from './resend-control.module.css';
import { linkButtonClassName } from '../../../components/ui/button';

export interface ResendControlProps {
  /** Seconds until another code may be requested (0: now). */
  secondsLeft: number;
  disabled: boolean;
  sending: boolean;
  onResend: () => void;
  prompt?: string;
  label?: string;
}

/**
 * "Didn't get the code? Resend code" with the 60 s wait shown next to the button. The button's name
 * stays the same while counting down; the remaining time is plain text beside it.
 */
export function ResendControl({
  secondsLeft,
  disabled,
  sending,
  onResend,
  prompt = "Didn't get the code?",
  label = 'Resend code',
}: ResendControlProps) {
  return (
    <div className={styles.resend}>
      <span>{prompt}</span>
      <button
        type="button"
        className={linkButtonClassName}
        disabled={disabled || sending}
        onClick={onResend}
      >
        {sending ? 'Sending...' : label}
      </button>
      {secondsLeft > 0 ? <span>(available in {formatSeconds(secondsLeft)})</span> : null}
    </div>
  );
}

/** 75 → "1:15". */
export function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.ceil(total));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
