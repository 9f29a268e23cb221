import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [react()],
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
    // Some screens wait out real toast timings (3 s); a loaded CI machine needs headroom.
    testTimeout: 20_000,
    // Two workers at most: small CI machines often have two cores, and more workers than cores
    // only compete for CPU and push slow screen tests towards their timeout. This keeps the suite
    // stable there at little cost on a larger machine.
    maxWorkers: 2,
  },
});
