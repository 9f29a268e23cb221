import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, matches } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import {
  createImageClassifier,
  createStubScorer,
  type ImageClassifier,
} from '../image-safety/index.js';
import { harmlessJpeg, stubExplicitPng } from '../image-safety/test-images.js';

/**
 * Message images and the NSFW classifier (issue 17), with the stub scorer (magenta reads as
 * explicit). Scores are held back until the test lets them through, so "before the score" is
 * certain on PGlite and PostgreSQL alike.
 */

let t: TestApp;
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const hold = () => {
  gate = new Promise<void>((resolve) => (release = resolve));
};
beforeAll(async () => {
  const stub = createImageClassifier({ scorer: createStubScorer(), logger: { warn: () => {} } });
  const gated: ImageClassifier = {
    classify: async (bytes, options) => {
      await gate;
      return stub.classify(bytes, options);
    },
    load: () => stub.load(),
    close: () => stub.close(),
  };
  t = await createTestApp({ imageClassifier: gated });
});
afterAll(async () => {
  release();
  await t.close();
});

async function matchedPair() {
  const a = await signedInUser(t.context);
  const b = await signedInUser(t.context);
  const [low, high] = [a.user.id, b.user.id].sort();
  await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
  const opened = await request(t.app)
    .post('/api/conversations')
    .set('Cookie', a.cookie)
    .send({ userId: b.user.id });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return { a, b, conversationId: opened.body.conversation._id as string };
}

async function imageAs(cookie: string, conversationId: string, messageId: string) {
  const res = await request(t.app)
    .get(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const message = (res.body.messages as { _id: string; image: unknown }[]).find(
    (item) => item._id === messageId,
  );
  return message?.image as { sensitive: boolean } | null;
}

const setPreference = (cookie: string, sensitiveMedia: string) =>
  request(t.app)
    .put('/api/users/me/sensitive-media')
    .set('Cookie', cookie)
    .send({ sensitiveMedia })
    .expect(200);

async function send(cookie: string, conversationId: string, image: Buffer) {
  const res = await request(t.app)
    .post(`/api/conversations/${conversationId}/messages`)
    .set('Cookie', cookie)
    .attach('image', image, 'picture.png');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.chatMessage as { _id: string; image: { sensitive: boolean } };
}

const scoreOf = async (messageId: string) =>
  (await t.context.db.select().from(chatMessages).where(eq(chatMessages.id, messageId)))[0]!
    .nsfwScore;

describe('message images and the classifier', () => {
  it('covers an image for the recipient until its score is in; the sender sees it as it is', async () => {
    const { a, b, conversationId } = await matchedPair();
    hold();
    const sent = await send(a.cookie, conversationId, await harmlessJpeg());
    expect(sent.image.sensitive).toBe(false);
    expect(await scoreOf(sent._id)).toBeNull();
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(true);
    expect((await imageAs(a.cookie, conversationId, sent._id))?.sensitive).toBe(false);
    const list = await request(t.app).get('/api/conversations').set('Cookie', b.cookie);
    expect(list.body.conversations[0].lastMessage.image.sensitive).toBe(true);

    release();
    await t.context.background.settled();
    expect(await scoreOf(sent._id)).toBeLessThan(0.7);
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(false);
  });

  it('keeps an explicit image covered for the recipient, per their choice (hide covers too)', async () => {
    const { a, b, conversationId } = await matchedPair();
    const sent = await send(a.cookie, conversationId, await stubExplicitPng());
    await t.context.background.settled();
    expect(await scoreOf(sent._id)).toBeGreaterThanOrEqual(0.7);
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(true);
    expect((await imageAs(a.cookie, conversationId, sent._id))?.sensitive).toBe(false);

    await setPreference(b.cookie, 'hide');
    // A message is addressed to the member: "hide" covers it rather than leaving it out.
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(true);
    await setPreference(b.cookie, 'show');
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(false);
    // The sender's own choice never changes what the recipient sees.
    await setPreference(a.cookie, 'show');
    await setPreference(b.cookie, 'blur');
    expect((await imageAs(b.cookie, conversationId, sent._id))?.sensitive).toBe(true);
  });

  it('a deleted message keeps no score and no image', async () => {
    const { a, conversationId } = await matchedPair();
    hold();
    const sent = await send(a.cookie, conversationId, await stubExplicitPng());
    const deleted = await request(t.app)
      .delete(`/api/conversations/${conversationId}/messages/${sent._id}`)
      .set('Cookie', a.cookie);
    expect(deleted.status).toBe(200);
    release();
    await t.context.background.settled();
    expect(await scoreOf(sent._id)).toBeNull();
  });
});
