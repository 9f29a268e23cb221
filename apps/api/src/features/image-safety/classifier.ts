import type { Logger } from '../../platform/logger.js';
import { toModelInput } from './model-input.js';
import type { ImageScorer } from './nsfw-model.js';

/**
 * Image classification behind one interface (`context.imageClassifier`): a queue in front of a
 * scorer, so at most `scorer.concurrency` images are scored at once whatever the number of
 * uploads, and the queue itself is bounded. Post images are classified after the reply (the post
 * is covered meanwhile); profile photos wait for their score, with a time limit.
 */
export interface ImageClassifier {
  /** The explicit-content score (0–1) of an image file's bytes (JPEG, PNG or WebP). */
  classify(bytes: Uint8Array, options?: { timeoutMs?: number }): Promise<number>;
  /** Images being scored and waiting (for figures and health). */
  load(): { running: number; queued: number };
  /** Fails what is still queued and stops the scorer. */
  close(): Promise<void>;
}

/** Why an image was not scored: the queue was full, the wait too long, or the API is stopping. */
export class ClassificationUnavailable extends Error {}

export interface ClassifierOptions {
  scorer: ImageScorer;
  logger: Pick<Logger, 'warn'>;
  /** Images allowed to wait; past it `classify` fails at once (the post stays covered). */
  maxQueued?: number;
  /** Called with each image's scoring time in seconds (the metrics histogram). */
  observe?: (seconds: number) => void;
}

interface Waiting {
  bytes: Uint8Array;
  resolve(score: number): void;
  reject(error: Error): void;
  /** Set once the caller stopped waiting (time limit): it is then skipped. */
  abandoned: boolean;
}

export function createImageClassifier(options: ClassifierOptions): ImageClassifier {
  const { scorer, maxQueued = 1000 } = options;
  const queue: Waiting[] = [];
  let running = 0;
  let closed = false;

  async function score(bytes: Uint8Array): Promise<number> {
    const startedAt = performance.now();
    const result = await scorer.score(await toModelInput(bytes));
    options.observe?.((performance.now() - startedAt) / 1000);
    return result;
  }

  function pump(): void {
    while (running < scorer.concurrency && queue.length > 0) {
      const next = queue.shift()!;
      if (next.abandoned) continue;
      running += 1;
      score(next.bytes)
        .then(next.resolve, next.reject)
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  return {
    classify(bytes, { timeoutMs } = {}) {
      if (closed) return Promise.reject(new ClassificationUnavailable('the classifier is closed'));
      if (queue.length >= maxQueued) {
        options.logger.warn({ maxQueued }, 'image safety: the classification queue is full');
        return Promise.reject(new ClassificationUnavailable('the classification queue is full'));
      }
      return new Promise<number>((resolve, reject) => {
        const waiting: Waiting = { bytes, resolve, reject, abandoned: false };
        if (timeoutMs !== undefined) {
          const timer = setTimeout(() => {
            waiting.abandoned = true;
            reject(new ClassificationUnavailable(`no score within ${timeoutMs} ms`));
          }, timeoutMs);
          waiting.resolve = (score) => {
            clearTimeout(timer);
            resolve(score);
          };
          waiting.reject = (error) => {
            clearTimeout(timer);
            reject(error);
          };
        }
        queue.push(waiting);
        pump();
      });
    },
    load() {
      return { running, queued: queue.filter((waiting) => !waiting.abandoned).length };
    },
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) {
        waiting.reject(new ClassificationUnavailable('the classifier is closed'));
      }
      await scorer.close();
    },
  };
}
