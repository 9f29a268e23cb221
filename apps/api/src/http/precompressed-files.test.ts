import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, findTwins } from './precompressed-files.js';

describe('chooseEncoding (Accept-Encoding against the twins a file has)', () => {
  const both = ['br', 'gzip'] as const;

  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, br', both, 'br'],
    ['GZIP, BR', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['gzip;q=1.0, br;q=0.9', both, 'gzip'],
    ['br ; q=0.5, gzip;q=0.5', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0.5, br;q=0', both, 'gzip'],
    ['br', ['gzip'], undefined],
    ['gzip, br', ['gzip'], 'gzip'],
    ['identity', both, undefined],
    ['deflate', both, undefined],
    ['br;q=0, gzip;q=0', both, undefined],
    ['*;q=0', both, undefined],
    ['br;q=nonsense, gzip', both, 'gzip'],
    ['', both, undefined],
    [undefined, both, undefined],
  ] as const)('%j with twins %j → %s', (accept, available, expected) => {
    expect(chooseEncoding(accept, available)).toBe(expected);
  });
});

describe('findTwins', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('maps each URL path with a .br or .gz beside it to its encodings, brotli first', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'kindred-twins-'));
    mkdirSync(path.join(root, 'assets'));
    for (const file of [
      'index.html',
      'favicon.svg',
      'assets/app-a1.js',
      'assets/app-a1.js.gz',
      'assets/app-a1.js.br',
      'assets/style-b2.css',
      'assets/style-b2.css.gz',
      'assets/tiny-c3.js',
      'assets/orphan-d4.js.br',
    ]) {
      writeFileSync(path.join(root, file), 'x');
    }
    expect(Object.fromEntries(findTwins(root))).toEqual({
      '/assets/app-a1.js': ['br', 'gzip'],
      '/assets/style-b2.css': ['gzip'],
    });
  });
});
