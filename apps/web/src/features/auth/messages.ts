import { AUTH_MESSAGES } from '@kindred/contracts';
import { LOGIN_UI_MESSAGES } from './login-messages';

/**
 * The account-entry screens' texts (SPEC §5, §8). Messages the API also uses come from the contracts;
 * the rest are the browser's own (network failures, fallbacks when the server gave no message).
 */
export const AUTH_UI_MESSAGES = {
  ...AUTH_MESSAGES,
  ...LOGIN_UI_MESSAGES,

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
