import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoiseSessionCookieSignatures } from './cookie-signatures.js';

interface CookieSignature {
  sign(value: string, secret: string): string;
  unsign(signed: string, secret: string): string | false;
}

const fromHere = createRequire(import.meta.url);
const signature = createRequire(fromHere.resolve('express-session'))(
  'cookie-signature',
) as CookieSignature;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the session cookie's signature", () => {
  memoiseSessionCookieSignatures();
  const secret = 'a-session-secret-of-some-length-0001';

  it('verifies a cookie once: the same cookie again costs no HMAC', () => {
    const cookie = signature.sign(`sid-${crypto.randomUUID()}`, secret);
    expect(signature.unsign(cookie, secret)).toBe(cookie.slice(0, cookie.lastIndexOf('.')));
    const hmac = vi.spyOn(crypto, 'createHmac');
    expect(signature.unsign(cookie, secret)).toBe(cookie.slice(0, cookie.lastIndexOf('.')));
    expect(signature.sign(cookie.slice(0, cookie.lastIndexOf('.')), secret)).toBe(cookie);
    expect(hmac).not.toHaveBeenCalled();
  });

  it('still refuses an altered cookie, another secret and an unsigned value after the genuine one verified', () => {
    const sid = `sid-${crypto.randomUUID()}`;
    const cookie = signature.sign(sid, secret);
    expect(signature.unsign(cookie, secret)).toBe(sid);
    const flipped = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
    expect(signature.unsign(flipped, secret)).toBe(false);
    expect(signature.unsign(`${sid}x.${cookie.split('.').pop()}`, secret)).toBe(false);
    expect(signature.unsign(cookie, 'another-secret-of-some-length-00002')).toBe(false);
    expect(signature.unsign(sid, secret)).toBe(false);
    // A refused cookie is compared with the genuine signature each time, never remembered.
    const digest = vi.spyOn(crypto, 'createHash');
    expect(signature.unsign(flipped, secret)).toBe(false);
    expect(digest).toHaveBeenCalled();
  });

  it('is installed once however many apps are built', () => {
    const { sign, unsign } = signature;
    memoiseSessionCookieSignatures();
    expect(signature.sign).toBe(sign);
    expect(signature.unsign).toBe(unsign);
  });
});
