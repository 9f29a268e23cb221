import { createRequire } from 'node:module';

/**
 * express-session signs its cookie with HMAC-SHA256 (`cookie-signature`): it verifies the cookie on
 * every request (one HMAC and two SHA-1 digests) and, with `rolling`, signs it again for the
 * response (another HMAC) — the same few values, over and over, for every signed-in member.
 *
 * The outcomes are remembered per value in bounded maps: a cookie string that verified once
 * verifies again (the same bytes with the same secret), and only such exact strings are
 * remembered, so a forged or altered cookie is always checked in full and always refused.
 */

/** Signed-in browsers whose cookie outcomes are kept; beyond that, the oldest are forgotten. */
export const COOKIE_SIGNATURE_MEMO_ENTRIES = 10_000;

interface CookieSignature {
  sign(value: string, secret: string): string;
  unsign(signed: string, secret: string): string | false;
}

const MEMOISED = Symbol.for('kindred.cookieSignatureMemo');

/** express-session's own copy of `cookie-signature`, which its middleware calls at each use. */
function expressSessionsCookieSignature(): CookieSignature & { [MEMOISED]?: true } {
  const fromHere = createRequire(import.meta.url);
  const fromExpressSession = createRequire(fromHere.resolve('express-session'));
  return fromExpressSession('cookie-signature') as CookieSignature & { [MEMOISED]?: true };
}

/** Makes express-session's cookie signing and verifying remember their outcomes (once per process). */
export function memoiseSessionCookieSignatures(): void {
  const signature = expressSessionsCookieSignature();
  if (signature[MEMOISED]) return;
  signature[MEMOISED] = true;
  const { sign, unsign } = signature;
  const signed = new BoundedMap<string>();
  const verified = new BoundedMap<string>();
  signature.sign = (value, secret) => {
    if (typeof value !== 'string' || typeof secret !== 'string') return sign(value, secret);
    const key = `${secret}\0${value}`;
    let result = signed.get(key);
    if (result === undefined) {
      result = sign(value, secret);
      signed.set(key, result);
    }
    return result;
  };
  signature.unsign = (input, secret) => {
    if (typeof input !== 'string' || typeof secret !== 'string') return unsign(input, secret);
    const key = `${secret}\0${input}`;
    const known = verified.get(key);
    if (known !== undefined) return known;
    const result = unsign(input, secret);
    // Only a verified cookie is remembered: a refused one is checked in full every time.
    if (result !== false) verified.set(key, result);
    return result;
  };
}

/** A map that forgets its oldest entries beyond COOKIE_SIGNATURE_MEMO_ENTRIES. */
class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.entries.size >= COOKIE_SIGNATURE_MEMO_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }
}
