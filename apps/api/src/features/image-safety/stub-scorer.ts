import type { ModelInput } from './model-input.js';
import type { ImageScorer } from './nsfw-model.js';

/**
 * A stand-in for the NSFW model in tests, where loading the real one per test app would cost a
 * second and 150 MB each: it scores an image by its colour. Mostly magenta (#ff00ff) reads as
 * explicit (0.97), anything else as harmless (0.02). `test-images.ts` makes both kinds. The real
 * model is exercised by nsfw-model.test.ts.
 */
export function createStubScorer(): ImageScorer {
  return {
    concurrency: 2,
    async score({ pixels }: ModelInput) {
      let magenta = 0;
      for (let i = 0; i + 2 < pixels.length; i += 3) {
        if (pixels[i]! > 200 && pixels[i + 1]! < 60 && pixels[i + 2]! > 200) magenta += 1;
      }
      return magenta / (pixels.length / 3) > 0.5 ? 0.97 : 0.02;
    },
    async close() {},
  };
}
