import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import { TOTP_MAX_ATTEMPTS_PER_CHALLENGE, TOTP_MAX_FAILURES_PER_HOUR } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { authChallenges, authFailures } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';
import type { MailMessage } from '../../platform/mailer.js';
import {
  clearTwoFactor,
  completeSignIn,
  findAccountByEmail,
  findAccountById,
  lockAccount,
  storeTotpSecret,
  useTotpStep,
  type AccountRow,
} from '../users/index.js';
import { notifySecurityEvent } from '../notifications/index.js';
import { countCodeChecked } from './attempts.js';
import { knownDeviceOf, type LoginClient } from './device-cookie.js';
import {
  recoveryCodesReplacedEmail,
  recoveryCodeUsedEmail,
  twoFactorResetEmail,
} from './emails.js';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './recovery-codes.js';
import type { Refusal } from './refusals.js';
import {
  deriveKey,
  openSecret,
  sealSecret,
  SecretBoxError,
  TOTP_SECRET_PURPOSE,
} from '../../platform/secret-box.js';
import { generateTotpSecret, matchTotpStep, totpQrCode, totpUri } from './totp.js';
import type { SigningIn } from './service.js';

/**
 * Authenticator-app 2FA, the last two sign-in steps: enrolment (a new secret, encrypted at rest)
 * and the code check that turns a pending session into a full one. Like the other steps, each
 * returns an outcome (a success or a refusal) and never sees req/res.
 *
 * Guessing is bounded three ways, all in the database:
 * - a login "challenge" takes at most 5 wrong codes (`failed_attempts` raised by a conditional
 *   UPDATE), after which the member must give their password again;
 * - an account takes at most 10 wrong codes per hour across all challenges (rows in
 *   `auth_failures`, counted while holding the member's row lock, so parallel guesses queue up
 *   and cannot overshoot) from browsers without its device cookie (device-cookie.ts); each
 *   browser with one has its own 10 per hour, so someone who has the password cannot lock the
 *   owner out of the browsers they already use;
 * - a code's time-step is recorded when accepted and never accepted again (replay).
 * A recovery code (recovery-codes.ts) may stand in for the authenticator code at login; a wrong
 * one counts against the same limits.
 */

type UserRow = AccountRow;

const CHALLENGE_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

function secretKey(context: AppContext): Buffer {
  return deriveKey(context.config.dataEncryptionKey, TOTP_SECRET_PURPOSE);
}

/** Opens a new second-factor challenge for the member; its id is kept in their session. */
export async function openChallenge(context: AppContext, userId: string): Promise<string> {
  const now = context.clock.now();
  // Old challenges of this member have no further use once expired.
  await context.db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), lt(authChallenges.expiresAt, now)));
  const [challenge] = await context.db
    .insert(authChallenges)
    .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: authChallenges.id });
  return challenge!.id;
}

/**
 * The challenge the first authenticator code answers, during enrolment: the session's own while
 * it is open, else a new one replacing the account's others. An account that has not enabled 2FA
 * has no login challenges, so it keeps one open challenge however often set-up is called; the
 * member's row lock keeps parallel calls from each keeping their own.
 */
async function enrolmentChallenge(
  context: AppContext,
  userId: string,
  current: string | undefined,
): Promise<string> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if (current) {
      const [open] = await tx
        .select({ id: authChallenges.id })
        .from(authChallenges)
        .where(
          and(
            eq(authChallenges.id, current),
            eq(authChallenges.userId, userId),
            gt(authChallenges.expiresAt, now),
            eq(authChallenges.failedAttempts, 0),
          ),
        );
      if (open) return open.id;
    }
    await tx.delete(authChallenges).where(eq(authChallenges.userId, userId));
    const [challenge] = await tx
      .insert(authChallenges)
      .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
      .returning({ id: authChallenges.id });
    return challenge!.id;
  });
}

export type TwoFactorSetupOutcome =
  | {
      kind: 'enrolment';
      secret: string;
      otpauthUrl: string;
      qrCode: string;
      /** The challenge the first code answers; the route keeps it in the session. */
      challengeId: string;
    }
  | Extract<
      Refusal,
      { kind: 'session-expired' | 'email-not-verified' | 'two-factor-already-enabled' }
    >;

/**
 * The authenticator secret of a member whose email is verified and who has not enabled 2FA yet.
 * Until the first code is confirmed, asking again gives the same secret (a reload or a doubled
 * request must not leave the page showing a QR code that no longer matches); concurrent first
 * requests agree on one secret because it is stored only where none was stored before.
 */
