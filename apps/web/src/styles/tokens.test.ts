import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tokensCss = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'tokens.css'),
  'utf8',
);

/** The colour tokens as tokens.css declares them (`--color-x: #rrggbb`). */
const tokens = new Map(
  Array.from(
    tokensCss.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})\b/gi),
    ([, name, value]) => [name!, value!] as const,
  ),
);

function colour(name: string): string {
  const value = tokens.get(name);
  if (!value) throw new Error(`tokens.css has no --${name}`);
  return value;
}

/** WCAG 2 relative luminance of an sRGB hex colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Colours used for text, and the surfaces text sits on. */
const TEXT = [
  'color-ink',
  'color-ink-muted',
  'color-brand-600',
  'color-brand-700',
  'color-danger-600',
  'color-danger-700',
  'color-success-600',
  'color-warning-700',
];
const SURFACES = ['color-bg', 'color-surface', 'color-surface-sunken'];

describe('colour tokens (WCAG AA)', () => {
  it.each(TEXT.flatMap((text) => SURFACES.map((surface) => [text, surface] as const)))(
    '--%s reads at 4.5:1 or more on --%s',
    (text, surface) => {
      expect(contrast(colour(text), colour(surface))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('puts white text on the brand button at 4.5:1 or more', () => {
    expect(contrast(colour('color-ink-inverse'), colour('color-brand-600'))).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
