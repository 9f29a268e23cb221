import signature from 'cookie-signature';

/**
 * The session cookie is signed with HMAC-SHA256 (`cookie-signature`, the format express-session
 * used, so cookies issued before stay valid): it is verified on every request (one HMAC and two
 * SHA-1 digests) and signed whenever it is sent — the same few values, over and over, for every
 * signed-in member.
 *
 * The outcomes are remembered per value in bounded maps: a cookie string that verified once
 * verifies again (the same bytes with the same secret), and only such exact strings are
 * remembered, so a forged or altered cookie is always checked in full and always refused.
 */

/** Signed-in browsers whose cookie outcomes are kept; beyond that, the oldest are forgotten. */
export const COOKIE_SIGNATURE_MEMO_ENTRIES = 10_000;

export interface CookieSigner {
  /** `value.signature` for a session id. */
  sign(value: string): string;
  /** The session id a signed value carries, or false when its signature does not match. */
  unsign(signed: string): string | false;
}

export function createCookieSigner(secret: string): CookieSigner {
  const signed = new BoundedMap<string>();
  const verified = new BoundedMap<string>();
  return {
    sign(value) {
      let result = signed.get(value);
      if (result === undefined) {
        result = signature.sign(value, secret);
        signed.set(value, result);
      }
      return result;
    },
    unsign(input) {
      const known = verified.get(input);
      if (known !== undefined) return known;
      const result = signature.unsign(input, secret);
      // Only a verified cookie is remembered: a refused one is checked in full every time.
      if (result !== false) verified.set(input, result);
      return result;
    },
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
