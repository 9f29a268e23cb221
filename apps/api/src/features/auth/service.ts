import bcrypt from 'bcrypt';
import { EMAIL_VERIFICATION_DEADLINE_DAYS, TERMS_VERSION, type NextStep } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import {
  createAccount,
  findAccountsByEmail,
  findAccountById,
  markEmailVerified,
  markPhoneVerified,
  phoneVerifiesAnotherAccount,
  recordLogin,
  type AccountRow,
} from '../users/index.js';
import {
  assertPasswordAttemptAllowed,
  type PasswordAttempt,
  countCodeChecked,
  countCodeSent,
  countFailedPassword,
  forgetFailedPasswords,
} from './attempts.js';
import { knownDeviceOf, type LoginClient } from './device-cookie.js';
import { consumeCode, issueCode, withdrawCode, type CodeTarget } from './codes.js';
import { isNumberRefused, isRecipientOptedOut } from '../../platform/sms.js';
import { verificationCodeEmail } from './emails.js';
import type { CodeRefusal, Refusal } from './refusals.js';
import { openChallenge } from './two-factor.js';

/**
 * The sign-in steps: sign-up, password, email code, phone code (the authenticator steps are in
 * two-factor.ts). Each is one function that takes what the member sent and the session's member,
 * and returns an outcome — a success the route presents, or a refusal (refusals.ts). Nothing here
 * sees req/res: the route decides what the session becomes. Attempts are counted (attempts.ts)
 * and the account is written (features/users) from here.
 */

export type UserRow = AccountRow;

/** The member a signing-in session speaks for, and the 2FA challenge it is answering. */
export interface SigningIn {
  userId: string;
  challengeId?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a half-signed-in member must do next, from the account's state alone. */
export function nextStepFor(user: Pick<UserRow, 'emailVerifiedAt' | 'totpEnabledAt'>): NextStep {
  if (!user.emailVerifiedAt) return 'verify-email';
  if (!user.totpEnabledAt) return '2fa-setup';
  return '2fa-verify';
}

/** The email must be verified within 7 days of signing up; after that sign-in stops until it is. */
export function verificationDeadline(user: Pick<UserRow, 'createdAt'>): Date {
  return new Date(user.createdAt.getTime() + EMAIL_VERIFICATION_DEADLINE_DAYS * DAY_MS);
}

export function emailDeadlinePassed(
  user: Pick<UserRow, 'createdAt' | 'emailVerifiedAt'>,
  now: Date,
): boolean {
  return !user.emailVerifiedAt && now.getTime() >= verificationDeadline(user).getTime();
}

// -------------------------------------------------------------------------------------------
// Sign-up and password
// -------------------------------------------------------------------------------------------

export interface NewAccountInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  /** The contract accepts only `true` for both: a sign-up without them is a 400 before this. */
  legalAgeConfirmed: true;
  termsAccepted: true;
}

export type SignUpOutcome = { kind: 'account-created'; user: UserRow } | { kind: 'email-taken' };

export async function signUp(context: AppContext, input: NewAccountInput): Promise<SignUpOutcome> {
  const { password, legalAgeConfirmed: _age, termsAccepted: _terms, ...account } = input;
  const passwordHash = await bcrypt.hash(password, context.config.bcryptCost);
  const now = context.clock.now();
  const consent = { legalAgeConfirmedAt: now, termsAcceptedAt: now, termsVersion: TERMS_VERSION };
  const user = await createAccount(context.db, { ...account, passwordHash, ...consent }, now);
  return user ? { kind: 'account-created', user } : { kind: 'email-taken' };
}

export interface PasswordInput extends LoginClient {
  email: string;
  password: string;
  coordinates: { latitude: number; longitude: number } | null;
  rememberMe: boolean;
  newsletter: boolean;
}

export type PasswordOutcome =
  /** The session becomes pending, for this member; `challengeId` when the next step is 2FA. */
  | { kind: 'password-accepted'; user: UserRow; nextStep: NextStep; challengeId?: string }
  /**
   * The 7-day email deadline passed: sign-in goes no further, but the session still becomes
   * pending so that it may request and enter a new email code.
   */
  | { kind: 'verification-required'; user: UserRow }
  | Extract<Refusal, { kind: 'invalid-credentials' | 'account-suspended' }>;

