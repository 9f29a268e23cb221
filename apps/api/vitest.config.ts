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
  },
});
