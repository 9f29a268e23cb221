import { createHash } from 'node:crypto';
import type { RateLimiters } from '../../http/rate-limit.js';

/**
 * The account-level attempt counting of sign-in, in one place. The per-IP rules are route
 * middleware (`limitPerIp` in routes.ts); the exact per-code and per-challenge counters live with
 * the codes in the database (codes.ts, two-factor.ts). Each function here throws the 429 (with
 * `retryAfterSeconds`) once its rule is spent.
 */

/** Failed-login counters are kept per email without storing the address itself. */
function loginAccountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

export interface PasswordAttempt {
  email: string;
  ip: string;
}

/** Before checking a password: refused while the email or the IP has spent its failures. */
export async function assertPasswordAttemptAllowed(
  limits: RateLimiters,
  { email, ip }: PasswordAttempt,
): Promise<void> {
  await limits.assertNotExhausted('loginFailuresPerAccount', loginAccountKey(email));
  await limits.assertNotExhausted('loginFailuresPerIp', ip);
}

export async function countFailedPassword(
  limits: RateLimiters,
  { email, ip }: PasswordAttempt,
): Promise<void> {
  await limits.consume('loginFailuresPerAccount', loginAccountKey(email));
  await limits.consume('loginFailuresPerIp', ip);
}

/** A correct password clears the email's failures (the IP's stay: stuffing spans many emails). */
export async function forgetFailedPasswords(
  limits: RateLimiters,
  { email }: Pick<PasswordAttempt, 'email'>,
): Promise<void> {
  await limits.reset('loginFailuresPerAccount', loginAccountKey(email));
}

/** One email or text sent to the account. */
export function countCodeSent(limits: RateLimiters, userId: string): Promise<void> {
  return limits.consume('codeSendPerAccount', userId);
}

/** One email, phone or authenticator code checked for the account. */
export function countCodeChecked(limits: RateLimiters, userId: string): Promise<void> {
  return limits.consume('codeCheckPerAccount', userId);
}
