import { z } from 'zod';
import { IdSchema, NAME_CHARACTERS_MESSAGE, NAME_PATTERN } from './common.js';
import {
  EmailSchema,
  filledInFirst,
  LOGIN_MESSAGES,
  LoginPasswordSchema,
  passwordBase,
  requiredText,
} from './login.js';
import { RECOVERY_CODE_MESSAGES, RecoveryCodeSchema } from './recovery-codes.js';

export * from './login.js';

/**
 * Account entry: sign-up, login, email code, authenticator 2FA and phone verification.
 * The API validates with these schemas and the web app validates its forms with the same ones,
 * so both show the spec's messages (SPEC §5, §8).
 */

// ---------------------------------------------------------------------------------------------
// Limits (SPEC §9 and the server's own, documented here so the web app can show them)
// ---------------------------------------------------------------------------------------------

// PASSWORD_MIN_LENGTH, PASSWORD_MAX_BYTES and EMAIL_MAX_LENGTH: login.ts (re-exported above).
export const NAME_MAX_LENGTH = 50;
export const USERNAME_MAX_LENGTH = 254;

/** Email codes, phone codes and authenticator codes are all 6 digits. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_RESEND_WAIT_SECONDS = 60;
/** Wrong guesses a single emailed/texted code survives; after that it is void. */
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Password-reset and email-change codes live longer than sign-in codes: the member reaches them
 * from a mailbox, perhaps on another device, in the middle of recovering an account.
 */
export const ACCOUNT_CODE_TTL_SECONDS = 15 * 60;
/** Wrong authenticator codes one login challenge accepts before the member must log in again. */
export const TOTP_MAX_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong authenticator codes an account accepts per hour, across all its logins. */
export const TOTP_MAX_FAILURES_PER_HOUR = 10;
/** An account must verify its email within this many days of signing up (daily reminders until then). */
export const EMAIL_VERIFICATION_DEADLINE_DAYS = 7;
/** "Remember me" keeps the sign-in cookie this long; otherwise it ends with the browser session. */
export const REMEMBER_ME_DAYS = 30;

/**
 * The version of the Terms and Conditions a sign-up accepts (recorded with the account). Change it
 * whenever the terms' text changes.
 */
export const TERMS_VERSION = '2026-01';

export const DEFAULT_COUNTRY_CODE = '+91';
export const PHONE_NATIONAL_DIGITS = 10;

// ---------------------------------------------------------------------------------------------
// Messages (the spec's wording where it has one)
// ---------------------------------------------------------------------------------------------

export const AUTH_MESSAGES = {
  /** The login form's (login.ts). */
  ...LOGIN_MESSAGES,
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordNeedsLetter: 'Password must contain at least one letter',
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters long`,
  usernameTooLong: `Username can be at most ${USERNAME_MAX_LENGTH} characters long`,

  emailTaken: 'An account with this email already exists. Please log in instead.',
  legalAgeRequired: 'Please certify that you are of legal age (18+) to use Kindred',
  termsRequired: 'Please accept the Terms and Conditions',
  signupSuccess: 'Sign up successful! Please check your email for OTP.',
  /** A moderator suspended the account: signing in does not lift it. */
  accountSuspended: (supportEmail: string) =>
    `Your account has been suspended by our moderators. If you think this is a mistake, write to ${supportEmail}.`,
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
  /** Password-reset and email-change codes (issue 11's wording). */
  accountCodeExpired: 'Code expired. Please request a new one.',

  /** The same answer whether or not the email has an account (no enumeration). */
  passwordResetRequested: 'If an account exists for this email, we sent a code.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',

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
  phoneCannotReceiveSms:
    "That number can't receive text messages. Please check it, or use a mobile number that can receive texts.",
  /** Twilio 21610: the number replied STOP to our texts; only the member can undo that. */
  phoneOptedOut:
    'That number has turned off texts from us (it replied STOP). Text START to our number from that phone to turn them back on, or use another number.',
  phoneCodeOtherNumber: 'Please request a code for this phone number first',
  phoneVerified: 'Phone number verified successfully!',
  /** Says that the number is taken, never by which account. */
  phoneTaken:
    'This phone number already verifies another Kindred account. Each number can verify only one account: please use a different number.',

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
  reports: (seconds: number) =>
    `You're reporting too often. You can report again in ${formatWait(seconds)}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

// The email, password and coordinates fields, `requiredText` and `filledInFirst` are login.ts's
// (zod/mini, so the login page carries only them); the schemas below build on them.

/** The rules for choosing a password at sign-up. */
export const NewPasswordSchema = passwordBase().check(
  z.regex(/\d/, { error: AUTH_MESSAGES.passwordNeedsNumber }),
  z.regex(/\p{L}/u, { error: AUTH_MESSAGES.passwordNeedsLetter }),
);

/** A 6-digit code (email, phone or authenticator). Surrounding spaces are forgiven. */
export const CodeSchema = z
  .string({ error: AUTH_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, { error: AUTH_MESSAGES.codeFormat });

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** Sign-up: all five fields, then the password rules, then the email pattern. */
export const SignupRequestSchema = filledInFirst(
  ['firstName', 'lastName', 'username', 'email', 'password'],
  z.object({
    password: NewPasswordSchema,
    email: EmailSchema,
    firstName: requiredText().check(
      z.maxLength(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong }),
      z.regex(NAME_PATTERN, { error: NAME_CHARACTERS_MESSAGE }),
    ),
    lastName: requiredText().check(
      z.maxLength(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong }),
      z.regex(NAME_PATTERN, { error: NAME_CHARACTERS_MESSAGE }),
    ),
    username: requiredText().check(
      z.maxLength(USERNAME_MAX_LENGTH, { error: AUTH_MESSAGES.usernameTooLong }),
    ),
    /** The two sign-up boxes: both must be ticked, and the API records them (TERMS_VERSION). */
    legalAgeConfirmed: z.literal(true, { error: AUTH_MESSAGES.legalAgeRequired }),
    termsAccepted: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
  }),
);
export type SignupRequest = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  legalAgeConfirmed: true;
  termsAccepted: true;
};

