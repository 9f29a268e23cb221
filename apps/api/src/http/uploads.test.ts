import { readdirSync } from 'node:fs';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import { pngImage } from '../features/posts/test-factories.js';
import { AppError } from './errors.js';
import {
  receiveMultipart,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadSlots,
  uploadTempDir,
} from './uploads.js';

/**
 * Issue 19, finding 10: parallel uploads were each held in memory, unbounded in number. They now
 * stream to temporary files under DATA_DIR, removed whatever the outcome, and the uploads in flight
 * are bounded per member (429) and per process (503), each with a clear message.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The temporary files left once the server has finished with the response. */
async function leftoverTempFiles(): Promise<string[]> {
  const dir = uploadTempDir(t.dataDir);
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = readdirSync(dir);
    if (files.length === 0) return files;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readdirSync(dir);
}

describe('temporary upload files', () => {
  it('are removed after a stored photo and a stored post image', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const png = await pngImage();
    const photo = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .field('userId', user.id)
      .attach('photo', png, { filename: 'me.png', contentType: 'image/png' });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    const post = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'With a picture')
      .field('privacy', 'public')
      .attach('media', png, { filename: 'p.png', contentType: 'image/png' });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    expect(await leftoverTempFiles()).toEqual([]);
  });

  it('are removed after a refused file and a cut-off body', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const notImage = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .field('userId', user.id)
      .attach('photo', Buffer.from('<html>not a photo</html>'), {
        filename: 'x.png',
        contentType: 'image/png',
      });
    expect(notImage.status).toBe(400);
    const notMedia = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Hi')
      .attach('media', Buffer.from('plain text, not media'), { filename: 'a.mp4' });
    expect(notMedia.status).toBe(400);
    const cutOff = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send(
        '--xyz\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000',
      );
    expect(cutOff.status).toBe(400);
    expect(await leftoverTempFiles()).toEqual([]);
  });
});

describe('uploads in flight', () => {
  it('a multipart request without a file gives its slot back once its fields are read', async () => {
    const others = Array.from({ length: UPLOAD_LIMITS.perProcess }, (_, i) => `text-only-${i}`);
    const app = express();
    app.use((req, _res, next) => {
      Object.assign(req, { session: { auth: { userId: 'poster', stage: 'full' } } });
      next();
    });
    app.post(
      '/post',
      receiveMultipart({
        dataDir: t.dataDir,
        field: 'media',
        limits: { fileSize: 1024 },
        tooLarge: () => new AppError(413, 'too large'),
      }),
      (_req, res) => {
        // Still handling the request: every slot of the process is free for uploads.
        const taken: string[] = [];
        try {
          for (const other of others) {
            uploadSlots.acquire(other);
            taken.push(other);
          }
        } catch {
          // Reported below.
        } finally {
          for (const other of taken) uploadSlots.release(other);
        }
        res.json({ slotsFree: taken.length });
      },
    );
    const res = await request(app).post('/post').field('title', 'Words only');
    expect(res.status).toBe(200);
    expect(res.body.slotsFree).toBe(UPLOAD_LIMITS.perProcess);
  });

  it(`refuses a member's upload beyond ${UPLOAD_LIMITS.perMember} at once with 429 and Retry-After`, async () => {
    const { user, cookie } = await signedInUser(t.context);
    for (let i = 0; i < UPLOAD_LIMITS.perMember; i++) uploadSlots.acquire(user.id);
    try {
      const res = await request(t.app)
        .post('/api/profile/upload-photo')
        .set('Cookie', cookie)
        .field('userId', user.id)
        .attach('photo', await pngImage(), { filename: 'me.png', contentType: 'image/png' });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ message: UPLOAD_MESSAGES.memberBusy, code: 'RATE_LIMITED' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      for (let i = 0; i < UPLOAD_LIMITS.perMember; i++) uploadSlots.release(user.id);
    }
  });

  it(`answers 503 once the process has ${UPLOAD_LIMITS.perProcess} uploads in flight, and frees up after`, async () => {
    const { cookie } = await signedInUser(t.context);
    const others = Array.from({ length: UPLOAD_LIMITS.perProcess }, (_, i) => `other-${i}`);
    for (const other of others) uploadSlots.acquire(other);
    const upload = async () =>
      request(t.app)
        .post('/api/posts/create')
        .set('Cookie', cookie)
        .field('title', 'Busy')
        .attach('media', await pngImage(), { filename: 'p.png', contentType: 'image/png' });
    try {
      const res = await upload();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ message: UPLOAD_MESSAGES.serverBusy, code: 'UNAVAILABLE' });
    } finally {
      for (const other of others) uploadSlots.release(other);
    }
    expect((await upload()).status).toBe(201);
    expect(await leftoverTempFiles()).toEqual([]);
  });
});
