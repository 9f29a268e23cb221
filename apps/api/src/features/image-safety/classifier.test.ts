import { describe, expect, it } from 'vitest';
import { ClassificationUnavailable, createImageClassifier } from './classifier.js';
import type { ImageScorer } from './nsfw-model.js';
import { explicitScore, isSensitiveScore, NSFW_THRESHOLD } from './nsfw-score.js';
import { harmlessJpeg } from './test-images.js';

/** The queue in front of the model: bounded concurrency, a bounded queue, time limits, closing. */

interface Gate {
  scorer: ImageScorer;
  /** Scores started and not yet let go. */
  started: number;
  maxAtOnce: number;
  release(score?: number): void;
}

function gatedScorer(concurrency: number): Gate {
  const waiting: ((score: number) => void)[] = [];
  let running = 0;
  const gate: Gate = {
    started: 0,
    maxAtOnce: 0,
    release(score = 0.1) {
      waiting.shift()?.(score);
    },
    scorer: {
      concurrency,
      score: () =>
        new Promise<number>((resolve) => {
          running += 1;
          gate.started += 1;
          gate.maxAtOnce = Math.max(gate.maxAtOnce, running);
          waiting.push((score) => {
            running -= 1;
            resolve(score);
          });
        }),
      close: async () => {},
    },
  };
  return gate;
}

const quiet = { warn: () => {} };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits (up to 5 s) for the queue to reach a state: images are decoded by sharp first. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('createImageClassifier', () => {
  it('scores no more images at once than the scorer allows, and the rest in turn', async () => {
    const gate = gatedScorer(2);
    const classifier = createImageClassifier({ scorer: gate.scorer, logger: quiet });
    const image = await harmlessJpeg();
    const scores = Array.from({ length: 5 }, () => classifier.classify(image));
    await until(() => gate.started === 2);
    await settle();
    expect(gate.started).toBe(2);
    expect(classifier.load()).toEqual({ running: 2, queued: 3 });
    for (let i = 0; i < 5; i += 1) {
      await until(() => gate.started === Math.min(5, i + 2));
      gate.release(i / 10);
    }
    // Each image gets a score of its own (decoding may finish in any order).
    expect((await Promise.all(scores)).sort()).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(gate.maxAtOnce).toBe(2);
  });

  it('refuses at once when the queue is full', async () => {
    const gate = gatedScorer(1);
    const classifier = createImageClassifier({ scorer: gate.scorer, logger: quiet, maxQueued: 1 });
    const image = await harmlessJpeg();
    const first = classifier.classify(image);
    const second = classifier.classify(image);
    await expect(classifier.classify(image)).rejects.toBeInstanceOf(ClassificationUnavailable);
    await until(() => gate.started === 1);
    gate.release();
    await until(() => gate.started === 2);
    gate.release();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('gives up on an image whose turn does not come within its time limit, and skips it later', async () => {
    const gate = gatedScorer(1);
    const classifier = createImageClassifier({ scorer: gate.scorer, logger: quiet });
    const image = await harmlessJpeg();
    const blocking = classifier.classify(image);
    await until(() => gate.started === 1);
    await expect(classifier.classify(image, { timeoutMs: 10 })).rejects.toThrow('no score within');
    gate.release();
    await blocking;
    await settle();
    expect(gate.started).toBe(1);
  });

  it('fails what is still queued when it closes', async () => {
    const gate = gatedScorer(1);
    const classifier = createImageClassifier({ scorer: gate.scorer, logger: quiet });
    const image = await harmlessJpeg();
    void classifier.classify(image);
    await until(() => gate.started === 1);
    const queued = classifier.classify(image);
    await classifier.close();
    await expect(queued).rejects.toBeInstanceOf(ClassificationUnavailable);
    await expect(classifier.classify(image)).rejects.toBeInstanceOf(ClassificationUnavailable);
  });
});

describe('what a score means', () => {
  it('counts Porn and Hentai as explicit, not Sexy', () => {
    expect(
      explicitScore([
        { className: 'Sexy', probability: 0.9 },
        { className: 'Neutral', probability: 0.1 },
      ]),
    ).toBe(0);
    expect(
      explicitScore([
        { className: 'Porn', probability: 0.6 },
        { className: 'Hentai', probability: 0.3 },
        { className: 'Drawing', probability: 0.1 },
      ]),
    ).toBeCloseTo(0.9);
  });

  it('is sensitive at or above the threshold, and while not scored yet', () => {
    expect(isSensitiveScore(NSFW_THRESHOLD)).toBe(true);
    expect(isSensitiveScore(NSFW_THRESHOLD - 0.01)).toBe(false);
    expect(isSensitiveScore(null)).toBe(true);
  });
});
