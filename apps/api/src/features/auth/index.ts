/**
 * What the rest of the API may use of sign-in. Its steps, codes, refusals and session moves stay
 * inside the feature.
 */
export { authRoutes } from './routes.js';
export { accountCredentialRoutes } from './account-routes.js';
export { verificationReminderEmail } from './emails.js';
export { resetTwoFactor, type ResetTwoFactorOutcome } from './two-factor.js';
/** The code an authenticator app shows for a secret at a time: the test helpers sign in with it. */
export { totpCodeAt } from './totp.js';
