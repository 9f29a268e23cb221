import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Every `selector { declarations }` block of the app's style sheets (media queries flattened). */
function rules(): { file: string; selector: string; body: string }[] {
  return cssFiles(SRC).flatMap((file) => {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return Array.from(css.matchAll(/([^{}]+)\{([^{}]*)\}/g), ([, selector, body]) => ({
      file: path.relative(SRC, file),
      selector: selector!.trim(),
      body: body!,
    }));
  });
}

describe('navigation text contrast', () => {
  // Fading a label with opacity mixes its colour with the background: the mobile nav's "Live" and
  // "Alerts" read at 2.68:1 that way. The colour tokens are checked for 4.5:1 in tokens.test.ts;
  // only icons (decorative, aria-hidden) may be faded.
  it('never fades the text of the bottom navigation or the member menu with opacity', () => {
    const faded = rules().filter(
      ({ selector, body }) =>
        /bottom-?nav|member-?menu|feed-?menu/i.test(selector) &&
        !/\bsvg\s*$/.test(selector) &&
        /(^|;|\s)opacity\s*:\s*0?\.\d+/.test(body),
    );
    expect(faded.map(({ file, selector }) => `${file}: ${selector}`)).toEqual([]);
  });
});
