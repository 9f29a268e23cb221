import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationLog, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow } from '../posts/test-factories.js';
import { createImageClassifier } from './classifier.js';
import type { ImageScorer } from './nsfw-model.js';
import { harmlessJpeg, stubExplicitPng } from './test-images.js';

/**
 * Consent for explicit images on posts (issue 17), with the stub scorer (stub-scorer.ts: magenta
 * reads as explicit). The real model is exercised in nsfw-model.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function createPost(cookie: string, fields: Record<string, string>, image?: Buffer) {
  let call = request(t.app).post('/api/posts/create').set('Cookie', cookie);
  for (const [name, value] of Object.entries({ title: 'A picture', ...fields })) {
    call = call.field(name, value);
  }
  if (image) call = call.attach('media', image, 'holiday-IMG_2024.png');
  return call;
}

async function postAs(cookie: string, postId: string) {
  const res = await request(t.app).get(`/api/posts/${postId}`).set('Cookie', cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.post;
}

async function feedIds(cookie: string, path: string): Promise<string[]> {
  const res = await request(t.app).get(path).set('Cookie', cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.posts as { _id: string }[]).map((post) => post._id);
}

async function postRow(postId: string) {
  const [row] = await t.context.db.select().from(posts).where(eq(posts.id, postId));
  return row!;
}

const setPreference = (cookie: string, sensitiveMedia: unknown) =>
  request(t.app)
    .put('/api/users/me/sensitive-media')
    .set('Cookie', cookie)
    .send({ sensitiveMedia });

describe('post images and the classifier', () => {
  it('answers the upload at once and covers the image for others until its score is in', async () => {
    // The model is held back until the test lets it answer, so "before the score" is certain.
    let letScore: ((score: number) => void) | undefined;
    const held: ImageScorer = {
      concurrency: 1,
      score: () => new Promise<number>((resolve) => (letScore = resolve)),
      close: async () => {},
    };
    const slow = await createTestApp({
      imageClassifier: createImageClassifier({ scorer: held, logger: { warn: () => {} } }),
    });
    try {
      const author = await signedInUser(slow.context);
      const other = await signedInUser(slow.context);
      const res = await request(slow.app)
        .post('/api/posts/create')
        .set('Cookie', author.cookie)
        .field('title', 'A picture')
        .attach('media', await harmlessJpeg(), 'photo.jpg');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const postId = res.body.post._id as string;
      expect(res.body.post).toMatchObject({ sensitive: false, markedSensitive: false });
      const seenBy = async (cookie: string) =>
        (await request(slow.app).get(`/api/posts/${postId}`).set('Cookie', cookie)).body.post;

      // Not scored yet: covered for everyone but the author.
      const [row] = await slow.context.db.select().from(posts).where(eq(posts.id, postId));
      expect(row!.nsfwScore).toBeNull();
      expect((await seenBy(other.cookie)).sensitive).toBe(true);
      expect((await seenBy(author.cookie)).sensitive).toBe(false);

      // Until the scorer itself is called (the classifier decodes the image first).
      for (let waited = 0; letScore === undefined; waited += 10) {
        if (waited > 10_000) throw new Error('the image never reached the scorer');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      letScore(0.02);
      await slow.context.background.settled();
      const [scored] = await slow.context.db.select().from(posts).where(eq(posts.id, postId));
      expect(scored!.nsfwScore).toBeCloseTo(0.02);
      expect(scored!.classifiedAt).toEqual(slow.clock.now());
      expect((await seenBy(other.cookie)).sensitive).toBe(false);
    } finally {
      await slow.close();
    }
  });

  it('blurs an image scored above the threshold for everyone but its author', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await createPost(author.cookie, {}, await stubExplicitPng());
    const postId = res.body.post._id as string;
    await t.context.background.settled();

    expect((await postRow(postId)).nsfwScore).toBeCloseTo(0.97);
    expect(await postAs(other.cookie, postId)).toMatchObject({ sensitive: true });
    expect(await postAs(author.cookie, postId)).toMatchObject({ sensitive: false });
    const general = await request(t.app).get('/api/posts').set('Cookie', other.cookie);
    expect(general.body.posts.find((post: { _id: string }) => post._id === postId)).toMatchObject({
      sensitive: true,
    });
  });

  it('never covers a text post, whatever its author ticked', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await createPost(author.cookie, { sensitive: 'true', altText: 'ignored' });
    expect(res.status).toBe(201);
    expect(await postAs(other.cookie, res.body.post._id)).toMatchObject({
      sensitive: false,
      markedSensitive: false,
      media: null,
    });
  });
});

describe("the author's mark", () => {
  it('covers a harmless image the author marked sensitive, and uncovers it when they unmark it', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await createPost(author.cookie, { sensitive: 'true' }, await harmlessJpeg());
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({ sensitive: false, markedSensitive: true });
    const postId = res.body.post._id as string;
    await t.context.background.settled();
    expect(await postAs(other.cookie, postId)).toMatchObject({ sensitive: true });

    const edit = await request(t.app)
      .patch(`/api/posts/${postId}`)
      .set('Cookie', author.cookie)
      .send({ sensitive: false });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.post).toMatchObject({ markedSensitive: false, editedAt: null });
    expect(await postAs(other.cookie, postId)).toMatchObject({ sensitive: false });
  });

  it('lets only the author mark their post: another member is refused and nothing changes', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await createPost(author.cookie, {}, await harmlessJpeg());
    const postId = res.body.post._id as string;

    const refused = await request(t.app)
      .patch(`/api/posts/${postId}`)
      .set('Cookie', other.cookie)
      .send({ sensitive: true });
    expect(refused.status).toBe(403);
    expect((await postRow(postId)).sensitiveByAuthor).toBe(false);

    const anonymous = await request(t.app).patch(`/api/posts/${postId}`).send({ sensitive: true });
    expect(anonymous.status).toBe(401);
    expect((await postRow(postId)).sensitiveByAuthor).toBe(false);
  });
});

describe('Settings → sensitive content (blur, hide, show)', () => {
  it('is blur until the member chooses, and refuses anything but blur, hide or show', async () => {
    const member = await signedInUser(t.context);
    const res = await request(t.app)
      .get('/api/users/me/sensitive-media')
      .set('Cookie', member.cookie);
    expect(res.body).toEqual({ success: true, sensitiveMedia: 'blur' });

    const bad = await setPreference(member.cookie, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose blur, hide or show');

    const saved = await setPreference(member.cookie, 'show');
    expect(saved.body).toMatchObject({ success: true, sensitiveMedia: 'show' });
    const again = await request(t.app)
      .get('/api/users/me/sensitive-media')
      .set('Cookie', member.cookie);
    expect(again.body.sensitiveMedia).toBe('show');

    const anonymous = await request(t.app)
      .put('/api/users/me/sensitive-media')
      .send({ sensitiveMedia: 'hide' });
    expect(anonymous.status).toBe(401);
  });

  it("hide: leaves sensitive posts out of the member's feeds, but never their own", async () => {
    const author = await signedInUser(t.context);
    const viewer = await signedInUser(t.context);
    await buildFollow(t.context, viewer.user.id, author.user.id);
    const explicit = (await createPost(author.cookie, {}, await stubExplicitPng())).body.post._id;
    const marked = (await createPost(author.cookie, { sensitive: 'true' }, await harmlessJpeg()))
      .body.post._id;
    const harmless = (await createPost(author.cookie, {}, await harmlessJpeg())).body.post._id;
    const text = (await createPost(author.cookie, { title: 'Just words' })).body.post._id;
    const ownExplicit = (await createPost(viewer.cookie, {}, await stubExplicitPng())).body.post
      ._id;
    await t.context.background.settled();

    expect((await setPreference(viewer.cookie, 'hide')).status).toBe(200);
    for (const path of [
      '/api/posts',
      `/api/posts/following/${viewer.user.id}`,
      `/api/posts/user/${author.user.id}`,
    ]) {
      const ids = await feedIds(viewer.cookie, path);
      expect(ids, path).not.toContain(explicit);
      expect(ids, path).not.toContain(marked);
      expect(ids, path).toContain(harmless);
      expect(ids, path).toContain(text);
    }
    expect(await feedIds(viewer.cookie, '/api/posts')).toContain(ownExplicit);
    // Reached directly (a link), a hidden post is covered rather than missing.
    expect(await postAs(viewer.cookie, explicit)).toMatchObject({ sensitive: true });
    // The author still sees everything they posted.
    const authorIds = await feedIds(author.cookie, `/api/posts/user/${author.user.id}`);
    expect(authorIds).toEqual(expect.arrayContaining([explicit, marked, harmless, text]));
  });

  it('show: sensitive posts come uncovered for that member only', async () => {
    const author = await signedInUser(t.context);
    const shower = await signedInUser(t.context);
    const blurrer = await signedInUser(t.context);
    const postId = (await createPost(author.cookie, {}, await stubExplicitPng())).body.post._id;
    await t.context.background.settled();
    await setPreference(shower.cookie, 'show');

    expect(await postAs(shower.cookie, postId)).toMatchObject({ sensitive: false });
    expect(await postAs(blurrer.cookie, postId)).toMatchObject({ sensitive: true });
  });
});

describe('a moderator marks a reported post sensitive', () => {
  async function reportPost(cookie: string, postId: string) {
    const res = await request(t.app)
      .post('/api/reports')
      .set('Cookie', cookie)
      .send({ targetType: 'post', targetId: postId, reason: 'nudity' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.report._id as string;
  }

  const resolve = (cookie: string, reportId: string, action: string) =>
    request(t.app)
      .post(`/api/moderation/reports/${reportId}/resolve`)
      .set('Cookie', cookie)
      .send({ action });

  it('covers the image for everyone but the author and logs the action', async () => {
    const author = await signedInUser(t.context);
    const reporter = await signedInUser(t.context);
    const moderator = await signedInUser(t.context, { role: 'moderator' });
    const postId = (await createPost(author.cookie, {}, await harmlessJpeg())).body.post._id;
    await t.context.background.settled();
    expect((await postAs(reporter.cookie, postId)).sensitive).toBe(false);

    const reportId = await reportPost(reporter.cookie, postId);
    const res = await resolve(moderator.cookie, reportId, 'mark_sensitive');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Post marked sensitive and reports resolved.');

    expect((await postRow(postId)).sensitiveByModerator).toBe(true);
    expect(await postAs(reporter.cookie, postId)).toMatchObject({ sensitive: true });
    expect(await postAs(author.cookie, postId)).toMatchObject({
      sensitive: false,
      markedSensitive: false,
    });
    const log = await t.context.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.targetId, postId));
    expect(log).toMatchObject([{ action: 'mark_sensitive', moderatorId: moderator.user.id }]);
  });

  it('refuses a member who is not a moderator, and a post without media; nothing changes', async () => {
    const author = await signedInUser(t.context);
    const reporter = await signedInUser(t.context);
    const moderator = await signedInUser(t.context, { role: 'moderator' });
    const withImage = (await createPost(author.cookie, {}, await harmlessJpeg())).body.post._id;
    const textOnly = (await createPost(author.cookie, { title: 'Words' })).body.post._id;
    const imageReport = await reportPost(reporter.cookie, withImage);
    const textReport = await reportPost(reporter.cookie, textOnly);

    expect((await resolve(reporter.cookie, imageReport, 'mark_sensitive')).status).toBe(403);
    expect((await postRow(withImage)).sensitiveByModerator).toBe(false);

    const refused = await resolve(moderator.cookie, textReport, 'mark_sensitive');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Only posts with an image or a video can be marked sensitive.',
    );
    expect((await postRow(textOnly)).sensitiveByModerator).toBe(false);
    const log = await t.context.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.targetId, textOnly));
    expect(log).toEqual([]);
  });
});
