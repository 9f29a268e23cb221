import { LOGIN_MESSAGES, SERVER_ERROR_MESSAGE } from '@kindred/contracts';

/**
 * The login screen's texts (SPEC §8): the contracts' login messages and the browser's own. A part
 * of AUTH_UI_MESSAGES (./messages.ts), kept apart so the login page (the entry chunk) carries only
 * its own texts and schemas.
 */
export const LOGIN_UI_MESSAGES = {
  ...LOGIN_MESSAGES,
  serverError: SERVER_ERROR_MESSAGE,

  /** The password was right but the sign-in is not finished: what comes next (not "signed in"). */
  loginPasswordAccepted: {
    '2fa-verify': 'Password accepted — enter your authenticator code',
    '2fa-setup': 'Password accepted — set up two-factor authentication',
    'verify-email': 'Password accepted — verify your email address to continue',
  },
  loginFailed: 'Login failed',
  loginConnectionFailed: 'Login failed. Please check your connection and try again.',
} as const;
