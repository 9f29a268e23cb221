/**
 * What the rest of the API may use of sign-in. Its steps, codes, refusals and session moves stay
 * inside the feature.
 */
export { authRoutes } from './routes.js';
export { verificationReminderEmail } from './emails.js';
