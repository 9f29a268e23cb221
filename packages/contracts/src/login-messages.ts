/**
 * The login's limits and messages (part of AUTH_MESSAGES), apart from its schemas (login.ts, which
 * re-exports them): this module holds no zod, so what only shows a message carries none of it.
 */

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt only reads the first 72 bytes of a password: longer ones are refused, never truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX_LENGTH = 254;

/** The messages of the login form and its answers (part of AUTH_MESSAGES). */
export const LOGIN_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  legalAge: 'You must confirm that you are of legal age to use this platform',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password is too long: use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters or digits)`,
  invalidEmail: 'Please enter a valid email address',
  invalidCoordinates: 'Invalid coordinates',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  loginSuccess: 'Login successful!',
} as const;
