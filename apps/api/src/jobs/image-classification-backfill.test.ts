import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, imageClassificationAttempts, matches, posts } from '../db/schema.js';
import {
  createImageClassifier,
  createStubScorer,
  IMAGE_CLASSIFICATION_LEASE_MS,
  IMAGE_CLASSIFICATION_MAX_ATTEMPTS,
} from '../features/image-safety/index.js';
import { harmlessJpeg, stubExplicitPng } from '../features/image-safety/test-images.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import {
  BACKFILL_BATCH_SIZE,
  BACKFILL_GRACE_MS,
  runImageClassificationBackfill,
} from './image-classification-backfill.js';

/**
 * The image backfill (issue 17) with the stub scorer (magenta reads as explicit), which here
 * fails on a mostly green picture — a file the model cannot read — and counts what it scores.
 */

let scored = 0;
let t: TestApp;
beforeAll(async () => {
  const stub = createStubScorer();
  t = await createTestApp({
    imageClassifier: createImageClassifier({
      scorer: {
        concurrency: stub.concurrency,
        async score(input) {
          scored += 1;
          let green = 0;
          const { pixels } = input;
          for (let i = 0; i + 2 < pixels.length; i += 3) {
            if (pixels[i]! < 60 && pixels[i + 1]! > 200 && pixels[i + 2]! < 60) green += 1;
          }
          if (green / (pixels.length / 3) > 0.5) throw new Error('the model cannot read this');
          return stub.score(input);
        },
        close: async () => {},
      },
      logger: { warn: () => {} },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

const unreadableJpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 255, b: 0 } } })
    .jpeg()
    .toBuffer();

/** A post with an image as stored before images were classified: no score. */
async function unscoredPost(cookie: string, image: Buffer): Promise<string> {
  const res = await request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', 'An old picture')
    .attach('media', image, 'old.png');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.context.background.settled();
  const id = res.body.post._id as string;
  await t.context.db
    .update(posts)
    .set({ nsfwScore: null, classifiedAt: null })
    .where(eq(posts.id, id));
  return id;
}

const postScore = async (id: string) =>
  (await t.context.db.select().from(posts).where(eq(posts.id, id)))[0]!.nsfwScore;

async function sensitiveFor(cookie: string, postId: string): Promise<boolean> {
  const res = await request(t.app).get(`/api/posts/${postId}`).set('Cookie', cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.post.sensitive as boolean;
}

const attemptsOf = async (id: string) =>
  (
    await t.context.db
      .select()
      .from(imageClassificationAttempts)
      .where(eq(imageClassificationAttempts.itemId, id))
  )[0];

/** Past the grace an upload's own classification gets. */
const later = () => t.clock.advance(BACKFILL_GRACE_MS + 1000);

describe('image classification backfill', () => {
  it('scores unscored post and message images; a failing one blocks none and is given up', async () => {
    const author = await signedInUser(t.context);
    const viewer = await signedInUser(t.context);
    const harmless = await unscoredPost(author.cookie, await harmlessJpeg());
    const explicit = await unscoredPost(author.cookie, await stubExplicitPng());
    const broken = await unscoredPost(author.cookie, await unreadableJpeg());
    const [low, high] = [author.user.id, viewer.user.id].sort();
    await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
    const opened = await request(t.app)
      .post('/api/conversations')
      .set('Cookie', author.cookie)
      .send({ userId: viewer.user.id });
    const sent = await request(t.app)
      .post(`/api/conversations/${opened.body.conversation._id}/messages`)
      .set('Cookie', author.cookie)
      .attach('image', await harmlessJpeg(), 'old.jpg');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await t.context.background.settled();
    const messageId = sent.body.chatMessage._id as string;
    await t.context.db
      .update(chatMessages)
      .set({ nsfwScore: null, classifiedAt: null })
      .where(eq(chatMessages.id, messageId));

    // Before: covered for everyone but the author, forever.
    expect(await sensitiveFor(viewer.cookie, harmless)).toBe(true);
    // Within the grace the job leaves them to the upload's own classification.
    expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 0, failed: 0 });

    later();
    const first = await runImageClassificationBackfill(t.context);
    expect(first).toMatchObject({ failed: 1 });
    expect(first.scored).toBeGreaterThanOrEqual(3);
    expect(await postScore(harmless)).toBeLessThan(0.7);
    expect(await postScore(explicit)).toBeGreaterThanOrEqual(0.7);
    expect(await postScore(broken)).toBeNull();
    const [message] = await t.context.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, messageId));
    expect(message!.nsfwScore).toBeLessThan(0.7);
    expect(await sensitiveFor(viewer.cookie, harmless)).toBe(false);
    expect(await sensitiveFor(viewer.cookie, explicit)).toBe(true);
    expect(await sensitiveFor(viewer.cookie, broken)).toBe(true);
    // Scored images leave no attempt behind; the failure is recorded with its reason.
    expect(await attemptsOf(harmless)).toBeUndefined();
    expect(await attemptsOf(broken)).toMatchObject({
      kind: 'post',
      attempts: 1,
      lastError: 'the model cannot read this',
    });

    // Within the lease nothing is tried again; after it, up to the maximum attempts, then never.
    const before = scored;
    expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 0, failed: 0 });
    expect(scored).toBe(before);
    for (let attempt = 2; attempt <= IMAGE_CLASSIFICATION_MAX_ATTEMPTS; attempt += 1) {
      t.clock.advance(IMAGE_CLASSIFICATION_LEASE_MS);
      expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 0, failed: 1 });
    }
    expect(await attemptsOf(broken)).toMatchObject({ attempts: IMAGE_CLASSIFICATION_MAX_ATTEMPTS });
    const givenUp = scored;
    t.clock.advance(IMAGE_CLASSIFICATION_LEASE_MS * 10);
    expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 0, failed: 0 });
    expect(scored).toBe(givenUp);
    expect(await postScore(broken)).toBeNull();
  });

  it('goes through more than a batch, and two runs at once score each image once', async () => {
    const author = await signedInUser(t.context);
    const ids: string[] = [];
    const image = await harmlessJpeg(32, 32);
    for (let i = 0; i < BACKFILL_BATCH_SIZE + 3; i += 1)
      ids.push(await unscoredPost(author.cookie, image));
    later();
    const before = scored;
    const [one, two] = await Promise.all([
      runImageClassificationBackfill(t.context),
      runImageClassificationBackfill(t.context),
    ]);
    expect(one.scored + two.scored).toBe(ids.length);
    expect(scored - before).toBe(ids.length);
    for (const id of ids) expect(await postScore(id)).not.toBeNull();
  });

  it('picks up after a restart: an image claimed by a run that died is scored once its lease ends', async () => {
    const author = await signedInUser(t.context);
    const id = await unscoredPost(author.cookie, await harmlessJpeg());
    later();
    // The claim a process made just before it stopped.
    await t.context.db
      .insert(imageClassificationAttempts)
      .values({ kind: 'post', itemId: id, attempts: 1, attemptedAt: t.clock.now() });
    expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 0, failed: 0 });
    expect(await postScore(id)).toBeNull();
    t.clock.advance(IMAGE_CLASSIFICATION_LEASE_MS);
    expect(await runImageClassificationBackfill(t.context)).toEqual({ scored: 1, failed: 0 });
    expect(await postScore(id)).not.toBeNull();
    expect(await attemptsOf(id)).toBeUndefined();
  });
});
