import { describe, expect, it } from 'vitest';
import { generateCode } from './codes.js';

describe('generateCode', () => {
  it('gives 6 digits, keeping leading zeros, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});
