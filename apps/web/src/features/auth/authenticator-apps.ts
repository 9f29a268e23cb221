/**
 * Two-factor login needs an authenticator app (TOTP, RFC 6238); any one works. Named on the sign-up
 * form and the 2FA setup screen so newcomers can get one before they need it.
 */
export const AUTHENTICATOR_APP_EXAMPLES =
  'Google Authenticator, Microsoft Authenticator, 1Password or Aegis';
