import { readdirSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { mediaKeyFromUrl } from '../media/storage.js';
import {
  jpegWithGps,
  plainJpeg,
  plainPng,
  plainWebp,
  pngBomb,
  uploadPhoto,
  uploadPhotos,
} from './test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function filesOnDisk(): string[] {
  const root = path.join(t.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function photoRows(userId: string) {
  return t.context.db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position));
}

const keyOf = (url: string) => mediaKeyFromUrl(url)!;

describe('POST /profile/upload-photo', () => {
  it('stores a JPEG as a re-encoded WebP with no metadata (EXIF GPS gone), auto-oriented, plus a thumbnail', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const original = await jpegWithGps();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined(); // the fixture really carries EXIF

    const res = await uploadPhoto(t, cookie, original, 'holiday.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{24}\.webp$/),
      thumbnailUrl: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{24}\.webp$/),
      altText: null,
      message: 'Photo uploaded successfully',
    });

    const [row] = await photoRows(user.id);
    expect(row).toMatchObject({
      position: 0,
      storageKey: keyOf(res.body.url),
      thumbnailKey: keyOf(res.body.thumbnailUrl),
    });

    const served = await request(t.app)
      .get(res.body.url)
      .set('Cookie', cookie)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 on an 80×40 image: upright it is 40 wide and 80 high.
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(served.body.includes(Buffer.from('KindredTestCam'))).toBe(false);

    const thumbnail = await sharp(t.context.storage.localPath(row!.thumbnailKey)).metadata();
    expect(thumbnail.exif).toBeUndefined();
    expect(Math.max(thumbnail.width!, thumbnail.height!)).toBeLessThanOrEqual(256);
  });

  it('accepts PNG and WEBP and bounds large images to 2048 px', async () => {
    const { user, cookie } = await signedInUser(t.context, {
      plan: 'professional',
      subscriptionStatus: 'active',
    });
    expect((await uploadPhoto(t, cookie, await plainPng(), 'a.png')).status).toBe(201);
    expect((await uploadPhoto(t, cookie, await plainWebp(), 'b.webp')).status).toBe(201);
    const big = await uploadPhoto(t, cookie, await plainJpeg(3000, 1500), 'c.jpg');
    expect(big.status).toBe(201);
    const rows = await photoRows(user.id);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
    expect([rows[2]!.width, rows[2]!.height]).toEqual([2048, 1024]);
  });

  it("refuses a text file named photo.jpg with 'File photo.jpg is not an image'", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const before = filesOnDisk().length;
    const res = await uploadPhoto(
      t,
      cookie,
      Buffer.from('just some text, not a picture\n'.repeat(20)),
      'photo.jpg',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'File photo.jpg is not an image',
      code: 'VALIDATION_FAILED',
    });
    const png = await uploadPhoto(t, cookie, Buffer.from('<html>hi</html>'), 'photo.png');
    expect(png.body.message).toBe('File photo.png is not an image');
    expect(await photoRows(user.id)).toHaveLength(0);
    expect(filesOnDisk()).toHaveLength(before);
  });

  it('refuses a GIF (a real image of a type not accepted) and a truncated JPEG', async () => {
    const { cookie } = await signedInUser(t.context);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadPhoto(t, cookie, gif, 'anim.gif')).body.message).toBe(
      'File anim.gif is not an image',
    );
    const jpeg = await plainJpeg(400, 400);
    const truncated = await uploadPhoto(
      t,
      cookie,
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'half.jpg',
    );
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe('File half.jpg is not an image');
  });

  it("refuses a 6 MB file with 'File {name} is too large. Maximum size is 5MB'", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const jpeg = await plainJpeg();
    const sixMb = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length, 0)]);
    const res = await uploadPhoto(t, cookie, sixMb, 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File big.jpg is too large. Maximum size is 5MB',
    });
    expect(await photoRows(user.id)).toHaveLength(0);
  });

  it('refuses a 20000×20000 PNG bomb quickly, from its header, without decoding it', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const res = await uploadPhoto(t, cookie, bomb, 'bomb.png');
    const elapsed = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image dimensions are too large (20000×20000)');
    expect(elapsed).toBeLessThan(1500);
    expect(await photoRows(user.id)).toHaveLength(0);
  });

  it("refuses a 7th photo with 'Maximum 6 photos allowed' and keeps no file of it", async () => {
    const { user, cookie } = await signedInUser(t.context, {
      plan: 'professional',
      subscriptionStatus: 'active',
    });
    await uploadPhotos(t, cookie, 6);
    const before = filesOnDisk().length;
    const res = await uploadPhoto(t, cookie, await plainJpeg(), 'seventh.jpg');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'Maximum 6 photos allowed',
      code: 'PLAN_LIMIT',
      feature: 'photoAllowance',
      requiredPlan: null,
    });
    expect(await photoRows(user.id)).toHaveLength(6);
    expect(filesOnDisk()).toHaveLength(before);
  });

  it("refuses the plan's allowance + 1: Trial-Free 3, Beginner 4, and no plan yet counts as free", async () => {
    const free = await signedInUser(t.context, { plan: 'free', subscriptionStatus: 'trial' });
    await uploadPhotos(t, free.cookie, 3);
    const fourth = await uploadPhoto(t, free.cookie, await plainJpeg(), 'four.jpg');
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ code: 'PLAN_LIMIT', requiredPlan: 'beginner' });
    expect(fourth.body.message).toBe(
      'Your Trial-Free plan allows up to 3 photos. Upgrade to add more.',
    );

    const beginner = await signedInUser(t.context, {
      plan: 'beginner',
      subscriptionStatus: 'active',
    });
    await uploadPhotos(t, beginner.cookie, 4);
    const fifth = await uploadPhoto(t, beginner.cookie, await plainJpeg(), 'five.jpg');
    expect(fifth.body).toMatchObject({ code: 'PLAN_LIMIT', requiredPlan: 'professional' });
    expect(fifth.body.message).toBe(
      'Your Beginner plan allows up to 4 photos. Upgrade to add more.',
    );
    expect(await photoRows(beginner.user.id)).toHaveLength(4);

    const undecided = await signedInUser(t.context);
    await uploadPhotos(t, undecided.cookie, 3);
    expect((await uploadPhoto(t, undecided.cookie, await plainJpeg(), 'x.jpg')).status).toBe(403);
  });

  it('lets only one of two parallel uploads take the last free place', async () => {
    const { user, cookie } = await signedInUser(t.context, {
      plan: 'professional',
      subscriptionStatus: 'active',
    });
    await uploadPhotos(t, cookie, 5);
    const filesBefore = filesOnDisk().length;
    const [a, b] = await Promise.all([
      uploadPhoto(t, cookie, await plainJpeg(50, 50, '#111111'), 'a.jpg'),
      uploadPhoto(t, cookie, await plainJpeg(51, 51, '#222222'), 'b.jpg'),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    expect([a.body.message, b.body.message]).toContain('Maximum 6 photos allowed');
    const rows = await photoRows(user.id);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5]);
    // The accepted photo, its thumbnail and the thumbnail's avatar-sized copy; the refused
    // upload's files were removed.
    expect(filesOnDisk()).toHaveLength(filesBefore + 3);
  });

  it('answers 401 without a full session, and 400 without a file or with another field name', async () => {
    const jpeg = await plainJpeg();
    const anonymous = await request(t.app)
      .post('/api/profile/upload-photo')
      .attach('photo', jpeg, 'a.jpg');
    expect(anonymous.status).toBe(401);
    const { cookie } = await signedInUser(t.context);
    const empty = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .field('note', 'no file');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please choose a photo to upload');
    const wrongField = await request(t.app)
      .post('/api/profile/upload-photo')
      .set('Cookie', cookie)
      .attach('image', jpeg, 'a.jpg');
    expect(wrongField.status).toBe(400);
  });
});

