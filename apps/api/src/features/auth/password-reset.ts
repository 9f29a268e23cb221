import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { AppContext } from '../../context.js';
import { findAccountByEmail, savePasswordHash, type AccountRow } from '../users/index.js';
import { notifySecurityEvent } from '../notifications/index.js';
import { forgetTwoFactorFailures } from './two-factor.js';
import { countWrongResetCode, takeResetCodeTry, type ResetCodeAttempt } from './attempts.js';
import {
  codeVoid,
  consumeCode,
  issueCode,
  pendingCodeSentAt,
  withdrawCode,
  type CodeTarget,
} from './codes.js';
import { knownDeviceOf, type LoginClient } from './device-cookie.js';
import { passwordResetCodeEmail, passwordResetNoticeEmail } from './emails.js';
import type { CodeRefusal } from './refusals.js';

/**
 * Forgot password: a code mailed to the account's address, then a new password with that code.
 *
 * Nobody may learn from it whether an email has an account. The request answers the same words
 * after the same work whatever the email: its rate limits count the email asked about (not an
 * account), and everything that depends on the account — the look-up, the code, the mail — runs
 * after the reply (`context.background`), so neither the answer nor its timing can tell. For the
 * same reason a code already sent less than 60 seconds ago is kept silently (no "please wait").
 *
 * The code is like the sign-in codes (codes.ts): hashed at rest, single use, valid 15 minutes,
 * 5 tries. Unlike theirs, anyone who knows the email can guess at it, so wrong guesses do not void
 * it: each client (device cookie, else IP) has its own 5 tries, each IP the route's limit, and the
 * account as a whole only a growing delay once strangers' guesses pile up (attempts.ts) — a
 * stranger cannot spend the owner's tries. A reset ends every session of the account — whoever had
 * the old password is out — and mails a notice; the member then signs in normally, 2FA included.
 */

/** Rate limits are kept per email address asked about, without storing the address itself. */
function emailKey(email: string): string {
  return createHash('sha256').update(`password-reset\n${email}`).digest('base64url');
}

const resetTarget = (account: Pick<AccountRow, 'id' | 'email'>): CodeTarget => ({
  userId: account.id,
  purpose: 'password_reset',
  target: account.email,
});

export type ForgotPasswordOutcome = { kind: 'reset-code-requested' };

/** Throws the 429 once the email's requests are spent (unknown emails count alike). */
export async function requestPasswordReset(
  context: AppContext,
  input: { email: string },
): Promise<ForgotPasswordOutcome> {
  await context.rateLimiters.consume('passwordForgotPerAccount', emailKey(input.email));
  context.background.run('password reset code', () => sendResetCode(context, input.email));
  return { kind: 'reset-code-requested' };
}

async function sendResetCode(context: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(context.db, email);
  if (!account) return;
  const target = resetTarget(account);
  const issued = await issueCode(context, target);
  // Asked again within 60 seconds: the code already sent stands.
  if (issued.kind !== 'code-issued') return;
  try {
    await context.mailer.send({
      to: account.email,
      ...passwordResetCodeEmail({
        firstName: account.firstName,
        code: issued.code,
        expiresInMinutes: issued.expiresInSeconds / 60,
      }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId: account.id }, 'password reset code not sent');
    // So that the member may ask again at once.
    await withdrawCode(context, target, issued.code);
  }
}

export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string;
}

export type ResetPasswordOutcome =
  { kind: 'password-reset'; user: AccountRow } | Exclude<CodeRefusal, { kind: 'code-resend-wait' }>;

/** No member has this id: an unknown email's code is looked up (and not found) like a member's. */
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Sets the new password when the code is right. An unknown email gets the answer of an account
 * without a code ("No code has been requested yet"), after the same look-ups.
 */
export async function resetPassword(
  context: AppContext,
  input: ResetPasswordInput,
  client: LoginClient,
): Promise<ResetPasswordOutcome> {
  const account = await findAccountByEmail(context.db, input.email);
  const codeSentAt = await pendingCodeSentAt(
    context,
    account?.id ?? NO_ACCOUNT_ID,
    'password_reset',
  );
  if (!account || !codeSentAt) return { kind: 'code-not-requested' };

  const attempt: ResetCodeAttempt = {
    email: account.email,
    ip: client.ip,
    knownDevice: knownDeviceOf(context, account.id, client.deviceCookie),
    account,
    codeSentAt,
  };
  const taken = await takeResetCodeTry(context.rateLimiters, attempt);
  if (taken.kind === 'client-spent') return codeVoid(codeSentAt, context.clock.now());
  const checked = await consumeCode(context, resetTarget(account), input.code, {
    voidAfterWrongGuesses: false,
  });
  if (checked.kind === 'code-wrong') {
    await countWrongResetCode(context.rateLimiters, attempt);
    return { kind: 'code-wrong', attemptsLeft: taken.triesLeft };
  }
  if (checked.kind !== 'code-accepted') return checked;

  const now = context.clock.now();
  const passwordHash = await bcrypt.hash(input.password, context.config.bcryptCost);
  const user = await savePasswordHash(context.db, account.id, passwordHash, now);
  // The account was deleted between the code and now: its code went with it.
  if (!user) return { kind: 'code-not-requested' };
  await context.sessionStore.destroyAllForUser(user.id);
  // Failed logins with the forgotten password no longer stand between the member and the new one:
  // their counters are keyed by the password's generation (attempts.ts), which just changed. Nor
  // do wrong authenticator codes sent by whoever may have had the old password.
  await forgetTwoFactorFailures(context, user.id);
  await notifySecurityEvent(context, user.id, 'password_changed');
  context.background.run('password reset notice', () =>
    context.mailer.send({
      to: user.email,
      ...passwordResetNoticeEmail({ firstName: user.firstName, when: now }),
    }),
  );
  return { kind: 'password-reset', user };
}
