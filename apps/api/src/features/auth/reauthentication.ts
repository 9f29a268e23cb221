import bcrypt from 'bcrypt';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import {
  deriveKey,
  openSecret,
  SecretBoxError,
  TOTP_SECRET_PURPOSE,
} from '../../platform/secret-box.js';
import { findAccountById, useTotpStep, type AccountRow } from '../users/index.js';
import {
  assertPasswordAttemptAllowed,
  countCodeChecked,
  countFailedPassword,
  forgetFailedPasswords,
  type PasswordAttempt,
} from './attempts.js';
import { knownDeviceOf, type LoginClient } from './device-cookie.js';
import { matchTotpStep } from './totp.js';

/**
 * "Is the member at the keyboard?" before a change to the account's credentials, asked of a
 * signed-in session: the current password, or a code from the authenticator app. A wrong password
 * counts like a failed login (per account and per IP, 429 once spent); an authenticator code counts
 * as a code check and is used up (a step once accepted never is again). A wrong answer is 403, not
 * 401: the session stays signed in.
 */

export const wrongPassword = () =>
  new AppError(403, ACCOUNT_MESSAGES.wrongPassword, 'WRONG_PASSWORD');

/** Throws unless `password` is the account's current password. */
export async function assertCurrentPassword(
  context: AppContext,
  account: Pick<AccountRow, 'id' | 'email' | 'passwordHash' | 'passwordChangedAt'>,
  password: string,
  client: LoginClient,
): Promise<void> {
  const limits = context.rateLimiters;
  const attempt: PasswordAttempt = {
    email: account.email,
    ip: client.ip,
    account,
    knownDevice: knownDeviceOf(context, account.id, client.deviceCookie),
  };
  await assertPasswordAttemptAllowed(limits, attempt);
  if (!(await bcrypt.compare(password, account.passwordHash))) {
    await countFailedPassword(limits, attempt);
    throw wrongPassword();
  }
  await forgetFailedPasswords(limits, attempt);
}

/** Throws unless `token` is a fresh code of the account's authenticator app. */
export async function assertCurrentTotp(
  context: AppContext,
  account: Pick<AccountRow, 'id' | 'totpSecretEncrypted' | 'totpEnabledAt'>,
  token: string,
): Promise<void> {
  await countCodeChecked(context.rateLimiters, account.id);
  const wrong = new AppError(403, ACCOUNT_MESSAGES.totpWrong, 'CODE_INVALID');
  if (!account.totpEnabledAt || !account.totpSecretEncrypted) throw wrong;
  let secret: string;
  try {
    secret = openSecret(
      deriveKey(context.config.dataEncryptionKey, TOTP_SECRET_PURPOSE),
      account.totpSecretEncrypted,
      account.id,
    );
  } catch (error) {
    if (error instanceof SecretBoxError) throw wrong;
    throw error;
  }
  const step = matchTotpStep(secret, token, context.clock.now());
  if (step === null || !(await useTotpStep(context.db, account.id, step))) throw wrong;
}

/**
 * Before disabling or deleting the account: the current password or an authenticator code
 * (either), always.
 */
export async function assertMemberAtKeyboard(
  context: AppContext,
  userId: string,
  proof: PhoneChangeProof,
  client: LoginClient,
): Promise<void> {
  const account = await findAccountById(context.db, userId);
  if (!account) throw new AppError(401, AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
  if (proof.currentPassword !== undefined) {
    return assertCurrentPassword(context, account, proof.currentPassword, client);
  }
  if (proof.totpCode !== undefined) return assertCurrentTotp(context, account, proof.totpCode);
  throw new AppError(403, ACCOUNT_MESSAGES.accountChangeNeedsProof, 'REAUTH_REQUIRED');
}

export interface PhoneChangeProof {
  currentPassword?: string | undefined;
  totpCode?: string | undefined;
}

/**
 * Before a phone code is sent: a member whose phone is already verified is changing it, and must
 * give the current password or an authenticator code (either). A first verification needs neither.
 */
export async function assertMayChangePhone(
  context: AppContext,
  userId: string,
  proof: PhoneChangeProof,
  client: LoginClient,
): Promise<void> {
  const account = await findAccountById(context.db, userId);
  // No account: the phone step itself says the session is over.
  if (!account?.phoneVerifiedAt) return;
  if (proof.currentPassword !== undefined) {
    return assertCurrentPassword(context, account, proof.currentPassword, client);
  }
  if (proof.totpCode !== undefined) return assertCurrentTotp(context, account, proof.totpCode);
  throw new AppError(403, ACCOUNT_MESSAGES.phoneChangeNeedsProof, 'REAUTH_REQUIRED');
}
