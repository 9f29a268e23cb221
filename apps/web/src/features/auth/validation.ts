import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  CodeSchema,
  LoginRequestSchema,
  PASSWORD_MIN_LENGTH,
  PHONE_NATIONAL_DIGITS,
  SignupRequestSchema,
  TwoFactorVerifyRequestSchema,
} from '@kindred/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * The account-entry forms' schemas (SPEC §5). The field, password and email rules are the contracts'
 * request schemas, so the browser and the API always agree; only the legal-age box is the browser's
 * alone. The forms report one problem at a time, the first in the spec's order.
 */

/**
 * A contract schema (which takes any input and checks it) as the next step after a form's own
 * schema: zod's `pipe` wants the next step to declare the form's values as its input.
 */
function thenChecks<FormValues, Output>(schema: z.ZodType<Output>) {
  return schema as unknown as z.ZodType<Output, FormValues>;
}

/** What the sign-in form holds. */
export interface LoginFormValues {
  email: string;
  password: string;
  legalAge: boolean;
  rememberMe: boolean;
  newsletter: boolean;
}

/** Both fields, then the legal-age box, then the contract's rules (password length, email pattern). */
export const LoginFormSchema = z
  .object({
    email: z.string(),
    password: z.string(),
    legalAge: z.boolean(),
    rememberMe: z.boolean(),
    newsletter: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.email.trim() === '' || values.password === '') {
      ctx.addIssue({ code: 'custom', path: [], message: AUTH_MESSAGES.fillAllFields });
    } else if (!values.legalAge) {
      ctx.addIssue({ code: 'custom', path: ['legalAge'], message: AUTH_MESSAGES.legalAge });
    }
  })
  .pipe(thenChecks<LoginFormValues, z.output<typeof LoginRequestSchema>>(LoginRequestSchema));

/** What the sign-up form holds; the two boxes only enable the button (they are not sent). */
export interface SignupFormValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  acceptedTerms: boolean;
  legalAge: boolean;
}

export type SignupField = 'firstName' | 'lastName' | 'username' | 'email' | 'password';
/** The text fields in the order they are shown (and checked). */
export const SIGNUP_FIELDS: readonly SignupField[] = [
  'firstName',
  'lastName',
  'username',
  'email',
  'password',
];

/** All five fields, then the password rules, then the email pattern (the contract's order). */
export const SignupFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    password: z.string(),
    acceptedTerms: z.boolean(),
    legalAge: z.boolean(),
  })
  .pipe(thenChecks<SignupFormValues, z.output<typeof SignupRequestSchema>>(SignupRequestSchema));

/** The authenticator code (2FA setup and the 2FA step of login), as the API checks it. */
export const AuthenticatorCodeSchema = TwoFactorVerifyRequestSchema.pick({ token: true });
export type AuthenticatorCode = z.output<typeof AuthenticatorCodeSchema>;

/** The texted phone code. */
export const PhoneCodeSchema = z.object({ code: CodeSchema });
export type PhoneCode = z.output<typeof PhoneCodeSchema>;

/** The phone step's first form: a country (its dial code is added) and the national number. */
export const PhoneNumberFormSchema = z.object({
  countryIso: z.string(),
  phoneNumber: z
    .string()
    .regex(new RegExp(`^\\d{${PHONE_NATIONAL_DIGITS}}$`), { error: AUTH_MESSAGES.invalidPhone }),
});
export type PhoneNumberForm = z.output<typeof PhoneNumberFormSchema>;

/** A problem that concerns the whole form ("Please fill in all fields"), shown above it. */
export const FORM_PROBLEM = 'root';

/**
 * react-hook-form's zod resolver, keeping only the first problem: the forms show one message at a
 * time, in the order the schema checks (SPEC §5). A problem of the whole form (an issue without a
 * field) is reported as `errors.root`.
 */
export function firstProblemResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const first = Object.entries(result.errors)[0];
    if (!first) return result;
    const [path, error] = first;
    const errors = { [path === '' ? FORM_PROBLEM : path]: error } as FieldErrors<Input>;
    return { values: {}, errors };
  };
}

/** The password guideline list shown at sign-up, each rule with whether it is met. */
export function passwordGuidelines(password: string) {
  return [
    {
      id: 'length',
      text: `At least ${PASSWORD_MIN_LENGTH} characters`,
      met: password.length >= PASSWORD_MIN_LENGTH,
    },
    { id: 'number', text: 'At least one number', met: /\d/.test(password) },
    { id: 'letter', text: 'At least one letter', met: /\p{L}/u.test(password) },
  ];
}

/** SPEC §5: the email is lower-cased and trimmed before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keeps only digits, at most `max` of them (codes and phone numbers). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