export async function setUpTwoFactor(
  context: AppContext,
  session: SigningIn,
): Promise<TwoFactorSetupOutcome> {
  const user = await findAccountById(context.db, session.userId);
  if (!user) return { kind: 'session-expired' };
  if (!user.emailVerifiedAt) return { kind: 'email-not-verified' };
  if (user.totpEnabledAt) return { kind: 'two-factor-already-enabled' };
  const secret = unconfirmedSecret(context, user) ?? (await storeNewSecret(context, user));
  if (!secret) return { kind: 'two-factor-already-enabled' };
  const otpauthUrl = totpUri(secret, user.email);
  return {
    kind: 'enrolment',
    secret,
    otpauthUrl,
    qrCode: await totpQrCode(otpauthUrl),
    challengeId: await enrolmentChallenge(context, user.id, session.challengeId),
  };
}

function unconfirmedSecret(
  context: AppContext,
  user: Pick<UserRow, 'id' | 'totpSecretEncrypted'>,
): string | undefined {
  if (!user.totpSecretEncrypted) return undefined;
  try {
    return openSecret(secretKey(context), user.totpSecretEncrypted, user.id);
  } catch (error) {
    // Sealed under another key (DATA_ENCRYPTION_KEY changed): nothing confirmed it, so replace it.
    if (error instanceof SecretBoxError) return undefined;
    throw error;
  }
}

/** A new secret, stored; or the one another request stored first; undefined once 2FA is on. */
async function storeNewSecret(context: AppContext, user: UserRow): Promise<string | undefined> {
  const secret = generateTotpSecret();
  const stored = await storeTotpSecret(
    context.db,
    {
      userId: user.id,
      sealedSecret: sealSecret(secretKey(context), secret, user.id),
      replacing: user.totpSecretEncrypted,
    },
    context.clock.now(),
  );
  if (stored) return secret;
  // Another request stored one first (or 2FA was enabled meanwhile): use what is there now.
  const current = await findAccountById(context.db, user.id);
  if (!current || current.totpEnabledAt) return undefined;
  return unconfirmedSecret(context, current);
}

/** The 2FA step's answer: the authenticator's code, or one of the member's recovery codes. */
export type TwoFactorAnswer = { token: string } | { recoveryCode: string };

export type TwoFactorVerifyOutcome =
  | {
      kind: 'two-factor-passed';
      user: UserRow;
      /** 2FA was enabled by this code: the member's new recovery codes, to show once. */
      recoveryCodes?: string[];
      /** A recovery code was used: how many unused ones are left. */
      recoveryCodesRemaining?: number;
    }
  | Extract<
      Refusal,
      {
        kind:
          | 'session-expired'
          | 'two-factor-not-set-up'
          | 'two-factor-code-wrong'
          | 'recovery-code-wrong'
          | 'two-factor-challenge-exhausted'
          | 'two-factor-hourly-cap'
          | 'account-suspended';
      }
    >;

/**
 * Checks an authenticator code, or a recovery code, for the session's challenge. On success 2FA
 * is enabled (first time, which also issues the recovery codes), a disabled account is
 * re-enabled, and the member row is returned; the route then makes the session full. A wrong
 * recovery code counts against the same challenge and hourly limits as a wrong authenticator code,
 * and a used one mails the member a notice.
 */
