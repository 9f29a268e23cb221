// Builds the web app for production whatever NODE_ENV the shell has (the server's .env may say
// development): Vite keeps an existing NODE_ENV, and with "development" it would bundle React's
// development build. Then checks the bundle. Extra arguments: --outDir <folder>.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDevelopmentCode } from './check-production-bundle.mjs';

process.env.NODE_ENV = 'production';
const { build } = await import('vite');

const root = fileURLToPath(new URL('..', import.meta.url));
const outDirFlag = process.argv.indexOf('--outDir');
const outDir = path.resolve(
  outDirFlag > 0 ? process.argv[outDirFlag + 1] : path.join(root, 'dist'),
);

await build({ root, mode: 'production', build: { outDir, emptyOutDir: true } });

const found = findDevelopmentCode(outDir);
if (found.length > 0) {
  console.error(`the build contains React's development code:\n  ${found.join('\n  ')}`);
  process.exit(1);
}
