import { createHash } from 'node:crypto';
import type { RateLimitName, RateLimiters } from '../../http/rate-limit.js';

/**
 * The account-level attempt counting of sign-in, in one place. The per-IP rules are route
 * middleware (`limitPerIp` in routes.ts); the exact per-code and per-challenge counters live with
 * the codes in the database (codes.ts, two-factor.ts). Each function here throws the 429 (with
 * `retryAfterSeconds`) once its rule is spent.
 *
 * Wrong passwords are counted so that nobody can lock an account's owner out (OWASP's "account
 * lockout" DoS):
 * - per account and client (the browser's device id if it carries a valid device cookie for the
 *   account, else its IP): a hard limit, which only that client itself can reach;
 * - per IP across all accounts: a hard limit for credential stuffing;
 * - per account, from browsers without its device cookie, whoever tries: never a lock, only a
 *   growing delay (1 s, 2 s, 4 s … at most `loginSlowdownPerAccount`'s duration) before the next
 *   such attempt. Browsers with the device cookie (device-cookie.ts) skip it entirely.
 * The per-account keys carry the account's last password change, so a password reset lifts them
 * all at once, whichever clients they were counted for.
 *
 * Wrong guesses at a password reset code (open to anyone who knows the email) are counted alike:
 * per account and client a hard limit of the code's 5 tries (a new code brings new ones), per IP
 * the reset route's own limit, and per account only a growing delay (at most
 * `resetCodeSlowdownPerAccount`'s duration) for browsers without the account's device cookie.
 */

/** What the counters know of the account: undefined for an email without one. */
export interface AttemptedAccount {
  passwordChangedAt: Date | null;
}

export interface PasswordAttempt {
  email: string;
  ip: string;
  /** The device id of a valid device cookie for this account (device-cookie.ts). */
  knownDevice?: string | undefined;
  account?: AttemptedAccount | undefined;
}

/** Counters are kept per email without storing the address itself. */
function hashed(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('base64url');
}

function generationOf(attempt: { account?: AttemptedAccount | undefined }): string {
  return String(attempt.account?.passwordChangedAt?.getTime() ?? 0);
}

function accountKey(attempt: PasswordAttempt): string {
  return hashed(attempt.email, generationOf(attempt));
}

function accountClientKey(attempt: PasswordAttempt): string {
  const client = attempt.knownDevice ? `device:${attempt.knownDevice}` : `ip:${attempt.ip}`;
  return hashed(attempt.email, generationOf(attempt), client);
}

/** Before checking a password: refused while this client, or its IP, has spent its failures. */
export async function assertPasswordAttemptAllowed(
  limits: RateLimiters,
  attempt: PasswordAttempt,
): Promise<void> {
  await limits.assertNotExhausted('loginFailuresPerAccountClient', accountClientKey(attempt));
  await limits.assertNotExhausted('loginFailuresPerIp', attempt.ip);
  if (!attempt.knownDevice) {
    await limits.assertNotExhausted('loginSlowdownPerAccount', accountKey(attempt));
  }
}

export async function countFailedPassword(
  limits: RateLimiters,
  attempt: PasswordAttempt,
): Promise<void> {
  await limits.consume('loginFailuresPerAccountClient', accountClientKey(attempt));
  await limits.consume('loginFailuresPerIp', attempt.ip);
  if (attempt.knownDevice) return;
  await slowDownPastFreeFailures(limits, {
    failures: 'loginFailuresPerAccount',
    slowdown: 'loginSlowdownPerAccount',
    key: accountKey(attempt),
  });
}

/**
 * Counts one failure on the account; past the failures rule's free points, holds the slowdown
 * rule off for 1 s, then 2 s, 4 s … at most the slowdown rule's duration.
 */
async function slowDownPastFreeFailures(
  limits: RateLimiters,
  rules: { failures: RateLimitName; slowdown: RateLimitName; key: string },
): Promise<void> {
  const failures = await limits.count(rules.failures, rules.key);
  const free = limits.settings[rules.failures].points;
  if (failures <= free) return;
  const longest = limits.settings[rules.slowdown].durationSeconds;
  await limits.holdOff(rules.slowdown, rules.key, Math.min(2 ** (failures - free - 1), longest));
}

/**
 * A correct password clears this client's and the account's failures (the IP's stay: stuffing
 * spans many emails).
 */
export async function forgetFailedPasswords(
  limits: RateLimiters,
  attempt: PasswordAttempt,
): Promise<void> {
  await limits.reset('loginFailuresPerAccountClient', accountClientKey(attempt));
  await limits.reset('loginFailuresPerAccount', accountKey(attempt));
  await limits.reset('loginSlowdownPerAccount', accountKey(attempt));
}

/** A guess at an account's pending password reset code (password-reset.ts). */
export interface ResetCodeAttempt {
  /** The account's address (as stored). */
  email: string;
  ip: string;
  /** The device id of a valid device cookie for this account (device-cookie.ts). */
  knownDevice?: string | undefined;
  account: AttemptedAccount;
  /** When the pending code was sent: each code has its own tries per client. */
  codeSentAt: Date;
}

function resetCodeAccountKey(attempt: ResetCodeAttempt): string {
  return hashed('password-reset-code', attempt.email, generationOf(attempt));
}

function resetCodeClientKey(attempt: ResetCodeAttempt): string {
  const client = attempt.knownDevice ? `device:${attempt.knownDevice}` : `ip:${attempt.ip}`;
  return hashed('password-reset-code', attempt.email, String(attempt.codeSentAt.getTime()), client);
}

/**
 * Takes one try at the reset code for this client, before the code is checked: 'client-spent'
 * once the client has had the code's tries (it may ask for a new code), else the tries it has
 * left after this one. Counting comes first, so parallel guesses cannot exceed the tries. Throws
 * the 429 while the account's guesses are being slowed down (before counting this client's try).
 */
export async function takeResetCodeTry(
  limits: RateLimiters,
  attempt: ResetCodeAttempt,
): Promise<{ kind: 'client-spent' } | { kind: 'try'; triesLeft: number }> {
  if (!attempt.knownDevice) {
    await limits.assertNotExhausted('resetCodeSlowdownPerAccount', resetCodeAccountKey(attempt));
  }
  const tries = await limits.count('resetCodeTriesPerAccountClient', resetCodeClientKey(attempt));
  const triesLeft = limits.settings.resetCodeTriesPerAccountClient.points - tries;
  return triesLeft < 0 ? { kind: 'client-spent' } : { kind: 'try', triesLeft };
}

/** A wrong reset code: from a browser without the device cookie, it slows the account's guesses. */
export async function countWrongResetCode(
  limits: RateLimiters,
  attempt: ResetCodeAttempt,
): Promise<void> {
  if (attempt.knownDevice) return;
  await slowDownPastFreeFailures(limits, {
    failures: 'resetCodeFailuresPerAccount',
    slowdown: 'resetCodeSlowdownPerAccount',
    key: resetCodeAccountKey(attempt),
  });
}

/** One email or text sent to the account. */
export function countCodeSent(limits: RateLimiters, userId: string): Promise<void> {
  return limits.consume('codeSendPerAccount', userId);
}

/** One email, phone or authenticator code checked for the account. */
export function countCodeChecked(limits: RateLimiters, userId: string): Promise<void> {
  return limits.consume('codeCheckPerAccount', userId);
}
