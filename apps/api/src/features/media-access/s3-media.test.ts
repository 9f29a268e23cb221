import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { createS3Storage, mediaKeyFromUrl, type MediaStorage } from '../media/index.js';
import { pngImage, sampleVideo } from '../posts/test-factories.js';
import { plainJpeg, uploadPhoto } from '../profiles/test-fixtures.js';

/**
 * The whole media path with MEDIA_STORAGE=s3 against a real S3-compatible server (s3rver) on
 * loopback: uploads land in the bucket (not on the disk), members fetch them through the API with
 * the same authorization as on disk, and deleting a post removes its object.
 */
let s3: LoopbackS3;
let t: TestApp;
/** The bucket seen from outside the app, to check what really is (or is not) stored. */
let bucket: MediaStorage;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  t = await createTestApp({ env: s3.env });
  bucket = createS3Storage(s3.config);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function binaryBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

const fetchMedia = (url: string, cookie: string) =>
  request(t.app).get(url).set('Cookie', cookie).buffer(true).parse(binaryBody);

async function createPost(cookie: string, privacy: string, file: Buffer, filename: string) {
  const res = await request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', `A ${privacy} post`)
    .field('privacy', privacy)
    .attach('media', file, filename);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { postId: res.body.post._id as string, url: res.body.post.media.url as string };
}

describe('media on S3 (MEDIA_STORAGE=s3, s3rver on loopback)', () => {
  it('is the store the configuration names', () => {
    expect(t.context.storage.kind).toBe('s3');
  });

  it('stores a profile photo in the bucket, not on the disk, and serves it to members', async () => {
    const owner = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await uploadPhoto(t, owner.cookie, await plainJpeg(80, 40), 'me.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key = mediaKeyFromUrl(res.body.url as string)!;
    const thumbnailKey = mediaKeyFromUrl(res.body.thumbnailUrl as string)!;
    expect(await bucket.exists(key)).toBe(true);
    expect(await bucket.exists(thumbnailKey)).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);

    for (const viewer of [owner, other]) {
      const served = await fetchMedia(res.body.url as string, viewer.cookie);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(served.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 80, 40]);
    }
  });

  it("serves a private post's image to its author only: a stranger gets 404 as for no file", async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const { url } = await createPost(author.cookie, 'private', await pngImage(40, 30), 'p.png');
    expect(await bucket.exists(mediaKeyFromUrl(url)!)).toBe(true);

    const own = await fetchMedia(url, author.cookie);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');

    const refused = await request(t.app).get(url).set('Cookie', stranger.cookie);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const ranged = await request(t.app)
      .get(url)
      .set('Cookie', stranger.cookie)
      .set('Range', 'bytes=0-9');
    expect(ranged.status).toBe(404);
    const signedOut = await request(t.app).get(url);
    expect(signedOut.status).toBe(401);
  });

  it("streams a followers-only post's video with Range (206) and ETag (304) to its author, never to a stranger", async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const video = sampleVideo('mp4');
    const { url } = await createPost(author.cookie, 'followers', video, 'clip.mp4');

    const whole = await fetchMedia(url, author.cookie);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const stored = whole.body as Buffer;
    expect(stored.length).toBe(video.length);

    const ranged = await fetchMedia(url, author.cookie).set('Range', 'bytes=100-199');
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(ranged.headers['content-length']).toBe('100');
    expect(Buffer.compare(ranged.body as Buffer, stored.subarray(100, 200))).toBe(0);

    const open = await fetchMedia(url, author.cookie).set('Range', `bytes=${video.length - 10}-`);
    expect(open.status).toBe(206);
    expect(Buffer.compare(open.body as Buffer, stored.subarray(video.length - 10))).toBe(0);

    const beyond = await request(t.app)
      .get(url)
      .set('Cookie', author.cookie)
      .set('Range', `bytes=${video.length + 5}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);

    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-[0-9a-z]+"$/);
    const again = await request(t.app)
      .get(url)
      .set('Cookie', author.cookie)
      .set('If-None-Match', etag);
    expect(again.status).toBe(304);

    expect((await request(t.app).get(url).set('Cookie', stranger.cookie)).status).toBe(404);
    expect(
      (await request(t.app).get(url).set('Cookie', stranger.cookie).set('Range', 'bytes=0-99'))
        .status,
    ).toBe(404);
  });

  it("removes the post's object from the bucket when the post is deleted", async () => {
    const author = await signedInUser(t.context);
    const { postId, url } = await createPost(
      author.cookie,
      'public',
      sampleVideo('webm'),
      'c.webm',
    );
    const key = mediaKeyFromUrl(url)!;
    expect(await bucket.exists(key)).toBe(true);

    const res = await request(t.app).delete(`/api/posts/${postId}`).set('Cookie', author.cookie);
    expect(res.status).toBe(200);
    expect(await bucket.exists(key)).toBe(false);
    expect((await request(t.app).get(url).set('Cookie', author.cookie)).status).toBe(404);
  });

  it('is ready when the bucket takes a write, and not ready (503, storage) when it is missing', async () => {
    const ready = await request(t.app).get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.storage).toEqual({ ok: true });

    const configured = t.context.storage;
    t.context.storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    try {
      const notReady = await request(t.app).get('/api/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body.checks.storage).toEqual({ ok: false, detail: expect.any(String) });
    } finally {
      t.context.storage = configured;
    }
  });

  it('answers 404 for a key that was never stored (no object is revealed)', async () => {
    const member = await signedInUser(t.context);
    const res = await request(t.app)
      .get('/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.mp4')
      .set('Cookie', member.cookie);
    expect(res.status).toBe(404);
  });
});
