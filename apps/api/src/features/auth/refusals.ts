import { AUTH_MESSAGES, type CodePurpose } from '@kindred/contracts';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { RECOVERY_CODE_MESSAGES } from '@kindred/contracts';

/**
 * The ways a sign-in step says no. Each step service returns its successes and these refusals as
 * one outcome (`{ kind: … }`), with no HTTP in sight; the routes turn a refusal into its error reply
 * here, in one table, with the spec's message and the code the web app branches on.
 */
export type Refusal =
  | { kind: 'invalid-credentials' }
  | { kind: 'session-expired' }
  | { kind: 'email-taken' }
  /** The email named is not the address of the account signing in. */
  | { kind: 'not-your-email' }
  | { kind: 'email-already-verified' }
  | { kind: 'email-not-verified' }
  | { kind: 'email-not-sent' }
  | { kind: 'sms-not-sent' }
  /** The provider refused the member's number itself (not a valid or not a mobile number). */
  | { kind: 'phone-cannot-receive-sms' }
  /** The member's phone had replied STOP to our texts (Twilio 21610). */
  | { kind: 'phone-opted-out' }
  /** The number already verifies another account (which one is never said). */
  | { kind: 'phone-taken' }
  | { kind: 'two-factor-already-enabled' }
  | { kind: 'two-factor-not-set-up' }
  | { kind: 'two-factor-code-wrong' }
  /** A recovery code that is not one of the member's unused codes (at login). */
  | { kind: 'recovery-code-wrong' }
  /** A wrong authenticator code from a signed-in member (Settings): 400, the session stays. */
  | { kind: 'fresh-code-wrong' }
  /** A moderator suspended the account: the right password still does not sign in. */
  | { kind: 'account-suspended'; supportEmail: string }
  /** This login's challenge took its wrong codes: the member must give their password again. */
  | { kind: 'two-factor-challenge-exhausted' }
  | { kind: 'two-factor-hourly-cap'; retryAfterSeconds: number }
  | CodeRefusal;

/** What codes.ts says of an emailed or texted code it would not issue or accept. */
export type CodeRefusal =
  /** A code was sent less than 60 seconds ago. */
  | { kind: 'code-resend-wait'; retryAfterSeconds: number }
  | { kind: 'code-not-requested' }
  | { kind: 'code-expired'; purpose: CodePurpose }
  /** The live code was sent to another address or number than the one named. */
  | { kind: 'code-other-target'; purpose: CodePurpose }
  | { kind: 'code-wrong'; attemptsLeft: number }
  /** The code took its 5 wrong guesses; a new one may be requested after `retryAfterSeconds`. */
  | { kind: 'code-void'; retryAfterSeconds: number };

type RefusalKind = Refusal['kind'];

const REFUSALS: { [K in RefusalKind]: (refusal: Extract<Refusal, { kind: K }>) => AppError } = {
  'invalid-credentials': () =>
    new AppError(401, AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS'),
  'session-expired': () => new AppError(401, AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED'),
  'email-taken': () => new AppError(409, AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN'),
  'not-your-email': () => new AppError(403, AUTH_MESSAGES.otpWrongEmail),
  'email-already-verified': () =>
    new AppError(409, AUTH_MESSAGES.emailAlreadyVerified, 'EMAIL_ALREADY_VERIFIED'),
  'email-not-verified': () =>
    new AppError(403, AUTH_MESSAGES.emailNotVerified, 'EMAIL_NOT_VERIFIED'),
  'email-not-sent': () => new AppError(502, AUTH_MESSAGES.otpEmailFailed),
  'sms-not-sent': () => new AppError(502, AUTH_MESSAGES.phoneCodeFailed),
  'phone-cannot-receive-sms': () =>
    new AppError(400, AUTH_MESSAGES.phoneCannotReceiveSms, 'PHONE_CANNOT_RECEIVE_SMS'),
  'phone-opted-out': () => new AppError(400, AUTH_MESSAGES.phoneOptedOut, 'PHONE_OPTED_OUT'),
  'phone-taken': () => new AppError(409, AUTH_MESSAGES.phoneTaken),
  'two-factor-already-enabled': () =>
    new AppError(409, AUTH_MESSAGES.twoFactorAlreadyEnabled, 'TWO_FACTOR_ALREADY_ENABLED'),
  'two-factor-not-set-up': () =>
    new AppError(403, AUTH_MESSAGES.twoFactorNotSetUp, 'TWO_FACTOR_NOT_SET_UP'),
  'two-factor-code-wrong': () => new AppError(401, AUTH_MESSAGES.twoFactorInvalid, 'CODE_INVALID'),
  'recovery-code-wrong': () => new AppError(401, RECOVERY_CODE_MESSAGES.invalid, 'CODE_INVALID'),
  'fresh-code-wrong': () => new AppError(400, AUTH_MESSAGES.twoFactorInvalid, 'CODE_INVALID'),
  'two-factor-challenge-exhausted': () =>
    new AppError(429, AUTH_MESSAGES.twoFactorChallengeExhausted, { retryAfterSeconds: 0 }),
  'account-suspended': ({ supportEmail }) =>
    new AppError(403, AUTH_MESSAGES.accountSuspended(supportEmail), 'ACCOUNT_SUSPENDED'),
  'two-factor-hourly-cap': ({ retryAfterSeconds }) =>
    tooManyRequests(
      AUTH_MESSAGES.twoFactorHourlyCap(Math.ceil(retryAfterSeconds / 60)),
      retryAfterSeconds,
    ),
  'code-resend-wait': ({ retryAfterSeconds }) =>
    tooManyRequests(AUTH_MESSAGES.resendWait(retryAfterSeconds), retryAfterSeconds),
  'code-not-requested': () =>
    new AppError(400, AUTH_MESSAGES.codeNotRequested, 'CODE_NOT_REQUESTED'),
  'code-expired': ({ purpose }) =>
    new AppError(
      400,
      purpose === 'password_reset' || purpose === 'email_change'
        ? AUTH_MESSAGES.accountCodeExpired
        : AUTH_MESSAGES.codeExpired,
      'CODE_EXPIRED',
    ),
  'code-other-target': ({ purpose }) =>
    new AppError(
      400,
      purpose === 'phone' ? AUTH_MESSAGES.phoneCodeOtherNumber : AUTH_MESSAGES.codeNotRequested,
    ),
  'code-wrong': ({ attemptsLeft }) =>
    new AppError(400, AUTH_MESSAGES.codeWrong(attemptsLeft), 'CODE_INVALID'),
  'code-void': ({ retryAfterSeconds }) =>
    new AppError(429, AUTH_MESSAGES.codeVoid, { retryAfterSeconds }),
};

export function isRefusal(outcome: { kind: string }): outcome is Refusal {
  return Object.hasOwn(REFUSALS, outcome.kind);
}

export function refusalError(refusal: Refusal): AppError {
  const toError = REFUSALS[refusal.kind] as (refusal: Refusal) => AppError;
  return toError(refusal);
}

/** The step's success, or the refusal thrown as its error reply. */
export function unlessRefused<O extends { kind: string }>(outcome: O): Exclude<O, Refusal> {
  if (isRefusal(outcome)) throw refusalError(outcome);
  return outcome as Exclude<O, Refusal>;
}
