import { AUTH_MESSAGES, SERVER_ERROR_MESSAGE } from '@kindred/contracts';

/**
 * The account-entry screens' texts (SPEC §5, §8). Messages the API also uses come from the contracts;
 * the rest are the browser's own (network failures, fallbacks when the server gave no message).
 */
export const AUTH_UI_MESSAGES = {
  ...AUTH_MESSAGES,
  serverError: SERVER_ERROR_MESSAGE,

  /** The password was right but the sign-in is not finished: what comes next (not "signed in"). */
  loginPasswordAccepted: {
    '2fa-verify': 'Password accepted — enter your authenticator code',
    '2fa-setup': 'Password accepted — set up two-factor authentication',
    'verify-email': 'Password accepted — verify your email address to continue',
  },
  loginFailed: 'Login failed',
  loginConnectionFailed: 'Login failed. Please check your connection and try again.',

  signupFailed: 'Sign up failed',
  networkError: 'Network error occurred',
  otpSendFailed: 'Failed to send OTP. Please try again.',

  otpVerifyFailed: 'Verification failed',

  twoFactorSetupFailed: 'Failed to setup 2FA',
  twoFactorSetupError: 'Error setting up 2FA',
  twoFactorVerifyError: 'Error verifying 2FA code',
  twoFactorLoginFailed: 'Verification failed. Please try again.',

  phoneDevCode: 'DEV MODE: Verification code set automatically!',
  phoneVerifyFailed: 'Failed to verify code',
} as const;