export async function verifyTwoFactor(
  context: AppContext,
  session: SigningIn,
  answer: TwoFactorAnswer,
  client: LoginClient,
): Promise<TwoFactorVerifyOutcome> {
  const { userId, challengeId } = session;
  const device = knownDeviceOf(context, userId, client.deviceCookie);
  // The account-wide counter would let guesses from elsewhere refuse the owner's known browser,
  // which has its own cap below.
  if (!device) await countCodeChecked(context.rateLimiters, userId);
  const now = context.clock.now();

  const outcome = await context.db.transaction(async (tx): Promise<TwoFactorVerifyOutcome> => {
    // The member's row lock serialises every code check of this account.
    const user = await lockAccount(tx, userId);
    if (!user) return { kind: 'session-expired' };
    // Suspended while this login was under way: signing in must not lift it (completeSignIn
    // would make the account active again, as it does for a disabled one).
    if (user.status === 'suspended') {
      return { kind: 'account-suspended', supportEmail: context.config.supportEmail };
    }
    if (!user.emailVerifiedAt || !user.totpSecretEncrypted)
      return { kind: 'two-factor-not-set-up' };

    const capped = await hourlyCap(tx, userId, device, now);
    if (capped) return capped;

    // No live challenge: the login behind this session is over.
    if (!challengeId) return { kind: 'session-expired' };
    const [challenge] = await tx
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.id, challengeId), eq(authChallenges.userId, userId)));
    if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'session-expired' };
    }
    if (challenge.failedAttempts >= TOTP_MAX_ATTEMPTS_PER_CHALLENGE) {
      return { kind: 'two-factor-challenge-exhausted' };
    }

    if ('recoveryCode' in answer) {
      // Only an enrolled member has codes; one whose 2FA was reset re-enrols with the app.
      if (
        user.totpEnabledAt &&
        (await useRecoveryCode(context, tx, userId, answer.recoveryCode, now))
      ) {
        const signedIn = await completeSignIn(tx, user, now);
        await tx.delete(authChallenges).where(eq(authChallenges.id, challenge.id));
        const remaining = await countUnusedRecoveryCodes(tx, userId);
        return { kind: 'two-factor-passed', user: signedIn!, recoveryCodesRemaining: remaining };
      }
    } else {
      const secret = openSecret(secretKey(context), user.totpSecretEncrypted, user.id);
      const step = matchTotpStep(secret, answer.token, now);
      if (step !== null && (await useTotpStep(tx, userId, step))) {
        const signedIn = await completeSignIn(tx, user, now);
        await tx.delete(authChallenges).where(eq(authChallenges.id, challenge.id));
        // The first code enables 2FA, and the member gets their recovery codes with it.
        const recoveryCodes = user.totpEnabledAt
          ? undefined
          : await replaceRecoveryCodes(context, tx, userId, now);
        return {
          kind: 'two-factor-passed',
          user: signedIn!,
          ...(recoveryCodes ? { recoveryCodes } : {}),
        };
      }
    }

    // A wrong or replayed code: counted against the challenge and the account's hour.
    const [counted] = await tx
      .update(authChallenges)
      .set({ failedAttempts: sql`${authChallenges.failedAttempts} + 1` })
      .where(
        and(
          eq(authChallenges.id, challenge.id),
          lt(authChallenges.failedAttempts, TOTP_MAX_ATTEMPTS_PER_CHALLENGE),
        ),
      )
      .returning({ failedAttempts: authChallenges.failedAttempts });
    if (!counted) return { kind: 'two-factor-challenge-exhausted' };
    await recordFailure(tx, userId, device, now);
    return { kind: 'recoveryCode' in answer ? 'recovery-code-wrong' : 'two-factor-code-wrong' };
  });

  if (outcome.kind === 'two-factor-passed' && outcome.recoveryCodes) {
    await notifySecurityEvent(context, userId, 'two_factor_changed');
  }
  if (outcome.kind === 'two-factor-passed' && outcome.recoveryCodesRemaining !== undefined) {
    await notifySecurityEvent(context, userId, 'recovery_code_used');
    await mailMember(context, outcome.user, recoveryCodeUsedEmail, {
      remaining: outcome.recoveryCodesRemaining,
    });
  }
  return outcome;
}

/**
 * The account's hour of wrong codes (authenticator and recovery codes alike, at login or in
 * Settings) from this known device, or from all browsers without a device cookie when `device` is
 * undefined: the refusal once it holds TOTP_MAX_FAILURES_PER_HOUR, else undefined. Call it under
 * the member's row lock, so parallel guesses queue up and cannot overshoot.
 */
async function hourlyCap(
  tx: Executor,
  userId: string,
  device: string | undefined,
  now: Date,
): Promise<Extract<Refusal, { kind: 'two-factor-hourly-cap' }> | undefined> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await tx
    .delete(authFailures)
    .where(and(eq(authFailures.userId, userId), lt(authFailures.createdAt, hourAgo)));
  const [recent] = await tx
    .select({ failures: count(), oldest: min(authFailures.createdAt) })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.userId, userId),
        eq(authFailures.kind, 'totp'),
        device === undefined ? isNull(authFailures.deviceId) : eq(authFailures.deviceId, device),
        gt(authFailures.createdAt, hourAgo),
      ),
    );
  if (!recent || recent.failures < TOTP_MAX_FAILURES_PER_HOUR) return undefined;
  const oldest = recent.oldest ? new Date(recent.oldest) : now;
  const retryAfterMs = oldest.getTime() + HOUR_MS - now.getTime();
  return {
    kind: 'two-factor-hourly-cap',
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}

async function recordFailure(
  tx: Executor,
  userId: string,
  device: string | undefined,
  now: Date,
): Promise<void> {
  await tx
    .insert(authFailures)
    .values({ userId, kind: 'totp', deviceId: device ?? null, createdAt: now });
}

/** After a password reset: wrong codes sent by whoever had the old password stop counting. */
export async function forgetTwoFactorFailures(context: AppContext, userId: string): Promise<void> {
  await context.db.delete(authFailures).where(eq(authFailures.userId, userId));
}

