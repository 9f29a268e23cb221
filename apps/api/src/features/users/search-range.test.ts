import { describe, expect, it } from 'vitest';
import { nameRange } from './repo.js';

/** Byte order of UTF-8 (PostgreSQL's "C"), which is code point order. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function inRange(name: string, key: string): boolean {
  const { from, to } = nameRange(key) as { from: string; to: string };
  return byteOrder(name, from) >= 0 && byteOrder(name, to) < 0;
}

describe('nameRange: the names that start with a search key, as a byte-order range', () => {
  it('moves the last character one code point on', () => {
    expect(nameRange('ma')).toEqual({ from: 'ma', to: 'mb' });
    expect(nameRange('ångs')).toEqual({ from: 'ångs', to: 'ångt' });
    expect(nameRange('maria ')).toEqual({ from: 'maria ', to: 'maria!' });
  });

  it('skips the surrogates and carries past U+10FFFF', () => {
    expect(nameRange('a\u{d7ff}').to).toBe('a\u{e000}');
    expect(nameRange('a\u{10ffff}').to).toBe('b');
    expect(nameRange('😀').to).toBe('😁');
  });

  it('holds exactly the names with that prefix, wildcard characters included', () => {
    const names = [
      'ma',
      'mab',
      'ma z',
      'maz',
      'mb',
      'm',
      'l',
      'mä',
      'm%',
      'm_a',
      'm\\',
      'm\u{10ffff}',
    ];
    for (const key of ['ma', 'm', 'm%', 'm_', 'm\\', 'mä', 'm\u{10ffff}']) {
      for (const name of names)
        expect(inRange(name, key), `${name} / ${key}`).toBe(name.startsWith(key));
    }
  });
});
