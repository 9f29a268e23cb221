import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildPost } from '../posts/test-factories.js';
import { mediaCopyKey, newMediaKey, processImage } from '../media/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .webp()
    .toBuffer();

const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

async function publicImagePost(data: Buffer): Promise<{ key: string; cookie: string }> {
  const author = await signedInUser(t.context);
  const key = newMediaKey('webp');
  await t.context.storage.put(key, data);
  await buildPost(t.context, author.user.id, {
    privacy: 'public',
    mediaKey: key,
    mediaType: 'image',
    mediaMime: 'image/webp',
  });
  return { key, cookie: author.cookie };
}

const fetchImage = (path: string, cookie: string) =>
  request(t.app)
    .get(path)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe("an image's smaller copies (?w=)", () => {
  it('serves a 640 px copy of a 2048 px image, made on first request and kept', async () => {
    const { key, cookie } = await publicImagePost(await webp(2048, 1536));
    const first = await fetchImage(`/api/media/${key}?w=640`, cookie);
    expect(first.status).toBe(200);
    expect(await widthOf(first.body as Buffer)).toBe(640);
    expect(first.headers['cache-control']).toContain('immutable');
    expect(first.headers.etag).toBeTruthy();
    expect(await t.context.storage.exists(mediaCopyKey(key, 640)!)).toBe(true);
    // The image itself is still served whole without the parameter.
    const whole = await fetchImage(`/api/media/${key}`, cookie);
    expect(await widthOf(whole.body as Buffer)).toBe(2048);
    expect(whole.headers.etag).not.toBe(first.headers.etag);
    // Deleting the image deletes its copies.
    await t.context.storage.delete(key);
    expect(await t.context.storage.exists(mediaCopyKey(key, 640)!)).toBe(false);
  });

  it('serves the image itself for a width it does not keep, and nothing for a key that belongs to nothing', async () => {
    const { key, cookie } = await publicImagePost(await webp(300, 200));
    const odd = await fetchImage(`/api/media/${key}?w=333`, cookie);
    expect(odd.status).toBe(200);
    expect(await widthOf(odd.body as Buffer)).toBe(300);
    const nobody = await request(t.app)
      .get(`/api/media/${newMediaKey('webp')}?w=640`)
      .set('Cookie', cookie);
    expect(nobody.status).toBe(404);
  });

  it('makes the copies at upload: 640 and 1280 of a large image, 128 of its thumbnail', async () => {
    const processed = await processImage(await webp(3000, 2000), 'unreadable');
    expect(processed.full.width).toBe(2048);
    expect(processed.full.copies.map((copy) => copy.width)).toEqual([640, 1280]);
    expect(await widthOf(processed.full.copies[0]!.data)).toBe(640);
    expect(processed.thumbnail.copies.map((copy) => copy.width)).toEqual([128]);
    const small = await processImage(await webp(800, 600), 'unreadable');
    expect(small.full.copies.map((copy) => copy.width)).toEqual([640]);
  });
});
