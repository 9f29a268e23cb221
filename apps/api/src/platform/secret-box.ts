import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets kept encrypted at rest (the authenticator secret): AES-256-GCM under a key derived
 * from DATA_ENCRYPTION_KEY. Each value is bound to a context string (e.g. the member's id) as
 * additional authenticated data, so a ciphertext copied onto another row does not decrypt.
 *
 * Format: "v1." + base64url(iv ‖ tag ‖ ciphertext) — the version lets the scheme change later.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The purpose the members' authenticator (TOTP) secrets are sealed under. */
export const TOTP_SECRET_PURPOSE = 'totp-secret';

/** A purpose-specific key, so the master key is never used directly by two algorithms. */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `kindred/${purpose}`, 32));
}

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** Throws SecretBoxError when the value was tampered with, belongs to another context or key. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new SecretBoxError('unknown secret format');
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('truncated secret');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretBoxError('secret failed authentication');
  }
}
