import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '@kindred/contracts';
import { posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import {
  PHONE_VIDEO_LOCATION as LOCATION,
  phoneVideoWithLocation,
  sampleVideo,
  tinyMp4,
} from './test-factories.js';

/**
 * Issue 19, finding 3: post videos were stored and served unchanged, so anything with an `ftyp`
 * box was accepted and a phone video's location (`©xyz` in `moov/udta`) reached every viewer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function postVideo(cookie: string, video: Buffer, name: string) {
  return request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', 'A clip')
    .attach('media', video, { filename: name, contentType: 'video/mp4' });
}

/** supertest hands the raw response stream to a custom parser; collect it as bytes. */
function binaryBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('post videos', () => {
  it('are served without location, device or creation time, and still play (same frame size)', async () => {
    const { cookie } = await signedInUser(t.context);
    const uploaded = phoneVideoWithLocation();
    expect(uploaded.includes(LOCATION, 0, 'latin1')).toBe(true);
    const res = await postVideo(cookie, uploaded, 'phone.mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.post.media).toMatchObject({ type: 'video', width: 320, height: 180 });

    const served = await request(t.app)
      .get(res.body.post.media.url)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binaryBody);
    const file = served.body as Buffer;
    expect(file.length).toBe(uploaded.length);
    for (const secret of [LOCATION, '\u00a9xyz', 'udta', 'Phonemaker', 'Phone 15 Pro']) {
      expect(file.includes(secret, 0, 'latin1'), secret).toBe(false);
    }
    for (const timed of ['mvhd', 'tkhd', 'mdhd']) {
      const at = file.indexOf(timed, 0, 'latin1');
      const width = file[at + 4] === 1 ? 16 : 8;
      expect(
        file.subarray(at + 8, at + 8 + width).every((byte) => byte === 0),
        timed,
      ).toBe(true);
    }
  });

  it.each([
    [
      'an ftyp box followed by HTML',
      'ftyp-html.mp4',
      () =>
        Buffer.concat([
          tinyMp4(0).subarray(0, 24),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
    ],
    ['an ftyp and an mdat without a movie', 'bare.mp4', () => tinyMp4()],
    ['a WebM cut off inside its header', 'cut.webm', () => sampleVideo('webm').subarray(0, 60)],
  ])('refuses %s with 400, storing nothing', async (_label, name, build) => {
    const { user, cookie } = await signedInUser(t.context);
    const mediaDir = path.join(t.dataDir, 'media');
    const before = safeList(mediaDir);
    const res = await postVideo(cookie, build(), name);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(POST_MESSAGES.videoUnplayable);
    expect(await t.context.db.select().from(posts).where(eq(posts.authorId, user.id))).toEqual([]);
    expect(safeList(mediaDir)).toEqual(before);
  });
});

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
}
