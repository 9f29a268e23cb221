import { defineConfig } from 'vitest/config';

/**
 * `pnpm lighthouse`: Lighthouse on the built app, started as the browser journeys start it
 * (support/global-setup.ts). Apart from the journeys because it measures rather than checks
 * behaviour, and takes minutes on a busy machine.
 */
export default defineConfig({
  test: {
    include: ['lighthouse/**/*.lighthouse.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
