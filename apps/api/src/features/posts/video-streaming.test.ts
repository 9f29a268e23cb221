import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST_MESSAGES } from '@kindred/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { cleanVideo, cleanVideoFile } from '../media/index.js';
import { phoneVideoWithLocation, pngImage, sampleVideo } from './test-factories.js';

/**
 * Issue 20: uploads stream to storage. A video was read whole into memory (the upload's buffer),
 * cleaned as a copy and stored from memory; now it is cleaned in its temporary file, reading only
 * the box headers and the `ftyp`, `moov` and `moof` boxes, and storage streams it from the file.
 */
let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = await mkdtemp(path.join(tmpdir(), 'kindred-video-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A top-level `uuid` box (XMP, as some cameras write it) after the samples. */
function withTopLevelXmp(video: Buffer): Buffer {
  const payload = Buffer.concat([
    Buffer.alloc(16, 0xbe),
    Buffer.from('<x:xmpmeta>GPS</x:xmpmeta>'),
  ]);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([video, header, payload]);
}

describe('cleaning a video file in place', () => {
  it('gives the same bytes as cleaning it in memory, without reading the samples', async () => {
    const uploaded = withTopLevelXmp(phoneVideoWithLocation());
    const file = path.join(scratch, 'phone.mp4');
    await writeFile(file, uploaded);

    const cleaned = await cleanVideoFile(file, 'video/mp4', POST_MESSAGES.videoUnplayable);

    const onDisk = await readFile(file);
    expect(onDisk.equals(cleanVideo(uploaded, 'video/mp4', POST_MESSAGES.videoUnplayable))).toBe(
      true,
    );
    expect(onDisk.includes('GPS', 0, 'latin1')).toBe(false);
    expect(cleaned.dimensions).toEqual({ width: 320, height: 180 });
    const mdat = uploaded.indexOf('mdat', 0, 'latin1') - 4;
    const samples = uploaded.readUInt32BE(mdat);
    expect(cleaned.bytesRead).toBeLessThanOrEqual(uploaded.length - samples + 16);
  });

  it('checks a WebM from its head and reads its frame size', async () => {
    const file = path.join(scratch, 'clip.webm');
    await writeFile(file, sampleVideo('webm'));
    const cleaned = await cleanVideoFile(file, 'video/webm', POST_MESSAGES.videoUnplayable);
    expect(cleaned.dimensions).toEqual({ width: 320, height: 180 });
  });
});

describe('POST /posts/create with media', () => {
  it('stores a video from its file (streamed), and an image from its re-encoded bytes', async () => {
    const { cookie } = await signedInUser(t.context);
    const put = vi.spyOn(t.context.storage, 'put');
    try {
      const video = await request(t.app)
        .post('/api/posts/create')
        .set('Cookie', cookie)
        .field('title', 'A clip')
        .attach('media', phoneVideoWithLocation(), { filename: 'clip.mp4' });
      expect(video.status, JSON.stringify(video.body)).toBe(201);
      expect(video.body.post.media).toMatchObject({ type: 'video', width: 320, height: 180 });
      expect(put).toHaveBeenCalledTimes(1);
      expect(put.mock.calls[0]?.[1]).toEqual({ filePath: expect.any(String) });

      const image = await request(t.app)
        .post('/api/posts/create')
        .set('Cookie', cookie)
        .field('title', 'A picture')
        .attach('media', await pngImage(40, 30), { filename: 'p.png' });
      expect(image.status, JSON.stringify(image.body)).toBe(201);
      expect(Buffer.isBuffer(put.mock.calls[1]?.[1])).toBe(true);
    } finally {
      put.mockRestore();
    }
  });
});
