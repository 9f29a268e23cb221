import { z } from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  LOGIN_MESSAGES,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
} from './login-messages.js';

/**
 * The login's rules and messages, written with zod's tree-shakable build (`zod/mini`): the login
 * page is the web app's front door, and what it checks comes from here without the full zod build.
 * Mini schemas are zod schemas like the others (the API parses with them, and the other contracts
 * compose them); auth.ts re-exports everything here and builds sign-up and the other steps on it.
 */

// The limits and messages are login-messages.ts's: a module without schemas, so a page that shows
// them (the web app's login screen) does not carry the schemas below until it checks a form.
export {
  EMAIL_MAX_LENGTH,
  LOGIN_MESSAGES,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
} from './login-messages.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field: missing, not text, or blank all read "Please fill in all fields". */
export const requiredText = () =>
  z
    .string({ error: LOGIN_MESSAGES.fillAllFields })
    .check(z.trim(), z.minLength(1, { error: LOGIN_MESSAGES.fillAllFields }));

/** Lower-cased and trimmed (SPEC §5), then checked against a simple pattern. */
export const EmailSchema = requiredText().check(
  z.toLowerCase(),
  z.maxLength(EMAIL_MAX_LENGTH, { error: LOGIN_MESSAGES.invalidEmail }),
  z.regex(EMAIL_PATTERN, { error: LOGIN_MESSAGES.invalidEmail }),
);

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** Required; not trimmed (spaces are part of a password). */
export const passwordBase = () =>
  z.string({ error: LOGIN_MESSAGES.fillAllFields }).check(
    z.minLength(1, { error: LOGIN_MESSAGES.fillAllFields }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: LOGIN_MESSAGES.passwordTooShort }),
    z.refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, {
      error: LOGIN_MESSAGES.passwordTooLong,
    }),
  );

/** A password given at login: only the length rules (older passwords are not re-judged). */
export const LoginPasswordSchema = passwordBase();

export const CoordinatesSchema = z.object(
  {
    latitude: z.number({ error: LOGIN_MESSAGES.invalidCoordinates }).check(z.gte(-90), z.lte(90)),
    longitude: z
      .number({ error: LOGIN_MESSAGES.invalidCoordinates })
      .check(z.gte(-180), z.lte(180)),
  },
  { error: LOGIN_MESSAGES.invalidCoordinates },
);

/**
 * Checks that every listed field is filled in before any other rule, so a form with a missing
 * field reads "Please fill in all fields" whatever else is wrong (the order of SPEC §5).
 */
export function filledInFirst<S extends z.core.$ZodType>(fields: readonly string[], schema: S) {
  const check = z.unknown().check(
    z.superRefine((input, ctx) => {
      const record =
        typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
      const missing = fields.some((field) => {
        const value = record[field];
        return typeof value !== 'string' || value.trim() === '';
      });
      if (missing)
        ctx.addIssue({ code: 'custom', message: LOGIN_MESSAGES.fillAllFields, abort: true });
    }),
  );
  return z.pipe(check, schema);
}

/** Login: both fields, then the password length, then the email pattern (SPEC §5 order). */
export const LoginRequestSchema = filledInFirst(
  ['email', 'password'],
  z.object({
    password: LoginPasswordSchema,
    email: EmailSchema,
    coordinates: z.pipe(
      z.nullish(CoordinatesSchema),
      z.transform((value) => value ?? null),
    ),
    rememberMe: z._default(z.optional(z.boolean()), false),
    newsletter: z._default(z.optional(z.boolean()), false),
  }),
);
export type LoginRequest = {
  email: string;
  password: string;
  coordinates?: { latitude: number; longitude: number } | null;
  rememberMe?: boolean;
  newsletter?: boolean;
};
