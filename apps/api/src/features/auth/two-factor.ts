import { and, count, eq, gt, isNull, lt, min, or, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  TOTP_MAX_ATTEMPTS_PER_CHALLENGE,
  TOTP_MAX_FAILURES_PER_HOUR,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { authChallenges, authFailures, users } from '../../db/schema.js';
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import {
  deriveKey,
  openSecret,
  sealSecret,
  SecretBoxError,
  TOTP_SECRET_PURPOSE,
} from './secret-box.js';
import { generateTotpSecret, matchTotpStep, totpQrCode, totpUri } from './totp.js';

/**
 * Authenticator-app 2FA: enrolment (a new secret, encrypted at rest) and the code check that
 * turns a pending session into a full one.
 *
 * Guessing is bounded three ways, all in the database:
 * - a login "challenge" takes at most 5 wrong codes (`failed_attempts` raised by a conditional
 *   UPDATE), after which the member must give their password again;
 * - an account takes at most 10 wrong codes per hour across all challenges (rows in
 *   `auth_failures`, counted while holding the member's row lock, so parallel guesses queue up
 *   and cannot overshoot);
 * - a code's time-step is recorded when accepted and never accepted again (replay).
 */

export type UserRow = typeof users.$inferSelect;

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

export interface TwoFactorEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
  challengeId: string;
}

/**
 * The authenticator secret of a member whose email is verified and who has not enabled 2FA yet.
 * Until the first code is confirmed, asking again gives the same secret (a reload or a doubled
 * request must not leave the page showing a QR code that no longer matches); concurrent first
 * requests agree on one secret because it is stored only where none was stored before.
 */
export async function beginTwoFactorSetup(
  context: AppContext,
  user: UserRow,
): Promise<TwoFactorEnrolment> {
  if (!user.emailVerifiedAt) throw forbidden(AUTH_MESSAGES.emailNotVerified);
  if (user.totpEnabledAt) throw conflict(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  const secret = unconfirmedSecret(context, user) ?? (await storeNewSecret(context, user));
  const otpauthUrl = totpUri(secret, user.email);
  return {
    secret,
    otpauthUrl,
    qrCode: await totpQrCode(otpauthUrl),
    challengeId: await openChallenge(context, user.id),
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

async function storeNewSecret(context: AppContext, user: UserRow): Promise<string> {
  const secret = generateTotpSecret();
  const [stored] = await context.db
    .update(users)
    .set({
      totpSecretEncrypted: sealSecret(secretKey(context), secret, user.id),
      totpLastUsedStep: null,
      updatedAt: context.clock.now(),
    })
    .where(
      and(
        eq(users.id, user.id),
        isNull(users.totpEnabledAt),
        user.totpSecretEncrypted === null
          ? isNull(users.totpSecretEncrypted)
          : eq(users.totpSecretEncrypted, user.totpSecretEncrypted),
      ),
    )
    .returning({ id: users.id });
  if (stored) return secret;
  // Another request stored one first (or 2FA was enabled meanwhile): use what is there now.
  const [current] = await context.db.select().from(users).where(eq(users.id, user.id));
  if (!current || current.totpEnabledAt) throw conflict(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  const theirs = unconfirmedSecret(context, current);
  if (!theirs) throw conflict(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  return theirs;
}

type Outcome =
  | { kind: 'accepted'; user: UserRow }
  | { kind: 'wrong' }
  | { kind: 'challenge-exhausted' }
  | { kind: 'challenge-missing' }
  | { kind: 'hourly-cap'; retryAfterSeconds: number }
  | { kind: 'not-set-up' }
  | { kind: 'user-gone' };

/**
 * Checks an authenticator code for the session's challenge. On success 2FA is enabled (first
 * time), a disabled account is re-enabled, and the member row is returned; the caller then makes
 * the session full. Every refusal is an AppError.
 */
export async function verifyTwoFactorCode(
  context: AppContext,
  input: { userId: string; challengeId: string | undefined; token: string },
): Promise<UserRow> {
  const { userId, challengeId, token } = input;
  const now = context.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);

  const outcome = await context.db.transaction(async (tx): Promise<Outcome> => {
    // The member's row lock serialises every code check of this account.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { kind: 'user-gone' };
    if (!user.emailVerifiedAt || !user.totpSecretEncrypted) return { kind: 'not-set-up' };

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
          gt(authFailures.createdAt, hourAgo),
        ),
      );
    if (recent && recent.failures >= TOTP_MAX_FAILURES_PER_HOUR) {
      const oldest = recent.oldest ? new Date(recent.oldest) : now;
      const retryAfterMs = oldest.getTime() + HOUR_MS - now.getTime();
      return { kind: 'hourly-cap', retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }

    if (!challengeId) return { kind: 'challenge-missing' };
    const [challenge] = await tx
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.id, challengeId), eq(authChallenges.userId, userId)));
    if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'challenge-missing' };
    }
    if (challenge.failedAttempts >= TOTP_MAX_ATTEMPTS_PER_CHALLENGE) {
      return { kind: 'challenge-exhausted' };
    }

    const secret = openSecret(secretKey(context), user.totpSecretEncrypted, user.id);
    const step = matchTotpStep(secret, token, now);
    if (step !== null) {
      // A time-step is accepted once: of two uses of one code, the second finds the step taken.
      const [fresh] = await tx
        .update(users)
        .set({ totpLastUsedStep: step })
        .where(
          and(
            eq(users.id, userId),
            or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step)),
          ),
        )
        .returning({ id: users.id });
      if (fresh) {
        const [signedIn] = await tx
          .update(users)
          .set({
            totpEnabledAt: user.totpEnabledAt ?? now,
            // A full sign-in brings a temporarily disabled account back.
            status: 'active',
            disabledAt: null,
            updatedAt: now,
          })
          .where(eq(users.id, userId))
          .returning();
        await tx.delete(authChallenges).where(eq(authChallenges.id, challenge.id));
        return { kind: 'accepted', user: signedIn! };
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
    if (!counted) return { kind: 'challenge-exhausted' };
    await tx.insert(authFailures).values({ userId, kind: 'totp', createdAt: now });
    return { kind: 'wrong' };
  });

  switch (outcome.kind) {
    case 'accepted':
      return outcome.user;
    case 'wrong':
      throw new AppError(401, AUTH_MESSAGES.twoFactorInvalid);
    case 'challenge-exhausted':
      throw new AppError(429, AUTH_MESSAGES.twoFactorChallengeExhausted, { retryAfterSeconds: 0 });
    case 'hourly-cap':
      throw tooManyRequests(
        AUTH_MESSAGES.twoFactorHourlyCap(Math.ceil(outcome.retryAfterSeconds / 60)),
        outcome.retryAfterSeconds,
      );
    case 'challenge-missing':
    case 'user-gone':
      throw unauthorized(AUTH_MESSAGES.sessionExpired);
    case 'not-set-up':
      throw forbidden(AUTH_MESSAGES.twoFactorNotSetUp);
  }
}
