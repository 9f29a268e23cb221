import { describe, expect, it } from 'vitest';
import {
  generateTotpSecret,
  matchTotpStep,
  totpCodeAt,
  totpQrCode,
  totpStepAt,
  totpUri,
} from './totp.js';

// RFC 6238 appendix B test secret ("12345678901234567890" in base32), SHA-1.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (last 6 digits)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('generates 32-character base32 secrets', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('accepts a code one step either side of now and reports its step', () => {
    const secret = generateTotpSecret();
    const now = new Date('2030-01-01T00:00:15Z');
    const step = totpStepAt(now);
    expect(matchTotpStep(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCodeAt(secret, new Date(now.getTime() - 30_000)), now)).toBe(
      step - 1,
    );
    expect(matchTotpStep(secret, totpCodeAt(secret, new Date(now.getTime() + 30_000)), now)).toBe(
      step + 1,
    );
  });

  it('refuses codes two steps away, wrong codes and malformed input', () => {
    const secret = generateTotpSecret();
    const now = new Date('2030-01-01T00:00:15Z');
    const old = totpCodeAt(secret, new Date(now.getTime() - 60_000));
    if (old !== totpCodeAt(secret, now)) expect(matchTotpStep(secret, old, now)).toBeNull();
    const current = totpCodeAt(secret, now);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(secret, wrong, now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
  });

  it('builds an otpauth URI with issuer Kindred labelled with the email, and a PNG QR code', async () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'asha@example.com');
    expect(uri).toBe(
      'otpauth://totp/Kindred:asha%40example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Kindred',
    );
    expect(await totpQrCode(uri)).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });
});
