import {
  AUTH_MESSAGES,
  type LoginUser,
  type SignedInUser,
  type VerificationRequiredResponse,
} from '@kindred/contracts';
import { hasVerifiedBadge } from '../users/index.js';
import type { UserRow } from './service.js';

/**
 * The account-entry replies show the member only their own account, and only what the sign-in
 * screens need (and the name, so the header can greet them): never the password hash, the 2FA secret, the phone number or coordinates.
 */

export function presentLoginUser(user: UserRow): LoginUser {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    verifiedBadge: hasVerifiedBadge(user),
  };
}

export function presentSignedInUser(user: UserRow, sessionHandle: string): SignedInUser {
  return {
    _id: user.id,
    sessionId: sessionHandle,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    verifiedBadge: hasVerifiedBadge(user),
    isVerified: Boolean(user.emailVerifiedAt),
    isPhoneVerified: Boolean(user.phoneVerifiedAt),
    // Said only to moderators and admins, whose menu then links the moderation page.
    ...(user.role === 'member' ? {} : { role: user.role }),
  };
}

/**
 * Login past the 7-day email deadline: a 403 that says what to do next. The route has started a
 * pending session, which may still request and enter a new email code.
 */
export function presentVerificationRequired(user: UserRow): VerificationRequiredResponse {
  return {
    success: false,
    message: AUTH_MESSAGES.verificationDeadlinePassed,
    code: 'EMAIL_NOT_VERIFIED',
    nextStep: 'verify-email',
    user: presentLoginUser(user),
  };
}

export const setupUrlFor = (userId: string) => `/2fa-setup/${userId}`;
export const verifyUrlFor = (userId: string) => `/2fa-verify/${userId}`;
