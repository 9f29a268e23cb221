// Fails when a built bundle contains React's development build (its warnings ship only there).
// Usage: node scripts/check-production-bundle.mjs [dist folder, default: dist]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Messages React prints only in development: none of them is in its production build. */
export const DEVELOPMENT_MARKERS = [
  'Download the React DevTools',
  'Each child in a list should have a unique',
  'In HTML, %s cannot be a child of',
];

/** The development markers found in the bundle's JavaScript files, as `file: marker`. */
export function findDevelopmentCode(distDir) {
  const assets = path.join(distDir, 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  if (scripts.length === 0) throw new Error(`no JavaScript files under ${assets}`);
  return scripts.flatMap((file) => {
    const code = readFileSync(path.join(assets, file), 'utf8');
    return DEVELOPMENT_MARKERS.filter((marker) => code.includes(marker)).map(
      (marker) => `${file}: ${marker}`,
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const found = findDevelopmentCode(distDir);
  if (found.length > 0) {
    console.error(`${distDir} contains React's development build:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  process.stdout.write(`${distDir}: production build (no React development code)\n`);
}
