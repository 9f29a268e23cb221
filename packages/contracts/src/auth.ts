import { z } from 'zod';
import { IdSchema } from './common.js';

/**
 * Account entry: sign-up, login, email code, authenticator 2FA and phone verification.
 * The API validates with these schemas and the web app validates its forms with the same ones,
 * so both show the spec's messages (SPEC §5, §8).
 */

// ---------------------------------------------------------------------------------------------
// Limits (SPEC §9 and the server's own, documented here so the web app can show them)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt only reads the first 72 bytes of a password: longer ones are refused, never truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;
export const USERNAME_MAX_LENGTH = 254;

/** Email codes, phone codes and authenticator codes are all 6 digits. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_RESEND_WAIT_SECONDS = 60;
/** Wrong guesses a single emailed/texted code survives; after that it is void. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong authenticator codes one login challenge accepts before the member must log in again. */
export const TOTP_MAX_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong authenticator codes an account accepts per hour, across all its logins. */
export const TOTP_MAX_FAILURES_PER_HOUR = 10;
/** An account must verify its email within this many days of signing up (daily reminders until then). */
export const EMAIL_VERIFICATION_DEADLINE_DAYS = 7;
/** "Remember me" keeps the sign-in cookie this long; otherwise it ends with the browser session. */
export const REMEMBER_ME_DAYS = 30;

export const DEFAULT_COUNTRY_CODE = '+91';
export const PHONE_NATIONAL_DIGITS = 10;

