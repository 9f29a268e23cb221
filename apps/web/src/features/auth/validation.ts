import {
  AUTH_MESSAGES,
  CodeSchema,
  PASSWORD_MIN_LENGTH,
  PHONE_NATIONAL_DIGITS,
  RecoveryCodeSchema,
  SignupRequestSchema,
} from '@kindred/contracts';
import { z } from 'zod';

// The sign-in form's schema and the resolver all forms use have their own modules, so the login
// page (the entry chunk) loads neither the full zod build nor the other forms' schemas.
export { FORM_PROBLEM, firstProblemResolver } from './first-problem-resolver';
export { LoginFormSchema, type LoginFormValues } from './login-validation';

/**
 * The account-entry forms' schemas (SPEC §5). The field, password and email rules are the contracts'
 * request schemas, so the browser and the API always agree. The forms report one problem at a
 * time, the first in the spec's order.
 */

/**
 * A contract schema (which takes any input and checks it) as the next step after a form's own
 * schema: zod's `pipe` wants the next step to declare the form's values as its input.
 */
function thenChecks<FormValues, Output>(schema: z.core.$ZodType<Output>) {
  return schema as unknown as z.ZodType<Output, FormValues>;
}

/**
 * What the sign-up form holds. The two boxes enable the button, and are sent as the contract's
 * `termsAccepted` and `legalAgeConfirmed` (the API records them).
 */
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
  .transform(({ acceptedTerms, legalAge, ...fields }) => ({
    ...fields,
    termsAccepted: acceptedTerms,
    legalAgeConfirmed: legalAge,
  }))
  .pipe(
    thenChecks<
      Omit<SignupFormValues, 'acceptedTerms' | 'legalAge'> & {
        termsAccepted: boolean;
        legalAgeConfirmed: boolean;
      },
      z.output<typeof SignupRequestSchema>
    >(SignupRequestSchema),
  );

/** The authenticator code (2FA setup, the 2FA step of login, Settings), as the API checks it. */
export const AuthenticatorCodeSchema = z.object({ token: CodeSchema });
export type AuthenticatorCode = z.output<typeof AuthenticatorCodeSchema>;

/** A recovery code typed instead of the authenticator code (`ABCD 2345` becomes `abcd-2345`). */
export const RecoveryCodeFormSchema = z.object({ recoveryCode: RecoveryCodeSchema });
export type RecoveryCodeForm = z.output<typeof RecoveryCodeFormSchema>;

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
