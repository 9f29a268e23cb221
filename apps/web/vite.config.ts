import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The API (apps/api) listens on 3000; in production it also serves this app's `dist` from the same origin. */
const API_ORIGIN = 'http://localhost:3000';
const apiProxy = { '/api': { target: API_ORIGIN } };

/**
 * React Query, which every member page loads, as one chunk rather than the seven small ones Rollup
 * cut along the pages' import lines: on HTTP/1.1 a browser opens six connections to a host, so each
 * extra chunk of a page is a wait in line on a phone. The login page (the entry chunk) does not use
 * it. (zod is not grouped so: the login page uses part of it, and a group would join the entry.)
 */
function manualChunks(id: string): string | undefined {
  if (id.includes('/node_modules/@tanstack/')) return 'react-query';
  // Named so, React (with the CommonJS helper its build uses) is not drawn into the chunk above,
  // which the entry would then have to load.
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.includes('commonjsHelpers')) {
    return 'react';
  }
  return undefined;
}

/** Text the browser loads from `assets/`: worth a compressed twin. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|wasm)$/;
/** Under this the compression middleware sends files as they are (its 1 KB threshold): no twin either. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` (brotli at its maximum quality) and `file.gz` (gzip level 9) beside each
 * compressible file of the bundle, which the API serves in place of the file to browsers that
 * accept them (apps/api/src/http/precompressed-files.ts): compressed once here rather than on
 * every request, and smaller than the quality a request can afford (brotli 2). index.html is left
 * out: the API sends it for every client-side route and compresses it itself. A twin no smaller
 * than its file is not written.
 */
function precompressAssets(): Plugin {
  let logger: { info(message: string): void } = console;
  return {
    name: 'kindred:precompress-assets',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter(
        (name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'),
      );
      const totals = { files: 0, identity: 0, br: 0, gzip: 0 };
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
          totals.files += 1;
          totals.identity += bytes.length;
          totals.br += Math.min(br.length, bytes.length);
          totals.gzip += Math.min(gz.length, bytes.length);
        }),
      );
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      logger.info(
        `precompressed ${totals.files} files: ${kb(totals.identity)} → ` +
          `brotli ${kb(totals.br)}, gzip ${kb(totals.gzip)}`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressAssets()],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: they would publish the app's source to anyone.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each module needs, read by scripts/bundle-report.mjs.
    manifest: true,
    rollupOptions: { output: { manualChunks } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Screen tests render whole pages in jsdom; a loaded CI machine needs headroom.
    testTimeout: 20_000,
    // Two workers at most: small CI machines often have two cores, and more workers than cores
    // only compete for CPU and push slow screen tests towards their timeout. This keeps the suite
    // stable there at little cost on a larger machine.
    maxWorkers: 2,
  },
});
