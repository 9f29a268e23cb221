import bcrypt from 'bcrypt';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  CODE_TTL_SECONDS,
  EMAIL_VERIFICATION_DEADLINE_DAYS,
  type NextStep,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { AppError, conflict, unauthorized } from '../../http/errors.js';
import { nameSearchColumns } from '../users/names.js';
import { consumeCode, issueCode, withdrawCode, type CodeTarget } from './codes.js';
import { verificationCodeEmail } from './emails.js';
import { openChallenge } from './two-factor.js';

/**
 * Account entry: creating accounts, checking passwords, and the email and phone codes.
 * The authenticator (2FA) steps are in two-factor.ts. Nothing here sees req/res: the routes pass
 * in the session's member and decide what the session becomes.
 */

export type UserRow = typeof users.$inferSelect;

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

/** The member behind a signing-in session; the session is stale if the account is gone. */
export async function loadSigningInUser(context: AppContext, userId: string): Promise<UserRow> {
  const [user] = await context.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return user;
}

// -------------------------------------------------------------------------------------------
// Sign-up and login
// -------------------------------------------------------------------------------------------

export interface NewAccount {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export async function createAccount(context: AppContext, input: NewAccount): Promise<UserRow> {
  const passwordHash = await bcrypt.hash(input.password, context.config.bcryptCost);
  const now = context.clock.now();
  const [user] = await context.db
    .insert(users)
    .values({
      email: input.email,
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      ...nameSearchColumns(input.firstName, input.lastName),
      passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict(AUTH_MESSAGES.emailTaken);
  return user;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * The member with this email and password, or null. An unknown email still costs one bcrypt
 * comparison, so response times do not tell which emails have accounts.
 */
export async function findUserByCredentials(
  context: AppContext,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const [user] = await context.db.select().from(users).where(eq(users.email, email));
  if (!user) {
    const cost = context.config.bcryptCost;
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, bcrypt.hash('not a real password 0', cost));
    await bcrypt.compare(password, await dummyHashes.get(cost)!);
    return null;
  }
  return (await bcrypt.compare(password, user.passwordHash)) ? user : null;
}

export interface LoginDetails {
  coordinates: { latitude: number; longitude: number } | null;
  rememberMe: boolean;
  newsletter: boolean;
}

export interface LoginOutcome {
  user: UserRow;
  nextStep: NextStep;
  /** Opened when the next step is the authenticator code. */
  challengeId?: string;
  /** The 7-day email deadline passed: sign-in cannot go further until the email is verified. */
  verificationOverdue: boolean;
}

/** After a correct password: remembers the login's choices and says what comes next. */
export async function recordLogin(
  context: AppContext,
  user: UserRow,
  details: LoginDetails,
): Promise<LoginOutcome> {
  const now = context.clock.now();
  const [updated] = await context.db
    .update(users)
    .set({
      rememberMe: details.rememberMe,
      newsletter: details.newsletter,
      lastLoginAt: now,
      updatedAt: now,
      ...(details.coordinates
        ? {
            lastLoginLatitude: details.coordinates.latitude,
            lastLoginLongitude: details.coordinates.longitude,
          }
        : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  const current = updated ?? user;
  const nextStep = nextStepFor(current);
  return {
    user: current,
    nextStep,
    challengeId: nextStep === '2fa-verify' ? await openChallenge(context, current.id) : undefined,
    verificationOverdue: emailDeadlinePassed(current, now),
  };
}

// -------------------------------------------------------------------------------------------
// Email code
// -------------------------------------------------------------------------------------------

/** Sends a new email code to the member's own address (the caller checked it is theirs). */
export async function sendEmailCode(context: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw conflict(AUTH_MESSAGES.emailAlreadyVerified);
  const target: CodeTarget = { userId: user.id, purpose: 'email', target: user.email };
  const { code } = await issueCode(context, target);
  try {
    await context.mailer.send({
      to: user.email,
      ...verificationCodeEmail({
        firstName: user.firstName,
        code,
        expiresInMinutes: CODE_TTL_SECONDS / 60,
      }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, 'verification email could not be sent');
    await withdrawCode(context, target, code);
    throw new AppError(502, AUTH_MESSAGES.otpEmailFailed);
  }
}

export interface EmailVerified {
  user: UserRow;
  nextStep: Exclude<NextStep, 'verify-email'>;
  challengeId?: string;
}

export async function verifyEmailCode(
  context: AppContext,
  user: UserRow,
  otp: string,
): Promise<EmailVerified> {
  if (user.emailVerifiedAt) throw conflict(AUTH_MESSAGES.emailAlreadyVerified);
  await consumeCode(context, { userId: user.id, purpose: 'email', target: user.email }, otp, {
    otherTarget: AUTH_MESSAGES.codeNotRequested,
  });
  const now = context.clock.now();
  const [updated] = await context.db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  const verified = updated ?? { ...user, emailVerifiedAt: now };
  // 2FA is set up after the email, so this is '2fa-setup' for every account this code creates.
  const nextStep = verified.totpEnabledAt ? '2fa-verify' : '2fa-setup';
  return {
    user: verified,
    nextStep,
    challengeId: nextStep === '2fa-verify' ? await openChallenge(context, user.id) : undefined,
  };
}

// -------------------------------------------------------------------------------------------
// Phone code
// -------------------------------------------------------------------------------------------

export interface PhoneCodeSent {
  /** The code itself, for SMS development mode only (the route decides whether to reveal it). */
  code: string;
  devMode: boolean;
}

export async function sendPhoneCode(
  context: AppContext,
  user: UserRow,
  phoneNumber: string,
): Promise<PhoneCodeSent> {
  const target: CodeTarget = { userId: user.id, purpose: 'phone', target: phoneNumber };
  const { code } = await issueCode(context, target);
  try {
    await context.sms.send(
      phoneNumber,
      `Your Kindred verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes. Never share it.`,
    );
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, 'verification SMS could not be sent');
    await withdrawCode(context, target, code);
    throw new AppError(502, AUTH_MESSAGES.phoneCodeFailed);
  }
  return { code, devMode: context.sms.devMode };
}

export async function verifyPhoneCode(
  context: AppContext,
  user: UserRow,
  phoneNumber: string,
  code: string,
): Promise<UserRow> {
  await consumeCode(context, { userId: user.id, purpose: 'phone', target: phoneNumber }, code, {
    otherTarget: AUTH_MESSAGES.phoneCodeOtherNumber,
  });
  const now = context.clock.now();
  const [updated] = await context.db
    .update(users)
    .set({ phoneNumber, phoneVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return updated;
}
