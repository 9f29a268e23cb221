import { z } from 'zod';
import {
  AUTH_MESSAGES,
  CodeSchema,
  EmailSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
} from './auth.js';

/**
 * Account settings of a signed-in member: change the password, the email address (confirmed by a
 * code sent to the new address) and the phone number (after the current password or an
 * authenticator code), and see and end the sessions signed in to the account.
 */

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from your current password.',
  passwordChanged: 'Password changed. You were signed out of your other sessions.',

  sameEmail: 'This is already your email address.',
  emailCodeSent: (maskedEmail: string) =>
    `We sent a 6-digit code to ${maskedEmail}. Enter it to confirm your new email address.`,
  /** Said only to someone who proved they hold the address (they entered its code). */
  emailTaken: 'This email address belongs to another account. Please use a different one.',
  emailChanged: 'Your email address was changed.',
  emailCodeOtherAddress: 'Please request a new code for your new email address.',
  emailChangeNotRequested: 'No email change was requested. Please request a new code.',

  /** Changing a verified phone number asks who is at the keyboard first. */
  phoneChangeNeedsProof:
    'To change your phone number, enter your current password or a code from your authenticator app.',
  totpWrong: AUTH_MESSAGES.twoFactorInvalid,
  /** Disabling or deleting the account asks who is at the keyboard first. */
  accountChangeNeedsProof:
    'To confirm, enter your current password or a code from your authenticator app.',

  sessionNotFound: 'Session not found',
  sessionEnded: 'Signed out of that session.',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'You have no other sessions.'
      : `Signed out of ${count} other ${count === 1 ? 'session' : 'sessions'}.`,
} as const;

/** Shows enough of an address to recognise it: `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /users/me/password: the current password (length rules only) and a new one (sign-up rules). */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: LoginPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** POST /users/me/email: the password, and the new address the code goes to. */
export const ChangeEmailRequestSchema = z.object({
  password: LoginPasswordSchema,
  newEmail: EmailSchema,
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

/**
 * POST /users/{id}/disable and DELETE /users/{id}: proof that the member is at the keyboard, the
 * current password or an authenticator code (either one; none is refused with REAUTH_REQUIRED).
 */
export const AccountProofRequestSchema = z.object({
  currentPassword: z.optional(LoginPasswordSchema),
  totpCode: CodeSchema.optional(),
});
export type AccountProofRequest = z.input<typeof AccountProofRequestSchema>;

/** POST /users/me/email/verify: the code sent to the new address. */
export const VerifyEmailChangeRequestSchema = z.object({ code: CodeSchema });
export type VerifyEmailChangeRequest = z.input<typeof VerifyEmailChangeRequestSchema>;

/** A session's id in paths: the public id (a UUID), never the cookie's secret. */
export const SessionIdSchema = z.uuid({ error: ACCOUNT_MESSAGES.sessionNotFound });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface ChangeEmailResponse {
  success: true;
  message: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface VerifyEmailChangeResponse {
  success: true;
  message: string;
  email: string;
}

/** One place the member is signed in. `browser` and `os` come from the User-Agent (null if unknown). */
export interface MemberSession {
  _id: string;
  /** The session this request came from ("This browser"). */
  current: boolean;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export interface SessionsResponse {
  success: true;
  /** The current session first, then the most recently active. */
  sessions: MemberSession[];
}

export interface EndOtherSessionsResponse {
  success: true;
  message: string;
  ended: number;
}
