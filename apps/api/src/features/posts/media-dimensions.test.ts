import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { processImage, readVideoDimensions } from '../media/processing.js';
import { newMediaKey } from '../media/storage.js';
import { buildPost, pngImage, sampleVideo, tinyMp4, uprightPhoneMp4 } from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function postWith(cookie: string, media: Buffer, filename: string) {
  const res = await request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', `With ${filename}`)
    .attach('media', media, filename);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as { _id: string; media: Record<string, unknown> };
}

async function storedSize(postId: string) {
  const [row] = await t.context.db
    .select({ width: posts.mediaWidth, height: posts.mediaHeight })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

describe('media sizes on posts (so the feed can keep their space before the files load)', () => {
  it('answers an uploaded image with its width and height, in the post and in the feed', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await postWith(cookie, await pngImage(64, 48), 'wide.png');
    expect(post.media).toEqual({
      url: expect.stringMatching(/\.webp$/),
      type: 'image',
      width: 64,
      height: 48,
      altText: null,
    });
    expect(await storedSize(post._id)).toEqual({ width: 64, height: 48 });

    const feed = await request(t.app).get(`/api/posts?userId=${user.id}`).set('Cookie', cookie);
    const listed = (feed.body.posts as { _id: string; media: unknown }[]).find(
      (p) => p._id === post._id,
    );
    expect(listed?.media).toMatchObject({ width: 64, height: 48 });
  });

  it('gives the size of the stored picture: a large photo is bounded to 2048 px', async () => {
    const { cookie } = await signedInUser(t.context);
    const post = await postWith(cookie, await pngImage(3000, 1500), 'panorama.png');
    expect(post.media).toMatchObject({ width: 2048, height: 1024 });
  });

  it('gives the upright size of a photo whose EXIF says it was taken turned', async () => {
    const { cookie } = await signedInUser(t.context);
    const turned = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const post = await postWith(cookie, turned, 'turned.jpg');
    expect(post.media).toMatchObject({ width: 20, height: 40 });
  });

  it.each([
    ['mp4', sampleVideo('mp4')],
    ['webm', sampleVideo('webm')],
  ] as const)('reads a %s video’s frame size from its header', async (kind, video) => {
    const { cookie } = await signedInUser(t.context);
    const post = await postWith(cookie, video, `clip.${kind}`);
    expect(post.media).toEqual({
      url: expect.stringMatching(new RegExp(`\\.${kind}$`)),
      type: 'video',
      width: 320,
      height: 180,
      altText: null,
    });
    expect(await storedSize(post._id)).toEqual({ width: 320, height: 180 });
  });

  it('turns the size of an MP4 filmed upright (a 90° track matrix)', async () => {
    const { cookie } = await signedInUser(t.context);
    const post = await postWith(cookie, uprightPhoneMp4(), 'upright.mp4');
    expect(post.media).toMatchObject({ width: 180, height: 320 });
  });

  it('reads no size from a header that does not say it (a video that is not playable is refused: video-cleaning.test.ts)', () => {
    expect(readVideoDimensions(tinyMp4(), 'video/mp4')).toBeUndefined();
    expect(readVideoDimensions(sampleVideo('webm').subarray(0, 60), 'video/webm')).toBeUndefined();
  });

  it('measures an image posted before sizes were kept, once, when a feed first shows it', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const { full } = await processImage(await pngImage(300, 200), 'unreadable');
    const key = newMediaKey('webp');
    await t.context.storage.put(key, full.data);
    const old = await buildPost(t.context, user.id, {
      title: 'From before',
      mediaKey: key,
      mediaType: 'image',
      mediaMime: 'image/webp',
    });
    expect(await storedSize(old.id)).toEqual({ width: null, height: null });

    const feed = await request(t.app).get(`/api/posts/user/${user.id}`).set('Cookie', cookie);
    expect(feed.status).toBe(200);
    expect(feed.body.posts[0].media).toMatchObject({ type: 'image', width: 300, height: 200 });
    expect(await storedSize(old.id)).toEqual({ width: 300, height: 200 });
  });
});