/** The password step; Passport's local strategy is its single entry (passport.ts). */
export async function signInWithPassword(
  context: AppContext,
  input: PasswordInput,
): Promise<PasswordOutcome> {
  const limits = context.rateLimiters;
  // The verified account, or the unverified sign-ups sharing the address (findAccountsByEmail).
  const candidates = await findAccountsByEmail(context.db, input.email);
  const primary = candidates[0];
  const attempt: PasswordAttempt = {
    email: input.email,
    ip: input.ip,
    account: primary,
    knownDevice: candidates
      .map((candidate) => knownDeviceOf(context, candidate.id, input.deviceCookie))
      .find(Boolean),
  };
  await assertPasswordAttemptAllowed(limits, attempt);
  const account = await accountWithPassword(context, candidates, input.password);
  if (!account) {
    await countFailedPassword(limits, attempt);
    return { kind: 'invalid-credentials' };
  }
  await forgetFailedPasswords(limits, attempt);
  // Said only after the right password (so it does not tell strangers an email has an account),
  // and before anything is recorded: unlike a member's own disable, signing in does not lift it.
  if (account.status === 'suspended') {
    return { kind: 'account-suspended', supportEmail: context.config.supportEmail };
  }

  const now = context.clock.now();
  const user = (await recordLogin(context.db, account.id, input, now)) ?? account;
  if (emailDeadlinePassed(user, now)) return { kind: 'verification-required', user };
  const nextStep = nextStepFor(user);
  return {
    kind: 'password-accepted',
    user,
    nextStep,
    ...(nextStep === '2fa-verify' ? { challengeId: await openChallenge(context, user.id) } : {}),
  };
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * The candidate whose password this is, or undefined. No account still costs one bcrypt
 * comparison, so response times do not tell which emails have accounts.
 */
async function accountWithPassword(
  context: AppContext,
  candidates: readonly UserRow[],
  password: string,
): Promise<UserRow | undefined> {
  if (candidates.length === 0) {
    const cost = context.config.bcryptCost;
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, bcrypt.hash('not a real password 0', cost));
    await bcrypt.compare(password, await dummyHashes.get(cost)!);
    return undefined;
  }
  for (const candidate of candidates) {
    if (await bcrypt.compare(password, candidate.passwordHash)) return candidate;
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------
// Email code
// -------------------------------------------------------------------------------------------

export type SendEmailCodeOutcome =
  | { kind: 'email-code-sent'; email: string }
  | Extract<
      Refusal,
      { kind: 'session-expired' | 'not-your-email' | 'email-already-verified' | 'email-not-sent' }
    >
  | Extract<CodeRefusal, { kind: 'code-resend-wait' }>;

/**
 * Sends a new email code. Codes go only to the address of the account this session is signing in
 * to: nobody can make us email a stranger, and the answer never says whether another address has
 * an account.
 */
export async function sendEmailCode(
  context: AppContext,
  session: SigningIn,
  email: string,
): Promise<SendEmailCodeOutcome> {
  const user = await findAccountById(context.db, session.userId);
  if (!user) return { kind: 'session-expired' };
  if (email !== user.email) return { kind: 'not-your-email' };
  await countCodeSent(context.rateLimiters, user.id);
  if (user.emailVerifiedAt) return { kind: 'email-already-verified' };
  const target: CodeTarget = { userId: user.id, purpose: 'email', target: user.email };
  const issued = await issueCode(context, target);
  if (issued.kind !== 'code-issued') return issued;
  const { code } = issued;
  try {
    await context.mailer.send({
      to: user.email,
      ...verificationCodeEmail({
        firstName: user.firstName,
        code,
        expiresInMinutes: issued.expiresInSeconds / 60,
      }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, 'verification email could not be sent');
    await withdrawCode(context, target, code);
    return { kind: 'email-not-sent' };
  }
  return { kind: 'email-code-sent', email: user.email };
}

export type VerifyEmailCodeOutcome =
  | {
      kind: 'email-verified';
      user: UserRow;
      nextStep: Exclude<NextStep, 'verify-email'>;
      /** Opened when the next step is the authenticator code. */
      challengeId?: string;
    }
  | Extract<
      Refusal,
      { kind: 'session-expired' | 'not-your-email' | 'email-already-verified' | 'email-taken' }
    >
  | CodeRefusal;

/** Checks the email code (a wrong, expired or used-up code is refused by codes.ts). */
export async function verifyEmailCode(
  context: AppContext,
  session: SigningIn,
  input: { email: string; otp: string },
): Promise<VerifyEmailCodeOutcome> {
  const user = await findAccountById(context.db, session.userId);
  if (!user) return { kind: 'session-expired' };
  if (input.email !== user.email) return { kind: 'not-your-email' };
  await countCodeChecked(context.rateLimiters, user.id);
  if (user.emailVerifiedAt) return { kind: 'email-already-verified' };
  const checked = await consumeCode(
    context,
    { userId: user.id, purpose: 'email', target: user.email },
    input.otp,
  );
  if (checked.kind !== 'code-accepted') return checked;
  const now = context.clock.now();
  const verified = await markEmailVerified(context.db, user.id, now);
  // Another sign-up with this address proved it first.
  if (!verified) return { kind: 'email-taken' };
  // 2FA is set up after the email, so this is '2fa-setup' for every account this code creates.
  const nextStep = verified.totpEnabledAt ? '2fa-verify' : '2fa-setup';
  return {
    kind: 'email-verified',
    user: verified,
    nextStep,
    ...(nextStep === '2fa-verify' ? { challengeId: await openChallenge(context, user.id) } : {}),
  };
}

// -------------------------------------------------------------------------------------------
// Phone code (a signed-in member's)
// -------------------------------------------------------------------------------------------

export type SendPhoneCodeOutcome =
  /** `devCode`: the code itself, only in SMS development mode outside production. */
  | { kind: 'phone-code-sent'; devCode?: string }
  | Extract<
      Refusal,
      {
        kind:
          | 'session-expired'
          | 'sms-not-sent'
          | 'phone-cannot-receive-sms'
          | 'phone-opted-out'
          | 'phone-taken';
      }
    >
  | Extract<CodeRefusal, { kind: 'code-resend-wait' }>;

export async function sendPhoneCode(
  context: AppContext,
  userId: string,
  phoneNumber: string,
): Promise<SendPhoneCodeOutcome> {
  await countCodeSent(context.rateLimiters, userId);
  const user = await findAccountById(context.db, userId);
  if (!user) return { kind: 'session-expired' };
  // No text for a number that cannot be verified here (checked again when the code comes back).
  if (await phoneVerifiesAnotherAccount(context.db, phoneNumber, user.id)) {
    return { kind: 'phone-taken' };
  }
  const target: CodeTarget = { userId: user.id, purpose: 'phone', target: phoneNumber };
  const issued = await issueCode(context, target);
  if (issued.kind !== 'code-issued') return issued;
  const { code } = issued;
  try {
    await context.sms.send(
      phoneNumber,
      `Your Kindred verification code is ${code}. It expires in ${issued.expiresInSeconds / 60} minutes. Never share it.`,
    );
  } catch (error) {
    await withdrawCode(context, target, code);
    // The member's own number (a typo, a landline): theirs to change, nothing for an operator.
    if (isNumberRefused(error)) {
      context.logger.info({ err: error, userId: user.id }, 'verification SMS: number refused');
      return { kind: 'phone-cannot-receive-sms' };
    }
    // The member's phone replied STOP to an earlier text: theirs to undo, not an outage.
    if (isRecipientOptedOut(error)) {
      context.logger.info({ err: error, userId: user.id }, 'verification SMS: number opted out');
      return { kind: 'phone-opted-out' };
    }
    context.logger.error({ err: error, userId: user.id }, 'verification SMS could not be sent');
    return { kind: 'sms-not-sent' };
  }
  // The code leaves the server only in SMS development mode, which production config refuses.
  const revealCode = context.sms.devMode && !context.config.isProduction;
  return { kind: 'phone-code-sent', ...(revealCode ? { devCode: code } : {}) };
}

export type VerifyPhoneCodeOutcome =
  | { kind: 'phone-verified'; user: UserRow }
  | Extract<Refusal, { kind: 'session-expired' | 'phone-taken' }>
  | CodeRefusal;

export async function verifyPhoneCode(
  context: AppContext,
  userId: string,
  input: { phoneNumber: string; code: string },
): Promise<VerifyPhoneCodeOutcome> {
  await countCodeChecked(context.rateLimiters, userId);
  const user = await findAccountById(context.db, userId);
  if (!user) return { kind: 'session-expired' };
  const checked = await consumeCode(
    context,
    { userId: user.id, purpose: 'phone', target: input.phoneNumber },
    input.code,
  );
  if (checked.kind !== 'code-accepted') return checked;
  const verified = await markPhoneVerified(
    context.db,
    user.id,
    input.phoneNumber,
    context.clock.now(),
  );
  if (verified === 'phone-taken') return { kind: 'phone-taken' };
  return verified ? { kind: 'phone-verified', user: verified } : { kind: 'session-expired' };
}
