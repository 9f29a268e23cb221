import crypto from 'node:crypto';
import signature from 'cookie-signature';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCookieSigner } from './cookie-signatures.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the session cookie's signature", () => {
  const secret = 'a-session-secret-of-some-length-0001';

  it('signs as cookie-signature does (cookies issued by express-session stay valid)', () => {
    const signer = createCookieSigner(secret);
    const sid = `sid-${crypto.randomUUID()}`;
    expect(signer.sign(sid)).toBe(signature.sign(sid, secret));
    expect(signer.unsign(signature.sign(sid, secret))).toBe(sid);
  });

  it('verifies a cookie once: the same cookie again costs no HMAC', () => {
    const signer = createCookieSigner(secret);
    const cookie = signer.sign(`sid-${crypto.randomUUID()}`);
    const sid = cookie.slice(0, cookie.lastIndexOf('.'));
    expect(signer.unsign(cookie)).toBe(sid);
    const hmac = vi.spyOn(crypto, 'createHmac');
    expect(signer.unsign(cookie)).toBe(sid);
    expect(signer.sign(sid)).toBe(cookie);
    expect(hmac).not.toHaveBeenCalled();
  });

  it('still refuses an altered cookie, another secret and an unsigned value after the genuine one verified', () => {
    const signer = createCookieSigner(secret);
    const sid = `sid-${crypto.randomUUID()}`;
    const cookie = signer.sign(sid);
    expect(signer.unsign(cookie)).toBe(sid);
    const flipped = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
    expect(signer.unsign(flipped)).toBe(false);
    expect(signer.unsign(`${sid}x.${cookie.split('.').pop()}`)).toBe(false);
    expect(createCookieSigner('another-secret-of-some-length-00002').unsign(cookie)).toBe(false);
    expect(signer.unsign(sid)).toBe(false);
    // A refused cookie is compared with the genuine signature each time, never remembered.
    const hmac = vi.spyOn(crypto, 'createHmac');
    expect(signer.unsign(flipped)).toBe(false);
    expect(hmac).toHaveBeenCalled();
  });
});
