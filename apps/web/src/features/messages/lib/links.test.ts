import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('finds http(s) and www addresses, leaving sentence punctuation outside', () => {
    expect(splitLinks('See https://example.com/a?b=1, or www.kindred.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.kindred.test', href: 'https://www.kindred.test' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves text without addresses whole, and other schemes as text', () => {
    expect(splitLinks('hello javascript:alert(1) there')).toEqual([
      { kind: 'text', text: 'hello javascript:alert(1) there' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });

  it('joins back into the text it was cut from', () => {
    const text = 'a http://x.test b (https://y.test/z) c';
    expect(
      splitLinks(text)
        .map((piece) => piece.text)
        .join(''),
    ).toBe(text);
  });
});
