import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, openSecret, sealSecret, SecretBoxError } from './secret-box.js';

const master = randomBytes(32);
const key = deriveKey(master, 'totp-secret');

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret and never stores the plaintext', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('uses a fresh IV each time', () => {
    expect(sealSecret(key, 'same', 'ctx')).not.toBe(sealSecret(key, 'same', 'ctx'));
  });

  it('refuses a ciphertext moved to another context (row)', () => {
    const sealed = sealSecret(key, 'secret', 'user-1');
    expect(() => openSecret(key, sealed, 'user-2')).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext, a wrong key and garbage', () => {
    const sealed = sealSecret(key, 'secret', 'ctx');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(key, `v1.${bytes.toString('base64url')}`, 'ctx')).toThrow(
      SecretBoxError,
    );
    expect(() => openSecret(deriveKey(master, 'other'), sealed, 'ctx')).toThrow(SecretBoxError);
    expect(() => openSecret(key, 'v2.abc', 'ctx')).toThrow(SecretBoxError);
    expect(() => openSecret(key, 'v1.abc', 'ctx')).toThrow(SecretBoxError);
  });

  it('derives different keys for different purposes', () => {
    expect(deriveKey(master, 'a').equals(deriveKey(master, 'b'))).toBe(false);
    expect(deriveKey(master, 'a').equals(deriveKey(master, 'a'))).toBe(true);
  });
});
