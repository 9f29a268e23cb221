import { CODE_RESEND_WAIT_SECONDS } from '@kindred/contracts';

/**
 * When the last email code was sent, per address, so /verify-otp does not send a second code right
 * after sign-up already sent one (the spec's "sent automatically on load" then waits out the 60 s
 * resend countdown instead, and the code in the member's inbox stays the valid one).
 */
const KEY = 'kindred.otpSentAt';

export function markOtpSent(email: string, at = Date.now()): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ email, at }));
  } catch {
    // Without storage the page simply sends on load.
  }
}

/** Seconds until another code may be requested for this address (0 when it may be now). */
export function secondsUntilResend(email: string, now = Date.now()): number {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return 0;
    const { email: sentTo, at } = JSON.parse(raw) as { email?: unknown; at?: unknown };
    if (sentTo !== email || typeof at !== 'number') return 0;
    const left = Math.ceil((at + CODE_RESEND_WAIT_SECONDS * 1_000 - now) / 1_000);
    return Math.min(CODE_RESEND_WAIT_SECONDS, Math.max(0, left));
  } catch {
    return 0;
  }
}