// ---------------------------------------------------------------------------------------------
// Messages (the spec's wording where it has one)
// ---------------------------------------------------------------------------------------------

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  legalAge: 'You must confirm that you are of legal age to use this platform',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password is too long: use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters or digits)`,
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordNeedsLetter: 'Password must contain at least one letter',
  invalidEmail: 'Please enter a valid email address',
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters long`,
  usernameTooLong: `Username can be at most ${USERNAME_MAX_LENGTH} characters long`,
  invalidCoordinates: 'Invalid coordinates',

  emailTaken: 'An account with this email already exists. Please log in instead.',
  signupSuccess: 'Sign up successful! Please check your email for OTP.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  loginSuccess: 'Login successful!',
  verificationDeadlinePassed:
    'Your email address was not verified within 7 days. Please verify it to continue: we can send you a new code.',
  loggedOut: 'Logged out',

  notSignedIn: 'Please log in first',
  actAsYourself: 'You can only act as yourself',
  sessionExpired: 'Session expired. Please login again.',

  codeFormat: 'Please enter the 6-digit code',
  otpSent: (email: string) => `OTP sent to ${email}`,
  otpEmailFailed: 'Failed to send verification email. Please try again.',
  otpWrongEmail:
    'You can only request a code for the email address of the account you are signing in to',
  emailAlreadyVerified: 'Your email address is already verified',
  emailNotVerified: 'Please verify your email address first',
  emailVerified: 'Email verified successfully! Please set up 2FA.',
  codeNotRequested: 'No code has been requested yet. Please request a new code.',
  codeExpired: 'This code has expired. Please request a new code.',
  codeVoid: 'Too many incorrect attempts. Please request a new code.',
  codeWrong: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `Invalid verification code. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`
      : 'Invalid verification code. Please request a new code.',
  resendWait: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`,

  twoFactorAlreadyEnabled: 'Two-factor authentication is already set up for this account',
  twoFactorNotSetUp: 'Please set up two-factor authentication first',
  twoFactorSuccess: '2FA verification successful!',
  twoFactorInvalid: 'Invalid verification code',
  twoFactorChallengeExhausted: 'Too many incorrect codes. Please log in again.',
  twoFactorHourlyCap: (minutes: number) =>
    `Too many incorrect codes for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,

  invalidPhone: 'Please enter a valid 10-digit phone number',
  invalidCountryCode: 'Please choose a valid country code',
  phoneCodeSent: 'Verification code sent successfully! Check your SMS.',
  phoneCodeFailed: 'Failed to send verification code',
  phoneCodeOtherNumber: 'Please request a code for this phone number first',
  phoneVerified: 'Phone number verified successfully!',

  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please try again in ${formatWait(seconds)}.`,
} as const;

/** "45 seconds", "3 minutes", "2 hours": for messages that say how long to wait. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * What a signed-in member hears when a flood limit stops them (429): which action is limited and
 * when they can do it again. The account-entry limits keep `AUTH_MESSAGES.tooManyAttempts`.
 */
export const FLOOD_LIMIT_MESSAGES = {
  posts: (seconds: number) =>
    `You're posting too often. You can post again in ${formatWait(seconds)}.`,
  comments: (seconds: number) =>
    `You're commenting too often. You can comment again in ${formatWait(seconds)}.`,
  likes: (seconds: number) =>
    `You're liking posts too often. You can like again in ${formatWait(seconds)}.`,
  follows: (seconds: number) =>
    `You're following and unfollowing too often. You can do it again in ${formatWait(seconds)}.`,
  uploads: (seconds: number) =>
    `You're uploading photos too often. You can upload again in ${formatWait(seconds)}.`,
  searches: (seconds: number) =>
    `You're searching too often. You can search again in ${formatWait(seconds)}.`,
  locationLookups: (seconds: number) =>
    `You're looking up locations too often. You can look one up again in ${formatWait(seconds)}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field: missing, not text, or blank all read "Please fill in all fields". */
const requiredText = () =>
  z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .trim()
    .min(1, { error: AUTH_MESSAGES.fillAllFields });

/** Lower-cased and trimmed (SPEC §5), then checked against a simple pattern. */
export const EmailSchema = requiredText()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.invalidEmail })
  .regex(EMAIL_PATTERN, { error: AUTH_MESSAGES.invalidEmail });

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** Required; not trimmed (spaces are part of a password). */
const passwordBase = () =>
  z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .min(1, { error: AUTH_MESSAGES.fillAllFields })
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
    .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, {
      error: AUTH_MESSAGES.passwordTooLong,
    });

/** The rules for choosing a password at sign-up. */
export const NewPasswordSchema = passwordBase()
  .regex(/\d/, { error: AUTH_MESSAGES.passwordNeedsNumber })
  .regex(/\p{L}/u, { error: AUTH_MESSAGES.passwordNeedsLetter });

/** A password given at login: only the length rules (older passwords are not re-judged). */
export const LoginPasswordSchema = passwordBase();

/** A 6-digit code (email, phone or authenticator). Surrounding spaces are forgiven. */
export const CodeSchema = z
  .string({ error: AUTH_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, { error: AUTH_MESSAGES.codeFormat });

export const CoordinatesSchema = z.object(
  {
    latitude: z.number({ error: AUTH_MESSAGES.invalidCoordinates }).min(-90).max(90),
    longitude: z.number({ error: AUTH_MESSAGES.invalidCoordinates }).min(-180).max(180),
  },
  { error: AUTH_MESSAGES.invalidCoordinates },
);

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/**
 * Checks that every listed field is filled in before any other rule, so a form with a missing
 * field reads "Please fill in all fields" whatever else is wrong (the order of SPEC §5).
 */
function filledInFirst<S extends z.ZodType>(fields: readonly string[], schema: S) {
  const check = z.unknown().superRefine((input, ctx) => {
    const record =
      typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    const missing = fields.some((field) => {
      const value = record[field];
      return typeof value !== 'string' || value.trim() === '';
    });
    if (missing)
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.fillAllFields, abort: true });
  });
  return check.pipe(schema);
}

/** Sign-up: all five fields, then the password rules, then the email pattern. */
export const SignupRequestSchema = filledInFirst(
  ['firstName', 'lastName', 'username', 'email', 'password'],
  z.object({
    password: NewPasswordSchema,
    email: EmailSchema,
    firstName: requiredText().max(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong }),
    lastName: requiredText().max(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong }),
    username: requiredText().max(USERNAME_MAX_LENGTH, { error: AUTH_MESSAGES.usernameTooLong }),
  }),
);
export type SignupRequest = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
};

/** Login: both fields, then the password length, then the email pattern (SPEC §5 order). */
export const LoginRequestSchema = filledInFirst(
  ['email', 'password'],
  z.object({
    password: LoginPasswordSchema,
    email: EmailSchema,
    coordinates: CoordinatesSchema.nullish().transform((value) => value ?? null),
    rememberMe: z.boolean().optional().default(false),
    newsletter: z.boolean().optional().default(false),
  }),
);
export type LoginRequest = {
  email: string;
  password: string;
  coordinates?: { latitude: number; longitude: number } | null;
  rememberMe?: boolean;
  newsletter?: boolean;
};

export const SendOtpRequestSchema = z.object({
  email: EmailSchema,
  /** Sent by the sign-up flow; when present it must be the signing-in member. */
  userId: IdSchema.optional(),
});
export type SendOtpRequest = z.input<typeof SendOtpRequestSchema>;

export const VerifyOtpRequestSchema = z.object({
  email: EmailSchema,
  otp: CodeSchema,
});
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequestSchema>;

export const TwoFactorSetupRequestSchema = z.object({ userId: IdSchema });
export type TwoFactorSetupRequest = z.input<typeof TwoFactorSetupRequestSchema>;

export const TwoFactorVerifyRequestSchema = z.object({ userId: IdSchema, token: CodeSchema });
export type TwoFactorVerifyRequest = z.input<typeof TwoFactorVerifyRequestSchema>;

/**
 * A phone number in E.164 form: "+<country code><10 digits>". Accepts either the full number
 * ("+919876543210") or 10 national digits plus a separate `countryCode` (default +91).
 * Spaces, dashes, dots and parentheses typed for readability are ignored.
 */
const phoneFields = {
  phoneNumber: z
    .string({ error: AUTH_MESSAGES.invalidPhone })
    .transform((value) => value.replace(/[\s\-().]/g, ''))
    .pipe(z.string().regex(/^(\+\d{1,3})?\d{10}$/, { error: AUTH_MESSAGES.invalidPhone })),
  countryCode: z
    .string({ error: AUTH_MESSAGES.invalidCountryCode })
    .trim()
    .transform((value) => (value.startsWith('+') ? value : `+${value}`))
    .pipe(z.string().regex(/^\+\d{1,3}$/, { error: AUTH_MESSAGES.invalidCountryCode }))
    .optional(),
};

function toE164<T extends { phoneNumber: string; countryCode?: string | undefined }>(input: T) {
  const { countryCode, ...rest } = input;
  const phoneNumber = input.phoneNumber.startsWith('+')
    ? input.phoneNumber
    : `${countryCode ?? DEFAULT_COUNTRY_CODE}${input.phoneNumber}`;
  return { ...rest, phoneNumber };
}

export const PhoneSendCodeRequestSchema = z
  .object({ userId: IdSchema, ...phoneFields })
  .transform(toE164);
export type PhoneSendCodeRequest = z.input<typeof PhoneSendCodeRequestSchema>;

export const PhoneVerifyRequestSchema = z
  .object({ userId: IdSchema, ...phoneFields, code: CodeSchema })
  .transform(toE164);
export type PhoneVerifyRequest = z.input<typeof PhoneVerifyRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/**
 * What a half-signed-in session must do next:
 * - `verify-email`: request and enter the emailed code (/verify-otp);
 * - `2fa-setup`: scan the QR code and enter a first authenticator code (/2fa-setup/{id});
 * - `2fa-verify`: enter the authenticator code (/2fa-verify/{id}).
 */
export type NextStep = 'verify-email' | '2fa-setup' | '2fa-verify';

export interface SignupResponse {
  success: true;
  message: string;
  data: { _id: string; sessionId: string };
}

/**
 * The spec's login user is {_id, email, verifiedBadge}; firstName and lastName are extra so the
 * member header can greet a member who signs in on a fresh browser by name (SPEC §3 storage key).
 */
export interface LoginUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  verifiedBadge: boolean;
}

export interface LoginResponse {
  success: true;
  message: string;
  user: LoginUser;
  nextStep: NextStep;
}

/** 403 from login when the 7-day email deadline passed: a pending session was still started. */
export interface VerificationRequiredResponse {
  success: false;
  message: string;
  nextStep: 'verify-email';
  user: LoginUser;
}

export interface SendOtpResponse {
  success: true;
  message: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/** Every 429 carries how long to wait. */
export interface TooManyRequestsResponse {
  success: false;
  message: string;
  retryAfterSeconds: number;
}

/**
 * Every account verifies its email before setting up 2FA, so `nextStep` is '2fa-setup' (with
 * `setupUrl`); '2fa-verify' (with `verifyUrl`) is only for an account that already has 2FA.
 */
export type VerifyOtpResponse = {
  success: true;
  message: string;
  userId: string;
} & ({ nextStep: '2fa-setup'; setupUrl: string } | { nextStep: '2fa-verify'; verifyUrl: string });

export interface TwoFactorSetupResponse {
  success: true;
  /** data: URL of a PNG QR code for the otpauth:// URI. */
  qrCode: string;
  otpauthUrl: string;
  /** Base32 secret for typing into the authenticator by hand. */
  secret: string;
}

/** The spec's fields plus firstName and lastName (for the greeting, as in LoginUser). */
export interface SignedInUser {
  _id: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  verifiedBadge: boolean;
  isVerified: boolean;
  isPhoneVerified: boolean;
}

export interface TwoFactorVerifyResponse {
  success: true;
  message: string;
  user: SignedInUser;
}

export interface PhoneSendCodeResponse {
  success: true;
  message: string;
  devMode: boolean;
  /** Only when SMS is in development mode (never in production). */
  devCode?: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface PhoneVerifyResponse {
  success: true;
  message: string;
  /** Email, 2FA and phone are now all verified. */
  verifiedBadge: boolean;
}

export interface LogoutResponse {
  success: true;
  message: string;
}
