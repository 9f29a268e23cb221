import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { createImageClassifier } from './classifier.js';
import { createNsfwModelScorer } from './nsfw-model.js';
import { NSFW_THRESHOLD } from './nsfw-score.js';
import { harmlessJpeg } from './test-images.js';

/**
 * The one test on the real model (nsfwjs MobileNetV2, TensorFlow.js WebAssembly backend, in a
 * worker thread): a post's image is scored by it after the upload's reply and the score is kept.
 *
 * The image is generated here (sharp): a plain coloured picture, which the model scores far below
 * the threshold. We ship no explicit image to prove the other side; that the threshold is applied
 * to the score is tested with the stub scorer (sensitive-posts.test.ts, alt-text-and-photos.test.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    imageClassifier: createImageClassifier({
      scorer: createNsfwModelScorer({ workers: 1, logger: { info() {}, warn() {}, error() {} } }),
      logger: { warn() {} },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

describe('the NSFW model', () => {
  it('scores a post image in a worker thread and stores the score; a plain picture is not sensitive', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .field('title', 'Blue sky')
      .attach('media', await harmlessJpeg(640, 480), 'sky.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const postId = res.body.post._id as string;

    await t.context.background.settled();
    const [row] = await t.context.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.classifiedAt).not.toBeNull();
    expect(row!.nsfwScore).toBeGreaterThanOrEqual(0);
    expect(row!.nsfwScore).toBeLessThan(0.1);
    expect(row!.nsfwScore).toBeLessThan(NSFW_THRESHOLD);

    const seen = await request(t.app).get(`/api/posts/${postId}`).set('Cookie', other.cookie);
    expect(seen.body.post.sensitive).toBe(false);
  }, 120_000);

  it('keeps the event loop free while the model works', async () => {
    const image = await harmlessJpeg(800, 600);
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    try {
      const scores = await Promise.all(
        Array.from({ length: 4 }, () => t.context.imageClassifier.classify(image)),
      );
      for (const score of scores) expect(score).toBeLessThan(0.1);
    } finally {
      clearInterval(ticker);
    }
    // Inference takes ~150 ms an image; had it run on this thread, one gap would be that long.
    expect(longestGapMs).toBeLessThan(120);
  }, 120_000);
});
