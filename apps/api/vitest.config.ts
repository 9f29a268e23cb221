import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Migrates one template database per run; each test file starts from a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file builds its own app on its own copy of the database; more workers than a small
    // CI machine's cores only compete with the database and push slow tests towards their timeout.
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one test file to the next instead of importing
    // the whole app (drizzle, the AWS SDK, sharp, PGlite's WebAssembly…) again for every file: that
    // import was most of a small file's time. Files share no state but module caches: each builds
    // its own app, database and clock (test/app.ts), and setup.ts restores timers after each test.
    isolate: false,
  },
});