// LoginRequestSchema and LoginRequest: login.ts.

/** Forgot password: only the email (lower-cased and trimmed like the login's). */
export const ForgotPasswordRequestSchema = filledInFirst(
  ['email'],
  z.object({ email: EmailSchema }),
);
export type ForgotPasswordRequest = { email: string };

/** Password reset: the emailed code, then the sign-up password rules, then the email pattern. */
export const ResetPasswordRequestSchema = filledInFirst(
  ['email', 'code', 'password'],
  z.object({ code: CodeSchema, password: NewPasswordSchema, email: EmailSchema }),
);
export type ResetPasswordRequest = { email: string; code: string; password: string };

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

/**
 * The 2FA step's answer: the authenticator's code (`token`) or, instead, one of the member's
 * recovery codes (`recoveryCode`) — exactly one of them.
 */
export const TwoFactorVerifyRequestSchema = z
  .object({ userId: IdSchema, token: z.unknown().optional(), recoveryCode: z.unknown().optional() })
  .superRefine((input, ctx) => {
    if (input.token !== undefined && input.recoveryCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: RECOVERY_CODE_MESSAGES.oneAnswer });
    }
  })
  .transform((input, ctx): TwoFactorAnswer => {
    const isRecovery = input.token === undefined && input.recoveryCode !== undefined;
    const parsed = isRecovery
      ? RecoveryCodeSchema.safeParse(input.recoveryCode)
      : CodeSchema.safeParse(input.token);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeFormat;
      ctx.addIssue({ code: 'custom', path: [isRecovery ? 'recoveryCode' : 'token'], message });
      return z.NEVER;
    }
    return isRecovery
      ? { userId: input.userId, recoveryCode: parsed.data }
      : { userId: input.userId, token: parsed.data };
  });
export type TwoFactorVerifyRequest =
  | { userId: string; token: string; recoveryCode?: never }
  | { userId: string; recoveryCode: string; token?: never };
export type TwoFactorAnswer =
  { userId: string; token: string } | { userId: string; recoveryCode: string };

/** POST /api/2fa/recovery-codes: a fresh authenticator code replaces the member's recovery codes. */
export const RegenerateRecoveryCodesRequestSchema = z.object({ token: CodeSchema });
export type RegenerateRecoveryCodesRequest = z.input<typeof RegenerateRecoveryCodesRequestSchema>;

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

/**
 * Once a member has a verified phone, changing it needs proof of who is at the keyboard: the
 * current password or an authenticator code (either one).
 */
export const PhoneSendCodeRequestSchema = z
  .object({
    userId: IdSchema,
    ...phoneFields,
    currentPassword: z.optional(LoginPasswordSchema),
    totpCode: CodeSchema.optional(),
  })
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
  code: 'EMAIL_NOT_VERIFIED';
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
  /** Only for moderators and admins (the web app then links the moderation page). */
  role?: 'moderator' | 'admin';
}

export interface TwoFactorVerifyResponse {
  success: true;
  message: string;
  user: SignedInUser;
  /** The first time 2FA is enabled: the member's recovery codes, shown once. */
  recoveryCodes?: string[];
  /** When a recovery code was used: how many unused ones are left. */
  recoveryCodesRemaining?: number;
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

/** Forgot password: the same reply whether or not the email has an account. */
export interface ForgotPasswordResponse {
  success: true;
  message: string;
}

export interface ResetPasswordResponse {
  success: true;
  message: string;
}

export interface LogoutResponse {
  success: true;
  message: string;
}
