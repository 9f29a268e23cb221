import { authenticator } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30-second steps). Pure functions of the
 * secret and a time, so the caller's clock decides "now" and tests can move it.
 */

export const TOTP_ISSUER = 'Kindred';
export const TOTP_STEP_SECONDS = 30;
/** One step either side of now is accepted, for clock drift and typing time. */
const WINDOW = 1;

const base = authenticator.clone({ step: TOTP_STEP_SECONDS, window: WINDOW });

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export function generateTotpSecret(): string {
  return base.generateSecret(20);
}

/** The otpauth:// URI an authenticator app scans: issuer "Kindred", labelled with the email. */
export function totpUri(secret: string, accountEmail: string): string {
  return base.keyuri(accountEmail, TOTP_ISSUER, secret);
}

/** A PNG data: URL of the QR code for the URI. */
export function totpQrCode(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/**
 * The time-step the token belongs to (within the window around `at`), or null if it matches none.
 * The step is what replay protection records: a step once accepted is never accepted again.
 */
export function matchTotpStep(secret: string, token: string, at: Date): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const delta = base.clone({ epoch: at.getTime() }).checkDelta(token, secret);
  return delta === null ? null : totpStepAt(at) + delta;
}

/** The code an authenticator shows at `at` (for tests and end-to-end journeys). */
export function totpCodeAt(secret: string, at: Date = new Date()): string {
  return base.clone({ epoch: at.getTime() }).generate(secret);
}
