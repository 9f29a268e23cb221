import { describe, expect, it } from 'vitest';
import { TwoFactorVerifyRequestSchema } from './auth.js';
import { RECOVERY_CODE_MESSAGES, RecoveryCodeSchema } from './recovery-codes.js';

const USER_ID = '6f1c1f8e-3a0b-4c6e-9a3b-1f2e3d4c5b6a';

describe('RecoveryCodeSchema', () => {
  it.each([
    ['abcd-2345', 'abcd-2345'],
    [' ABCD 2345 ', 'abcd-2345'],
    ['abcd2345', 'abcd-2345'],
    // Letters the alphabet leaves out, read as the digits they look like.
    ['OI1L-2345', '0111-2345'],
  ])('reads %j as %j', (typed, stored) => {
    expect(RecoveryCodeSchema.parse(typed)).toBe(stored);
  });

  it.each(['abc', 'abcd-23456', 'abcu-2345', 'ab#d-2345', ''])('refuses %j', (typed) => {
    const result = RecoveryCodeSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(RECOVERY_CODE_MESSAGES.format);
  });
});

describe('TwoFactorVerifyRequestSchema', () => {
  it('takes an authenticator code or a recovery code, and says which', () => {
    expect(TwoFactorVerifyRequestSchema.parse({ userId: USER_ID, token: ' 123456 ' })).toEqual({
      userId: USER_ID,
      token: '123456',
    });
    expect(
      TwoFactorVerifyRequestSchema.parse({ userId: USER_ID, recoveryCode: 'ABCD2345' }),
    ).toEqual({ userId: USER_ID, recoveryCode: 'abcd-2345' });
  });

  it('refuses both at once, and neither', () => {
    const both = TwoFactorVerifyRequestSchema.safeParse({
      userId: USER_ID,
      token: '123456',
      recoveryCode: 'abcd-2345',
    });
    expect(both.error?.issues[0]?.message).toBe(RECOVERY_CODE_MESSAGES.oneAnswer);
    const neither = TwoFactorVerifyRequestSchema.safeParse({ userId: USER_ID });
    expect(neither.error?.issues[0]?.message).toBe('Please enter the 6-digit code');
  });
});
