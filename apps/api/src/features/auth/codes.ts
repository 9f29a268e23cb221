import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_WAIT_SECONDS,
  CODE_TTL_SECONDS,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { verificationCodes } from '../../db/schema.js';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.js';
import { deriveKey } from '../../platform/secret-box.js';

/**
 * One-time codes sent by email or SMS, one live code per (member, purpose) in `verification_codes`:
 * 6 digits from a CSPRNG, valid 5 minutes, a new one at most every 60 seconds, stored only as an
 * HMAC, checked in constant time, and void after 5 wrong guesses. Every state change is a single
 * conditional statement, so concurrent requests cannot exceed the limits.
 */

export type CodePurpose = 'email' | 'phone';

export interface CodeTarget {
  userId: string;
  purpose: CodePurpose;
  /** The address or number the code goes to; a code only verifies what it was sent to. */
  target: string;
}

export interface IssuedCode {
  code: string;
  expiresAt: Date;
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHash(
  context: AppContext,
  { userId, purpose, target }: CodeTarget,
  code: string,
): string {
  const key = deriveKey(context.config.dataEncryptionKey, 'verification-codes');
  return createHmac('sha256', key)
    .update(`${purpose}\n${userId}\n${target}\n${code}`)
    .digest('hex');
}

const secondsUntil = (date: Date, now: Date) =>
  Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));

/**
 * Stores a new code for the target, replacing the previous one, unless the previous one was sent
 * less than 60 seconds ago (429 with `retryAfterSeconds`).
 */
export async function issueCode(context: AppContext, target: CodeTarget): Promise<IssuedCode> {
  const now = context.clock.now();
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
  const values = {
    target: target.target,
    codeHash: codeHash(context, target, code),
    sentAt: now,
    expiresAt,
    failedAttempts: 0,
  };
  const [stored] = await context.db
    .insert(verificationCodes)
    .values({ userId: target.userId, purpose: target.purpose, ...values })
    .onConflictDoUpdate({
      target: [verificationCodes.userId, verificationCodes.purpose],
      set: values,
      // The resend wait, decided atomically by the same statement that replaces the code.
      setWhere: lte(
        verificationCodes.sentAt,
        new Date(now.getTime() - CODE_RESEND_WAIT_SECONDS * 1000),
      ),
    })
    .returning({ sentAt: verificationCodes.sentAt });
  if (stored) return { code, expiresAt };

  const [previous] = await context.db
    .select({ sentAt: verificationCodes.sentAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, target.userId),
        eq(verificationCodes.purpose, target.purpose),
      ),
    );
  const resendAt = new Date((previous?.sentAt ?? now).getTime() + CODE_RESEND_WAIT_SECONDS * 1000);
  const wait = secondsUntil(resendAt, now);
  throw tooManyRequests(AUTH_MESSAGES.resendWait(wait), wait);
}

/** Withdraws a code that could not be delivered, so the member may ask again at once. */
export async function withdrawCode(
  context: AppContext,
  target: CodeTarget,
  code: string,
): Promise<void> {
  await context.db
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, target.userId),
        eq(verificationCodes.purpose, target.purpose),
        eq(verificationCodes.codeHash, codeHash(context, target, code)),
      ),
    );
}

export interface ConsumeCodeMessages {
  /** What to say when a code exists but was sent to another address or number. */
  otherTarget: string;
}

/**
 * Checks a code and, if right, uses it up (it cannot be used twice). Wrong codes count towards the
 * limit; the messages say what to do next. Throws an AppError on any failure.
 */
export async function consumeCode(
  context: AppContext,
  target: CodeTarget,
  code: string,
  messages: ConsumeCodeMessages,
): Promise<void> {
  const now = context.clock.now();
  const ofTarget = and(
    eq(verificationCodes.userId, target.userId),
    eq(verificationCodes.purpose, target.purpose),
  );
  const [row] = await context.db.select().from(verificationCodes).where(ofTarget);
  if (!row) throw badRequest(AUTH_MESSAGES.codeNotRequested, 'CODE_NOT_REQUESTED');
  if (row.failedAttempts >= CODE_MAX_ATTEMPTS) throw codeVoid(row.sentAt, now);
  if (row.expiresAt.getTime() <= now.getTime())
    throw badRequest(AUTH_MESSAGES.codeExpired, 'CODE_EXPIRED');
  if (row.target !== target.target) throw badRequest(messages.otherTarget);

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(context, target, code), 'hex');
  const sameRow = and(ofTarget, eq(verificationCodes.codeHash, row.codeHash));

  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Deleting is the "use": of two concurrent uses of one code, only one deletes the row.
    const [used] = await context.db
      .delete(verificationCodes)
      .where(
        and(
          sameRow,
          lt(verificationCodes.failedAttempts, CODE_MAX_ATTEMPTS),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .returning({ userId: verificationCodes.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.codeNotRequested, 'CODE_NOT_REQUESTED');
    return;
  }

  const [counted] = await context.db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(and(sameRow, lt(verificationCodes.failedAttempts, CODE_MAX_ATTEMPTS)))
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  if (!counted) throw codeVoid(row.sentAt, now);
  throw badRequest(
    AUTH_MESSAGES.codeWrong(CODE_MAX_ATTEMPTS - counted.failedAttempts),
    'CODE_INVALID',
  );
}

/** 429: this code took its 5 wrong guesses. A new one can be requested after the resend wait. */
function codeVoid(sentAt: Date, now: Date): AppError {
  const resendAt = new Date(sentAt.getTime() + CODE_RESEND_WAIT_SECONDS * 1000);
  const wait = resendAt.getTime() > now.getTime() ? secondsUntil(resendAt, now) : 0;
  return new AppError(429, AUTH_MESSAGES.codeVoid, { retryAfterSeconds: wait });
}