describe('POST /profile/update/{userId} (photo order)', () => {
  it('reorders to the given list, first = profile picture, and deletes the photos left out (rows and files)', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const [a, b, c] = await uploadPhotos(t, cookie, 3);
    const [bRow] = (await photoRows(user.id)).filter((row) => row.storageKey === keyOf(b!));
    const res = await request(t.app)
      .post(`/api/profile/update/${user.id}`)
      .set('Cookie', cookie)
      .send({ photos: [c, a] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, photos: [c, a], profilePicture: c });
    const rows = await photoRows(user.id);
    expect(rows.map((row) => [row.position, row.storageKey])).toEqual([
      [0, keyOf(c!)],
      [1, keyOf(a!)],
    ]);
    expect(filesOnDisk()).not.toContain(bRow!.storageKey);
    expect(filesOnDisk()).not.toContain(bRow!.thumbnailKey);
  });

  it('never adds: a URL that is not one of the member’s photos is refused and nothing changes', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const [aPhoto] = await uploadPhotos(t, a.cookie, 1);
    const [bPhoto] = await uploadPhotos(t, b.cookie, 1);
    for (const list of [
      [bPhoto, aPhoto],
      ['/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp'],
      ['https://evil.example/x.jpg'],
      [aPhoto, aPhoto],
    ]) {
      const res = await request(t.app)
        .post(`/api/profile/update/${b.user.id}`)
        .set('Cookie', b.cookie)
        .send({ photos: list });
      expect(res.status).toBe(400);
    }
    expect((await photoRows(a.user.id)).map((row) => row.storageKey)).toEqual([keyOf(aPhoto!)]);
    expect((await photoRows(b.user.id)).map((row) => row.storageKey)).toEqual([keyOf(bPhoto!)]);
  });

  it("refuses member B reordering or pruning member A's photos (403), nothing changed", async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const urls = await uploadPhotos(t, a.cookie, 2);
    const res = await request(t.app)
      .post(`/api/profile/update/${a.user.id}`)
      .set('Cookie', b.cookie)
      .send({ photos: [] });
    expect(res.status).toBe(403);
    expect((await photoRows(a.user.id)).map((row) => row.storageKey)).toEqual(urls.map(keyOf));
  });

  it('answers 400 for a malformed user id and 401 without a session', async () => {
    const { cookie } = await signedInUser(t.context);
    expect(
      (
        await request(t.app)
          .post('/api/profile/update/not-a-uuid')
          .set('Cookie', cookie)
          .send({ photos: [] })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/profile/update/0d6f7f4e-1111-4a3a-9e36-000000000000')
          .send({ photos: [] })
      ).status,
    ).toBe(401);
  });
});

