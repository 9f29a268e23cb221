import {
  AUTH_MESSAGES,
  LoginRequestSchema,
  PASSWORD_MIN_LENGTH,
  SignupRequestSchema,
} from '@kindred/contracts';

/**
 * Client-side checks of the account-entry forms (SPEC §5), in the spec's order, returning the first
 * problem. The field/password/email rules are the contracts' schemas, so the browser and the API
 * always agree; only the legal-age box is the browser's alone.
 */

export type LoginField = 'email' | 'password' | 'legalAge';
export type SignupField = 'firstName' | 'lastName' | 'username' | 'email' | 'password';

export interface FormProblem<F extends string> {
  /** The field to mark and focus; undefined for form-wide problems ("Please fill in all fields"). */
  field?: F;
  message: string;
}

export interface LoginValues {
  email: string;
  password: string;
  legalAge: boolean;
}

export function validateLogin(values: LoginValues): FormProblem<LoginField> | null {
  if (values.email.trim() === '' || values.password === '') {
    return { message: AUTH_MESSAGES.fillAllFields };
  }
  if (!values.legalAge) return { field: 'legalAge', message: AUTH_MESSAGES.legalAge };
  const parsed = LoginRequestSchema.safeParse({ email: values.email, password: values.password });
  if (parsed.success) return null;
  return problemFrom<LoginField>(parsed.error.issues, ['email', 'password']);
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export function validateSignup(values: SignupValues): FormProblem<SignupField> | null {
  const parsed = SignupRequestSchema.safeParse(values);
  if (parsed.success) return null;
  return problemFrom<SignupField>(parsed.error.issues, [
    'firstName',
    'lastName',
    'username',
    'email',
    'password',
  ]);
}

function problemFrom<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): FormProblem<F> {
  const issue = issues[0];
  if (!issue) return { message: AUTH_MESSAGES.fillAllFields };
  const key = issue.path[0];
  const field = fields.find((candidate) => candidate === key);
  return field ? { field, message: issue.message } : { message: issue.message };
}

/** SPEC §5: the email is lower-cased and trimmed before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
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

/** Keeps only digits, at most `max` of them (codes and phone numbers). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
