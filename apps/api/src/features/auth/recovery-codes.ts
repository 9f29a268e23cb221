import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP_LENGTH,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema.js';
import { deriveKey } from '../../platform/secret-box.js';

/**
 * Two-factor recovery codes (`recovery_codes`, written only here): 10 single-use codes
 * `xxxx-xxxx` from a CSPRNG (40 bits each), stored only as an HMAC keyed from
 * DATA_ENCRYPTION_KEY and bound to the member, so a copy of the table alone does not reveal or
 * verify them. Guessing is bounded by the authenticator step's limits (two-factor.ts), which count
 * a wrong recovery code like a wrong authenticator code.
 *
 * Using a code is one conditional UPDATE (`used_at IS NULL`): of two concurrent uses of one code,
 * only one succeeds. A used code keeps its row (with `used_at`) until the set is replaced.
 */

const HMAC_PURPOSE = 'recovery-codes';

export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_GROUP_LENGTH * 2; i++) {
    if (i === RECOVERY_CODE_GROUP_LENGTH) code += '-';
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

function recoveryCodeHash(context: AppContext, userId: string, code: string): string {
  const key = deriveKey(context.config.dataEncryptionKey, HMAC_PURPOSE);
  return createHmac('sha256', key).update(`${userId}\n${code}`).digest('hex');
}

/**
 * Replaces the member's codes with a new set and returns it (the only time the codes exist in
 * the clear). Run it in the transaction that holds the member's row lock.
 */
export async function replaceRecoveryCodes(
  context: AppContext,
  db: Executor,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(generateRecoveryCode());
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    [...codes].map((code) => ({
      userId,
      codeHash: recoveryCodeHash(context, userId, code),
      createdAt: now,
    })),
  );
  return [...codes];
}

/** Marks the code used if it is one of the member's unused codes; false otherwise. */
export async function useRecoveryCode(
  context: AppContext,
  db: Executor,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(context, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ remaining: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.remaining ?? 0;
}

export async function deleteRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
