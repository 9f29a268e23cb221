import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  LoginFormSchema,
  SignupFormSchema,
  digitsOnly,
  firstProblemResolver,
  normalizeEmail,
  passwordGuidelines,
  type LoginFormValues,
  type SignupFormValues,
} from './validation';

/** What the form would show: the one problem ({field, message}; field "root" for the form), or null. */
async function problemOf<V extends FieldValues, O>(resolver: Resolver<V, unknown, O>, values: V) {
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const entries = Object.entries(result.errors);
  expect(entries.length).toBeLessThanOrEqual(1);
  const [entry] = entries;
  return entry ? { field: entry[0], message: entry[1]?.message } : null;
}

describe('login validation (SPEC §5, in order, one problem at a time)', () => {
  const resolver = firstProblemResolver(LoginFormSchema);
  const valid: LoginFormValues = {
    email: 'Ann@Example.com',
    password: 'secret1',
    legalAge: true,
    rememberMe: false,
    newsletter: false,
  };
  const check = (values: Partial<LoginFormValues>) => problemOf(resolver, { ...valid, ...values });

  it('asks for both fields first, as a problem of the whole form', async () => {
    expect(await check({ email: '  ' })).toEqual({
      field: 'root',
      message: 'Please fill in all fields',
    });
    expect(await check({ email: '', password: '', legalAge: false })).toEqual({
      field: 'root',
      message: 'Please fill in all fields',
    });
  });

  it('then the legal-age box', async () => {
    expect(await check({ legalAge: false, password: '1' })).toEqual({
      field: 'legalAge',
      message: 'You must confirm that you are of legal age to use this platform',
    });
  });

  it('then the password length', async () => {
    expect(await check({ email: 'nope', password: '12345' })).toEqual({
      field: 'password',
      message: 'Password must be at least 6 characters long',
    });
  });

  it('then the email pattern', async () => {
    expect(await check({ email: 'ann@example' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('accepts valid input and gives the values to send, the email lower-cased and trimmed', async () => {
    expect(await check({})).toBeNull();
    const result = await resolver(
      { ...valid, email: '  Ann@Example.COM ', newsletter: true },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.values).toMatchObject({
      email: 'ann@example.com',
      password: 'secret1',
      rememberMe: false,
      newsletter: true,
    });
  });

  it('lower-cases and trims the email', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('sign-up validation (SPEC §5)', () => {
  const resolver = firstProblemResolver(SignupFormSchema);
  const valid: SignupFormValues = {
    firstName: 'Ann',
    lastName: 'Lee',
    username: 'ann@example.com',
    email: 'ann@example.com',
    password: 'kindred1',
    acceptedTerms: true,
    legalAge: true,
  };
  const check = (values: Partial<SignupFormValues>) => problemOf(resolver, { ...valid, ...values });

  it('needs all five fields', async () => {
    expect(await check({ lastName: ' ', password: 'ab' })).toEqual({
      field: 'root',
      message: 'Please fill in all fields',
    });
  });

  it('needs 6 characters, a number and a letter in the password', async () => {
    expect((await check({ password: 'ab1' }))?.message).toBe(
      'Password must be at least 6 characters long',
    );
    expect(await check({ password: 'abcdefg', email: 'nope' })).toEqual({
      field: 'password',
      message: 'Password must contain at least one number',
    });
    expect((await check({ password: '1234567' }))?.message).toBe(
      'Password must contain at least one letter',
    );
  });

  it('accepts valid input', async () => {
    expect(await check({})).toBeNull();
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
