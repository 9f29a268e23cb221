import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CodeSchema,
  LoginRequestSchema,
  PhoneSendCodeRequestSchema,
  PhoneVerifyRequestSchema,
  SignupRequestSchema,
  formatWait,
} from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const signup = {
  firstName: 'Asha',
  lastName: 'Rao',
  username: 'asha@example.com',
  email: '  Asha@Example.COM ',
  password: 'secret123',
  legalAgeConfirmed: true,
  termsAccepted: true,
};

describe('sign-up schema', () => {
  it('lowercases and trims the email', () => {
    expect(SignupRequestSchema.parse(signup).email).toBe('asha@example.com');
  });

  it("reads 'Please fill in all fields' when any field is missing, whatever else is wrong", () => {
    for (const field of ['firstName', 'lastName', 'username', 'email', 'password']) {
      const result = SignupRequestSchema.safeParse({ ...signup, password: 'x', [field]: '  ' });
      expect(firstMessage(result)).toBe(AUTH_MESSAGES.fillAllFields);
    }
    expect(firstMessage(SignupRequestSchema.safeParse({}))).toBe(AUTH_MESSAGES.fillAllFields);
    expect(firstMessage(SignupRequestSchema.safeParse(null))).toBeDefined();
  });

  it('applies the password rules in the spec order', () => {
    const message = (password: string) =>
      firstMessage(SignupRequestSchema.safeParse({ ...signup, password }));
    expect(message('a1')).toBe('Password must be at least 6 characters long');
    expect(message('abcdefg')).toBe('Password must contain at least one number');
    expect(message('1234567')).toBe('Password must contain at least one letter');
    expect(message('ab1'.repeat(25))).toBe(AUTH_MESSAGES.passwordTooLong);
    // 72 bytes is fine, 73 (with a two-byte letter) is not.
    expect(message(`a1${'x'.repeat(70)}`)).toBeUndefined();
    expect(message(`é1${'x'.repeat(70)}`)).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it("refuses a malformed email with 'Please enter a valid email address'", () => {
    for (const email of ['asha', 'asha@', 'asha@example', 'a sha@example.com']) {
      expect(firstMessage(SignupRequestSchema.safeParse({ ...signup, email }))).toBe(
        'Please enter a valid email address',
      );
    }
  });
});

describe('login schema', () => {
  it('defaults the optional fields', () => {
    expect(LoginRequestSchema.parse({ email: 'A@B.co', password: 'secret1' })).toEqual({
      email: 'a@b.co',
      password: 'secret1',
      coordinates: null,
      rememberMe: false,
      newsletter: false,
    });
  });

  it('checks the password length before the email pattern', () => {
    expect(firstMessage(LoginRequestSchema.safeParse({ email: 'nope', password: '123' }))).toBe(
      'Password must be at least 6 characters long',
    );
    expect(firstMessage(LoginRequestSchema.safeParse({ email: '', password: '123' }))).toBe(
      'Please fill in all fields',
    );
  });

  it('validates coordinates', () => {
    const base = { email: 'a@b.co', password: 'secret1' };
    expect(
      LoginRequestSchema.parse({ ...base, coordinates: { latitude: 18.5, longitude: 73.8 } })
        .coordinates,
    ).toEqual({ latitude: 18.5, longitude: 73.8 });
    expect(
      LoginRequestSchema.safeParse({ ...base, coordinates: { latitude: 91, longitude: 0 } })
        .success,
    ).toBe(false);
  });
});

describe('codes and phone numbers', () => {
  it('accepts exactly 6 digits', () => {
    expect(CodeSchema.parse(' 012345 ')).toBe('012345');
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(CodeSchema.safeParse(code).success).toBe(false);
    }
  });

  it('normalises phone numbers to E.164 with +91 by default', () => {
    const userId = '5b0f1c2e-8a7d-4a57-9d0e-0c4c1f1f2a3b';
    expect(
      PhoneSendCodeRequestSchema.parse({ userId, phoneNumber: '+919876543210' }).phoneNumber,
    ).toBe('+919876543210');
    expect(
      PhoneSendCodeRequestSchema.parse({ userId, phoneNumber: '98765 43210' }).phoneNumber,
    ).toBe('+919876543210');
    expect(
      PhoneSendCodeRequestSchema.parse({ userId, countryCode: '+1', phoneNumber: '2025550123' }),
    ).toEqual({ userId, phoneNumber: '+12025550123' });
    expect(
      PhoneVerifyRequestSchema.parse({ userId, phoneNumber: '9876543210', code: '123456' }),
    ).toEqual({ userId, phoneNumber: '+919876543210', code: '123456' });
    for (const phoneNumber of ['987654321', '+9198765432', '98765432100', 'abcdefghij']) {
      expect(firstMessage(PhoneSendCodeRequestSchema.safeParse({ userId, phoneNumber }))).toBe(
        AUTH_MESSAGES.invalidPhone,
      );
    }
  });
});

describe('formatWait', () => {
  it('says how long to wait in words', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(42.2)).toBe('43 seconds');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(3540)).toBe('59 minutes');
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(3601)).toBe('2 hours');
  });
});
