import { AUTH_MESSAGES } from '@kindred/contracts';
import { AppError, tooManyRequests } from '../../http/errors.js';

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
  | { kind: 'two-factor-already-enabled' }
  | { kind: 'two-factor-not-set-up' }
  | { kind: 'two-factor-code-wrong' }
  /** This login's challenge took its wrong codes: the member must give their password again. */
  | { kind: 'two-factor-challenge-exhausted' }
  | { kind: 'two-factor-hourly-cap'; retryAfterSeconds: number };

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
  'two-factor-already-enabled': () =>
    new AppError(409, AUTH_MESSAGES.twoFactorAlreadyEnabled, 'TWO_FACTOR_ALREADY_ENABLED'),
  'two-factor-not-set-up': () =>
    new AppError(403, AUTH_MESSAGES.twoFactorNotSetUp, 'TWO_FACTOR_NOT_SET_UP'),
  'two-factor-code-wrong': () => new AppError(401, AUTH_MESSAGES.twoFactorInvalid, 'CODE_INVALID'),
  'two-factor-challenge-exhausted': () =>
    new AppError(429, AUTH_MESSAGES.twoFactorChallengeExhausted, { retryAfterSeconds: 0 }),
  'two-factor-hourly-cap': ({ retryAfterSeconds }) =>
    tooManyRequests(
      AUTH_MESSAGES.twoFactorHourlyCap(Math.ceil(retryAfterSeconds / 60)),
      retryAfterSeconds,
    ),
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
