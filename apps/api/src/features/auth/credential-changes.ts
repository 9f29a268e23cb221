import bcrypt from 'bcrypt';
import { ACCOUNT_MESSAGES, maskEmail } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { MailMessage } from '../../platform/mailer.js';
import { findAccountById, saveEmail, savePasswordHash, type AccountRow } from '../users/index.js';
import { notifySecurityEvent } from '../notifications/index.js';
import { countCodeChecked, countCodeSent } from './attempts.js';
import {
  consumeCode,
  issueCode,
  pendingCodeTarget,
  withdrawCode,
  type CodeTarget,
} from './codes.js';
import { emailChangeCodeEmail, emailChangedEmail, passwordChangedEmail } from './emails.js';
import type { LoginClient } from './device-cookie.js';
import { assertCurrentPassword } from './reauthentication.js';
import { refusalError } from './refusals.js';

/**
 * A signed-in member changes their password or email address (Settings → Account). Both start by
 * asking for the current password (reauthentication.ts). A new password ends the member's other
 * sessions; a new address must first be proven with a code sent to it, and the old address is
 * told, with the new one masked. Failures are thrown as AppErrors (codes.ts refusals through
 * `refusalError`); nothing here sees req/res.
 */

/** Who is asking: the member, this session's id (to keep it) and where the request comes from. */
export interface Requester extends LoginClient {
  userId: string;
  sid: string;
}

async function signedInAccount(context: AppContext, userId: string): Promise<AccountRow> {
  const account = await findAccountById(context.db, userId);
  if (!account) throw refusalError({ kind: 'session-expired' });
  return account;
}

/** A notice is worth sending but not worth failing the change for: its loss is logged. */
async function sendNotice(
  context: AppContext,
  message: MailMessage,
  what: string,
  userId: string,
): Promise<void> {
  try {
    await context.mailer.send(message);
  } catch (error) {
    context.logger.error({ err: error, userId }, `${what} notice could not be sent`);
  }
}

// -------------------------------------------------------------------------------------------
// Password
// -------------------------------------------------------------------------------------------

export async function changePassword(
  context: AppContext,
  requester: Requester,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const account = await signedInAccount(context, requester.userId);
  await assertCurrentPassword(context, account, input.currentPassword, requester);
  if (input.newPassword === input.currentPassword) {
    throw badRequest(ACCOUNT_MESSAGES.samePassword);
  }
  const now = context.clock.now();
  const passwordHash = await bcrypt.hash(input.newPassword, context.config.bcryptCost);
  const saved = await savePasswordHash(context.db, account.id, passwordHash, now);
  if (!saved) throw refusalError({ kind: 'session-expired' });
  // Whoever else was signed in (perhaps the reason for the change) is signed out; this one stays.
  await context.sessionStore.destroyOthersForUser(account.id, requester.sid);
  await notifySecurityEvent(context, account.id, 'password_changed');
  await sendNotice(
    context,
    { to: saved.email, ...passwordChangedEmail({ firstName: saved.firstName, when: now }) },
    'password change',
    account.id,
  );
}

// -------------------------------------------------------------------------------------------
// Email address
// -------------------------------------------------------------------------------------------

const emailChangeTarget = (userId: string, newEmail: string): CodeTarget => ({
  userId,
  purpose: 'email_change',
  target: newEmail,
});

/**
 * Sends a code to the new address. Whether another account has that address is not said here
 * (only someone holding the address may learn it, once they enter its code).
 */
export async function requestEmailChange(
  context: AppContext,
  requester: Requester,
  input: { password: string; newEmail: string },
): Promise<{ email: string; expiresInSeconds: number }> {
  const account = await signedInAccount(context, requester.userId);
  await assertCurrentPassword(context, account, input.password, requester);
  if (input.newEmail === account.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail);
  await countCodeSent(context.rateLimiters, account.id);

  const target = emailChangeTarget(account.id, input.newEmail);
  const issued = await issueCode(context, target);
  if (issued.kind !== 'code-issued') throw refusalError(issued);
  try {
    await context.mailer.send({
      to: input.newEmail,
      ...emailChangeCodeEmail({
        firstName: account.firstName,
        code: issued.code,
        expiresInMinutes: issued.expiresInSeconds / 60,
      }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId: account.id }, 'email-change code could not be sent');
    await withdrawCode(context, target, issued.code);
    throw refusalError({ kind: 'email-not-sent' });
  }
  return { email: input.newEmail, expiresInSeconds: issued.expiresInSeconds };
}

/** Checks the code sent to the new address and makes it the account's email. */
export async function confirmEmailChange(
  context: AppContext,
  requester: Pick<Requester, 'userId'>,
  code: string,
): Promise<{ email: string }> {
  const account = await signedInAccount(context, requester.userId);
  await countCodeChecked(context.rateLimiters, account.id);
  const newEmail = await pendingCodeTarget(context, account.id, 'email_change');
  if (!newEmail) {
    throw badRequest(ACCOUNT_MESSAGES.emailChangeNotRequested, 'CODE_NOT_REQUESTED');
  }
  const checked = await consumeCode(context, emailChangeTarget(account.id, newEmail), code);
  if (checked.kind !== 'code-accepted') throw refusalError(checked);

  const now = context.clock.now();
  const saved = await saveEmail(context.db, account.id, newEmail, now);
  if (saved === 'email-taken') throw new AppError(409, ACCOUNT_MESSAGES.emailTaken, 'EMAIL_TAKEN');
  if (!saved) throw refusalError({ kind: 'session-expired' });
  await sendNotice(
    context,
    {
      to: account.email,
      ...emailChangedEmail({
        firstName: account.firstName,
        maskedNewEmail: maskEmail(newEmail),
        when: now,
      }),
    },
    'email change',
    account.id,
  );
  return { email: saved.email };
}
