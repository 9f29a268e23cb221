import { defineConfig } from 'tsup';

export default defineConfig({
  entry: [
    'src/server.ts',
    'src/db/migrate-cli.ts',
    // The embedded database's worker thread (db/pglite-thread.ts starts it).
    'src/db/pglite-worker.ts',
    'src/cli/grant.ts',
    'src/cli/reset-2fa.ts',
    'src/cli/db-backup.ts',
    'src/cli/db-restore.ts',
    'src/cli/db-export-to.ts',
    // The face model's worker thread (features/photo-verification/face-model.ts starts it).
    'src/features/photo-verification/face-worker.ts',
    // The NSFW model's worker threads (features/image-safety/nsfw-model.ts starts them).
    'src/features/image-safety/nsfw-worker.ts',
  ],
  format: 'esm',
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages are TypeScript source: bundle them; keep npm dependencies external.
  noExternal: [/^@kindred\//],
});
