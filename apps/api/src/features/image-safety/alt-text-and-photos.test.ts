import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { untilAnotherWaitsForALock } from '../../test/locks.js';
import { uploadPhoto, validProfile } from '../profiles/test-fixtures.js';
import { lockMember } from '../users/index.js';
import { createImageClassifier } from './classifier.js';
import type { ImageScorer } from './nsfw-model.js';
import { harmlessJpeg, stubExplicitPng } from './test-images.js';

/**
 * Alt text on post images and profile photos, and the profile photo check (issue 17), with the
 * stub scorer (magenta reads as explicit).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LONGEST = 'é'.repeat(1000);
const TOO_LONG = '😀'.repeat(1001);

async function photoRows(userId: string) {
  return t.context.db.select().from(photos).where(eq(photos.userId, userId));
}

function mediaFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'media'));
  } catch {
    return [];
  }
}

describe('alt text on post images', () => {
  function createPost(cookie: string, altText: string) {
    return harmlessJpeg().then((image) =>
      request(t.app)
        .post('/api/posts/create')
        .set('Cookie', cookie)
        .field('title', 'Sunset')
        .field('altText', altText)
        .attach('media', image, 'IMG_0042.jpg'),
    );
  }

  it('keeps the description given at upload (up to 1000 characters) and returns it to everyone', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await createPost(author.cookie, `  ${LONGEST} `);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.post.media.altText).toBe(LONGEST);

    const seen = await request(t.app)
      .get(`/api/posts/${res.body.post._id}`)
      .set('Cookie', other.cookie);
    expect(seen.body.post.media.altText).toBe(LONGEST);
  });

  it('refuses a description over 1000 characters and stores no post', async () => {
    const author = await signedInUser(t.context);
    const res = await createPost(author.cookie, TOO_LONG);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Descriptions can be at most 1000 characters');
    const rows = await t.context.db.select().from(posts).where(eq(posts.authorId, author.user.id));
    expect(rows).toEqual([]);
  });

  it('has no description when none is given: null, never the file name', async () => {
    const author = await signedInUser(t.context);
    const res = await createPost(author.cookie, '   ');
    expect(res.status).toBe(201);
    expect(res.body.post.media.altText).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('IMG_0042');
  });

  it('lets the author change or clear it later without marking the post edited; others cannot', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const postId = (await createPost(author.cookie, 'A red sunset')).body.post._id as string;
    const edit = (cookie: string, body: Record<string, unknown>) =>
      request(t.app).patch(`/api/posts/${postId}`).set('Cookie', cookie).send(body);

    const changed = await edit(author.cookie, { altText: 'An orange sunset over the sea' });
    expect(changed.status).toBe(200);
    expect(changed.body.post).toMatchObject({
      media: { altText: 'An orange sunset over the sea' },
      editedAt: null,
    });

    expect((await edit(other.cookie, { altText: 'Vandalised' })).status).toBe(403);
    expect((await edit(author.cookie, { altText: TOO_LONG })).status).toBe(400);
    const [row] = await t.context.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.altText).toBe('An orange sunset over the sea');

    const cleared = await edit(author.cookie, { altText: '' });
    expect(cleared.body.post.media.altText).toBeNull();
  });
});

describe('profile photos: the explicit-image check and alt text', () => {
  it('refuses an explicit profile photo with a clear message, storing no row and no file', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const before = mediaFiles(t.dataDir);
    const res = await uploadPhoto(t, cookie, await stubExplicitPng(), 'me.png');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      code: 'IMAGE_SENSITIVE',
      message:
        "This photo looks sexually explicit, so it can't be on your profile. Please choose another one.",
    });
    expect(await photoRows(user.id)).toEqual([]);
    expect(mediaFiles(t.dataDir)).toEqual(before);
  });

  it('accepts a harmless photo with its score and description, and shows the description on the profile', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .field('altText', 'Me hiking in the Alps')
      .attach('photo', await harmlessJpeg(), 'DSC_0001.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.altText).toBe('Me hiking in the Alps');
    const [row] = await photoRows(user.id);
    expect(row).toMatchObject({ altText: 'Me hiking in the Alps', classifiedAt: t.clock.now() });
    expect(row!.nsfwScore).toBeCloseTo(0.02);

    const second = await uploadPhoto(t, cookie, await harmlessJpeg(40, 40), 'DSC_0002.jpg');
    expect(second.body.altText).toBeNull();
    const order = await request(t.app)
      .put('/api/profile/photos/order')
      .set('Cookie', cookie)
      .send({ photos: [second.body.url, res.body.url] });
    expect(order.body.photoAlts).toEqual([null, 'Me hiking in the Alps']);
  });

  it('refuses the upload (503) when the image cannot be scored, storing nothing', async () => {
    const failing: ImageScorer = {
      concurrency: 1,
      score: async () => {
        throw new Error('the model did not load');
      },
      close: async () => {},
    };
    const broken = await createTestApp({
      imageClassifier: createImageClassifier({ scorer: failing, logger: { warn: () => {} } }),
    });
    try {
      const { user, cookie } = await signedInUser(broken.context);
      const res = await uploadPhoto(broken, cookie, await harmlessJpeg(), 'me.jpg');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'We could not check this photo just now. Please try again in a minute.',
      );
      const rows = await broken.context.db.select().from(photos).where(eq(photos.userId, user.id));
      expect(rows).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('lets the member describe their own photo later (PATCH), and no one else', async () => {
    const owner = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const uploaded = await uploadPhoto(t, owner.cookie, await harmlessJpeg(), 'a.jpg');
    const filename = (uploaded.body.url as string).split('/').pop()!;
    const patch = (cookie: string, altText: unknown) =>
      request(t.app)
        .patch(`/api/profile/photos/${filename}`)
        .set('Cookie', cookie)
        .send({ altText });

    const res = await patch(owner.cookie, 'Laughing at the beach');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Description saved',
      photoAlts: ['Laughing at the beach'],
    });

    const stranger = await patch(other.cookie, 'Hijacked');
    expect(stranger.status).toBe(404);
    expect((await patch(owner.cookie, TOO_LONG)).status).toBe(400);
    expect((await patch(owner.cookie, 'x').set('Cookie', '')).status).toBe(401);
    const [row] = await photoRows(owner.user.id);
    expect(row!.altText).toBe('Laughing at the beach');

    const created = await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', owner.cookie)
      .send(validProfile({ photos: [uploaded.body.url] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const profile = await request(t.app)
      .get(`/api/profile/${owner.user.id}`)
      .set('Cookie', other.cookie);
    expect(profile.body.profile.photoAlts).toEqual(['Laughing at the beach']);
  });

  it('waits for another change of the member’s photos that holds their lock, and both are kept', async ({
    skip,
  }) => {
    // PGlite runs one transaction at a time: there the two cannot overlap.
    if (t.context.database.engine !== 'postgres') skip();
    const owner = await signedInUser(t.context);
    const uploaded = await uploadPhoto(t, owner.cookie, await harmlessJpeg(), 'a.jpg');
    const filename = (uploaded.body.url as string).split('/').pop()!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // As a reorder does: the member's row first, then their photos.
    const reorder = t.context.db.transaction(async (tx) => {
      await lockMember(tx, owner.user.id);
      locked();
      await held;
      await tx.update(photos).set({ position: 0 }).where(eq(photos.userId, owner.user.id));
    });
    await lockTaken;
    const described = request(t.app)
      .patch(`/api/profile/photos/${filename}`)
      .set('Cookie', owner.cookie)
      .send({ altText: 'On the pier' })
      .then((res) => res);
    await untilAnotherWaitsForALock(t.context.db);
    release();
    // Had the description locked the photo before the member's row, PostgreSQL would end one of
    // the two as a deadlock.
    await reorder;
    const res = await described;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await photoRows(owner.user.id);
    expect(row!.altText).toBe('On the pier');
  });
});
