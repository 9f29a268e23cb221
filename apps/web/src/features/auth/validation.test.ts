import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  normalizeEmail,
  passwordGuidelines,
  validateLogin,
  validateSignup,
} from './validation';

describe('login validation (SPEC §5, in order)', () => {
  const valid = { email: 'Ann@Example.com', password: 'secret1', legalAge: true };

  it('asks for both fields first', () => {
    expect(validateLogin({ ...valid, email: '  ' })?.message).toBe('Please fill in all fields');
    expect(validateLogin({ email: '', password: '', legalAge: false })?.message).toBe(
      'Please fill in all fields',
    );
  });

  it('then the legal-age box', () => {
    expect(validateLogin({ ...valid, legalAge: false, password: '1' })).toEqual({
      field: 'legalAge',
      message: 'You must confirm that you are of legal age to use this platform',
    });
  });

  it('then the password length', () => {
    expect(validateLogin({ ...valid, email: 'nope', password: '12345' })).toEqual({
      field: 'password',
      message: 'Password must be at least 6 characters long',
    });
  });

  it('then the email pattern', () => {
    expect(validateLogin({ ...valid, email: 'ann@example' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('accepts valid input', () => {
    expect(validateLogin(valid)).toBeNull();
  });

  it('lower-cases and trims the email', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('sign-up validation (SPEC §5)', () => {
  const valid = {
    firstName: 'Ann',
    lastName: 'Lee',
    username: 'ann@example.com',
    email: 'ann@example.com',
    password: 'kindred1',
  };

  it('needs all five fields', () => {
    expect(validateSignup({ ...valid, lastName: ' ' })?.message).toBe('Please fill in all fields');
  });

  it('needs 6 characters, a number and a letter in the password', () => {
    expect(validateSignup({ ...valid, password: 'ab1' })?.message).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateSignup({ ...valid, password: 'abcdefg' })?.message).toBe(
      'Password must contain at least one number',
    );
    expect(validateSignup({ ...valid, password: '1234567' })?.message).toBe(
      'Password must contain at least one letter',
    );
  });

  it('accepts valid input', () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it('ticks off the password guidelines as they are met', () => {
    expect(passwordGuidelines('ab').map((rule) => rule.met)).toEqual([false, false, true]);
    expect(passwordGuidelines('abcdef1').every((rule) => rule.met)).toBe(true);
  });
});

describe('digitsOnly', () => {
  it('keeps digits up to the limit', () => {
    expect(digitsOnly('12a 34-5678', 6)).toBe('123456');
  });
});