/** A notice to the member; a mail that cannot be sent is logged, never undoes what happened. */
async function mailMember<Input>(
  context: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  template: (input: Input & { firstName: string }) => Omit<MailMessage, 'to'>,
  input: Input,
): Promise<void> {
  try {
    await context.mailer.send({
      to: user.email,
      ...template({ ...input, firstName: user.firstName }),
    });
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, 'security notice could not be sent');
  }
}

// -------------------------------------------------------------------------------------------
// Recovery codes of a signed-in member (Settings)
// -------------------------------------------------------------------------------------------

export type RegenerateRecoveryCodesOutcome =
  | { kind: 'recovery-codes-replaced'; recoveryCodes: string[] }
  | Extract<
      Refusal,
      {
        kind:
          | 'session-expired'
          | 'two-factor-not-set-up'
          | 'fresh-code-wrong'
          | 'two-factor-hourly-cap';
      }
    >;

/**
 * Replaces the signed-in member's recovery codes, after a fresh authenticator code (a code of a
 * time-step not used before; a wrong one counts towards the account's hourly limit). The old codes
 * stop working at once; the member is mailed a notice.
 */
export async function regenerateRecoveryCodes(
  context: AppContext,
  userId: string,
  token: string,
  client: LoginClient,
): Promise<RegenerateRecoveryCodesOutcome> {
  const device = knownDeviceOf(context, userId, client.deviceCookie);
  if (!device) await countCodeChecked(context.rateLimiters, userId);
  const now = context.clock.now();
  const outcome = await context.db.transaction(
    async (tx): Promise<RegenerateRecoveryCodesOutcome & { user?: UserRow }> => {
      const user = await lockAccount(tx, userId);
      if (!user) return { kind: 'session-expired' };
      if (!user.totpEnabledAt || !user.totpSecretEncrypted)
        return { kind: 'two-factor-not-set-up' };
      const capped = await hourlyCap(tx, userId, device, now);
      if (capped) return capped;
      const secret = openSecret(secretKey(context), user.totpSecretEncrypted, user.id);
      const step = matchTotpStep(secret, token, now);
      if (step === null || !(await useTotpStep(tx, userId, step))) {
        await recordFailure(tx, userId, device, now);
        return { kind: 'fresh-code-wrong' };
      }
      const recoveryCodes = await replaceRecoveryCodes(context, tx, userId, now);
      return { kind: 'recovery-codes-replaced', recoveryCodes, user };
    },
  );
  if (outcome.kind !== 'recovery-codes-replaced') return outcome;
  // New recovery codes change how the account's second factor can be passed: the member hears of it.
  await notifySecurityEvent(context, userId, 'two_factor_changed');
  if (outcome.user) await mailMember(context, outcome.user, recoveryCodesReplacedEmail, {});
  return { kind: 'recovery-codes-replaced', recoveryCodes: outcome.recoveryCodes };
}

/** How many unused recovery codes the member has (Settings shows it). */
export function remainingRecoveryCodes(context: AppContext, userId: string): Promise<number> {
  return countUnusedRecoveryCodes(context.db, userId);
}

// -------------------------------------------------------------------------------------------
// Operator: a member lost both the authenticator and the recovery codes
// -------------------------------------------------------------------------------------------

export type ResetTwoFactorOutcome =
  { kind: 'two-factor-reset'; userId: string } | { kind: 'unknown-email' };

/**
 * Clears the member's authenticator secret and recovery codes and ends every session of theirs
 * (`pnpm admin:reset-2fa <email>`, after the operator has checked who is asking). On their next
 * login, after the password, they are sent to 2FA setup, and enrolling again gives them new
 * recovery codes. The member is mailed a notice, so a reset they did not ask for does not go
 * unnoticed.
 */
export async function resetTwoFactor(
  context: AppContext,
  email: string,
): Promise<ResetTwoFactorOutcome> {
  const now = context.clock.now();
  const user = await context.db.transaction(async (tx) => {
    const found = await findAccountByEmail(tx, email);
    if (!found) return undefined;
    await lockAccount(tx, found.id);
    await clearTwoFactor(tx, found.id, now);
    await deleteRecoveryCodes(tx, found.id);
    await tx.delete(authChallenges).where(eq(authChallenges.userId, found.id));
    return found;
  });
  if (!user) return { kind: 'unknown-email' };
  await context.sessionStore.destroyAllForUser(user.id);
  await notifySecurityEvent(context, user.id, 'two_factor_changed');
  await mailMember(context, user, twoFactorResetEmail, {});
  return { kind: 'two-factor-reset', userId: user.id };
}
