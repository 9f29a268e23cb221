import { z } from 'zod';

/**
 * Two-factor recovery codes: single-use codes that stand in for an authenticator code at the 2FA
 * step of login, for a member who lost their phone. Given once when 2FA is first enabled (and when
 * the member replaces them in Settings), stored only hashed.
 */

/** How many codes a member gets each time. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * The letters a code is made of: digits and lower-case letters without i, l, o and u (Crockford's
 * base 32), so nothing reads as something else when copied by hand. 8 of them: 40 bits per code.
 */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_GROUP_LENGTH = 4;
/** How a code is shown and stored: two groups of 4 (`7kq2-mx9d`). */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/;

export const RECOVERY_CODE_MESSAGES = {
  format: 'Please enter a recovery code like abcd-2345',
  oneAnswer: 'Please enter either the code from your authenticator app or a recovery code',
  invalid: 'Invalid recovery code',
  accepted: (remaining: number) =>
    remaining === 0
      ? 'Recovery code accepted. You have no recovery codes left: create new ones in Settings.'
      : `Recovery code accepted. You have ${remaining} recovery ${remaining === 1 ? 'code' : 'codes'} left.`,
  regenerated: 'New recovery codes created. Your old codes no longer work.',
} as const;

/**
 * What a member types, forgiven the way people copy codes: capitals, spaces, a missing dash, and
 * o/i/l for 0/1/1. Output: the code as stored, `xxxx-xxxx`.
 */
export function normalizeRecoveryCode(value: string): string {
  const compact = value
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  return compact.length === RECOVERY_CODE_GROUP_LENGTH * 2
    ? `${compact.slice(0, RECOVERY_CODE_GROUP_LENGTH)}-${compact.slice(RECOVERY_CODE_GROUP_LENGTH)}`
    : compact;
}

export const RecoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGES.format })
  .max(32, { error: RECOVERY_CODE_MESSAGES.format })
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, { error: RECOVERY_CODE_MESSAGES.format }));

/** GET /api/2fa/recovery-codes: how many unused codes the signed-in member has. */
export interface RecoveryCodesStatusResponse {
  success: true;
  remaining: number;
}

/** POST /api/2fa/recovery-codes: the new codes, shown once; the old ones no longer work. */
export interface RecoveryCodesResponse {
  success: true;
  message: string;
  recoveryCodes: string[];
}
