import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import {
  ACCOUNT_CODE_TTL_SECONDS,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_WAIT_SECONDS,
  CODE_TTL_SECONDS,
  type CodePurpose,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { verificationCodes } from '../../db/schema.js';
import { deriveKey } from '../../platform/secret-box.js';
import type { CodeRefusal } from './refusals.js';

/**
 * One-time codes sent by email or SMS, one live code per (member, purpose) in `verification_codes`:
 * 6 digits from a CSPRNG, valid for the purpose's lifetime (`codeTtlSeconds`), a new one at most
 * every 60 seconds, stored only as an HMAC, checked in constant time, and void after 5 wrong
 * guesses. Every state change is a single conditional statement, so concurrent requests cannot
 * exceed the limits.
 *
 * Like the sign-in steps, these functions return outcomes rather than throw: a success, or a
 * refusal (refusals.ts) that the calling step returns as its own and the route presents.
 */

export type { CodePurpose };

/** How long a code of each purpose stays valid. */
const CODE_TTL_SECONDS_BY_PURPOSE: Readonly<Record<CodePurpose, number>> = {
  email: CODE_TTL_SECONDS,
  phone: CODE_TTL_SECONDS,
  password_reset: ACCOUNT_CODE_TTL_SECONDS,
  email_change: ACCOUNT_CODE_TTL_SECONDS,
};

export function codeTtlSeconds(purpose: CodePurpose): number {
  return CODE_TTL_SECONDS_BY_PURPOSE[purpose];
}

export interface CodeTarget {
  userId: string;
  purpose: CodePurpose;
  /** The address or number the code goes to; a code only verifies what it was sent to. */
  target: string;
}

export type IssueCodeOutcome =
  | { kind: 'code-issued'; code: string; expiresAt: Date; expiresInSeconds: number }
  | Extract<CodeRefusal, { kind: 'code-resend-wait' }>;

export type ConsumeCodeOutcome =
  { kind: 'code-accepted' } | Exclude<CodeRefusal, { kind: 'code-resend-wait' }>;

export interface ConsumeCodeOptions {
  /**
   * Whether 5 wrong guesses void the code (the default). A code that anyone may guess at — the
   * password reset's, open to visitors — is not voided by them: its caller counts wrong guesses
   * per client instead (attempts.ts), so strangers cannot spend its owner's tries. The row still
   * counts every wrong guess.
   */
  voidAfterWrongGuesses?: boolean;
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
 * less than 60 seconds ago (`code-resend-wait`, with the seconds left).
 */
export async function issueCode(
  context: AppContext,
  target: CodeTarget,
): Promise<IssueCodeOutcome> {
  const now = context.clock.now();
  const code = generateCode();
  const expiresInSeconds = codeTtlSeconds(target.purpose);
  const expiresAt = new Date(now.getTime() + expiresInSeconds * 1000);
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
  if (stored) return { kind: 'code-issued', code, expiresAt, expiresInSeconds };

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
  return { kind: 'code-resend-wait', retryAfterSeconds: secondsUntil(resendAt, now) };
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

/**
 * Checks a code and, if right, uses it up (it cannot be used twice). Wrong codes count towards the
 * limit; each refusal says what went wrong, so its message can say what to do next.
 */
export async function consumeCode(
  context: AppContext,
  target: CodeTarget,
  code: string,
  { voidAfterWrongGuesses = true }: ConsumeCodeOptions = {},
): Promise<ConsumeCodeOutcome> {
  const { purpose } = target;
  const now = context.clock.now();
  const ofTarget = and(
    eq(verificationCodes.userId, target.userId),
    eq(verificationCodes.purpose, target.purpose),
  );
  const [row] = await context.db.select().from(verificationCodes).where(ofTarget);
  if (!row) return { kind: 'code-not-requested' };
  const withinTries = voidAfterWrongGuesses
    ? lt(verificationCodes.failedAttempts, CODE_MAX_ATTEMPTS)
    : undefined;
  if (voidAfterWrongGuesses && row.failedAttempts >= CODE_MAX_ATTEMPTS) {
    return codeVoid(row.sentAt, now);
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'code-expired', purpose };
  if (row.target !== target.target) return { kind: 'code-other-target', purpose };

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(context, target, code), 'hex');
  const sameRow = and(ofTarget, eq(verificationCodes.codeHash, row.codeHash));

  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Deleting is the "use": of two concurrent uses of one code, only one deletes the row.
    const [used] = await context.db
      .delete(verificationCodes)
      .where(and(sameRow, withinTries, gt(verificationCodes.expiresAt, now)))
      .returning({ userId: verificationCodes.userId });
    return used ? { kind: 'code-accepted' } : { kind: 'code-not-requested' };
  }

  const [counted] = await context.db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(and(sameRow, withinTries))
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  if (!counted) {
    // Void meanwhile, or (when guesses never void it) replaced by a new code or used.
    return voidAfterWrongGuesses ? codeVoid(row.sentAt, now) : { kind: 'code-not-requested' };
  }
  return {
    kind: 'code-wrong',
    attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - counted.failedAttempts),
  };
}

/** This code took its 5 wrong guesses. A new one can be requested after the resend wait. */
export function codeVoid(sentAt: Date, now: Date): Extract<CodeRefusal, { kind: 'code-void' }> {
  const resendAt = new Date(sentAt.getTime() + CODE_RESEND_WAIT_SECONDS * 1000);
  const wait = resendAt.getTime() > now.getTime() ? secondsUntil(resendAt, now) : 0;
  return { kind: 'code-void', retryAfterSeconds: wait };
}

/** When the member's live code of this purpose was sent, if one is waiting. */
export async function pendingCodeSentAt(
  context: AppContext,
  userId: string,
  purpose: CodePurpose,
): Promise<Date | undefined> {
  const [row] = await context.db
    .select({ sentAt: verificationCodes.sentAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
  return row?.sentAt;
}

/**
 * Where the member's live code of this purpose was sent, if one is waiting. For a check whose
 * request names no target (an email change is confirmed by its code alone): the code still only
 * verifies the address it was sent to.
 */
export async function pendingCodeTarget(
  context: AppContext,
  userId: string,
  purpose: CodePurpose,
): Promise<string | undefined> {
  const [row] = await context.db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
  return row?.target;
}