describe('DELETE /profile/photo/{userId}/{filename}', () => {
  it('deletes the photo and both its files, and the next photo becomes the profile picture', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const [first, second] = await uploadPhotos(t, cookie, 2);
    const [firstRow] = await photoRows(user.id);
    const res = await request(t.app)
      .delete(`/api/profile/photo/${user.id}/${keyOf(first!)}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Photo deleted successfully' });
    const rows = await photoRows(user.id);
    expect(rows.map((row) => [row.position, row.storageKey])).toEqual([[0, keyOf(second!)]]);
    expect(filesOnDisk()).not.toContain(firstRow!.storageKey);
    expect(filesOnDisk()).not.toContain(firstRow!.thumbnailKey);
  });

  it('answers 404 "Photo not found" for a file that is not the member’s', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .delete(`/api/profile/photo/${user.id}/AAAAAAAAAAAAAAAAAAAAAAAA.webp`)
      .set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Photo not found', code: 'NOT_FOUND' });
    const traversal = await request(t.app)
      .delete(`/api/profile/photo/${user.id}/..%2F..%2Fsecrets.json`)
      .set('Cookie', cookie);
    expect(traversal.status).toBe(404);
  });

  it("refuses member B deleting member A's photo, by A's path (403) or their own (404), and A's files stay", async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const [url] = await uploadPhotos(t, a.cookie, 1);
    const [row] = await photoRows(a.user.id);
    const asA = await request(t.app)
      .delete(`/api/profile/photo/${a.user.id}/${keyOf(url!)}`)
      .set('Cookie', b.cookie);
    expect(asA.status).toBe(403);
    const asB = await request(t.app)
      .delete(`/api/profile/photo/${b.user.id}/${keyOf(url!)}`)
      .set('Cookie', b.cookie);
    expect(asB.status).toBe(404);
    expect(await photoRows(a.user.id)).toHaveLength(1);
    expect(filesOnDisk()).toEqual(expect.arrayContaining([row!.storageKey, row!.thumbnailKey]));
  });
});
