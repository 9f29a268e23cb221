import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow, buildPost, disableMember } from '../posts/test-factories.js';
import { newMediaKey } from '../media/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BYTES = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

async function storedKey(): Promise<string> {
  const key = newMediaKey('mp4');
  await t.context.storage.put(key, BYTES);
  return key;
}

const fetchMedia = (key: string, cookie: string) =>
  request(t.app).get(`/api/media/${key}`).set('Cookie', cookie);

describe('who may fetch a media file', () => {
  it("serves a followers-only post's video to the author and followers, not to strangers", async () => {
    const author = await signedInUser(t.context);
    const follower = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    await buildFollow(t.context, follower.user.id, author.user.id);
    const key = await storedKey();
    await buildPost(t.context, author.user.id, {
      privacy: 'followers',
      mediaKey: key,
      mediaType: 'video',
      mediaMime: 'video/mp4',
    });

    expect((await fetchMedia(key, author.cookie)).status).toBe(200);
    const asFollower = await fetchMedia(key, follower.cookie);
    expect(asFollower.status).toBe(200);
    expect(asFollower.headers['cache-control']).toContain('private');
    const asStranger = await fetchMedia(key, stranger.cookie);
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({
      success: false,
      message: 'Media not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers Range requests with 206 and exactly the bytes asked for', async () => {
    const author = await signedInUser(t.context);
    const key = await storedKey();
    await buildPost(t.context, author.user.id, {
      privacy: 'public',
      mediaKey: key,
      mediaType: 'video',
      mediaMime: 'video/mp4',
    });
    const res = await fetchMedia(key, author.cookie)
      .set('Range', 'bytes=10-19')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${BYTES.length}`);
    expect((res.body as Buffer).toString()).toBe('abcdefghij');
  });

  it("serves a member's photos to other members until the owner disables the account", async () => {
    const owner = await signedInUser(t.context);
    const viewer = await signedInUser(t.context);
    const full = newMediaKey('webp');
    const thumbnail = newMediaKey('webp');
    await t.context.storage.put(full, BYTES);
    await t.context.storage.put(thumbnail, BYTES);
    await t.context.db.insert(photos).values({
      userId: owner.user.id,
      position: 0,
      storageKey: full,
      thumbnailKey: thumbnail,
      width: 10,
      height: 10,
      bytes: BYTES.length,
    });
    expect((await fetchMedia(full, viewer.cookie)).status).toBe(200);
    expect((await fetchMedia(thumbnail, viewer.cookie)).status).toBe(200);

    await disableMember(t.context, owner.user.id);
    expect((await fetchMedia(full, viewer.cookie)).status).toBe(404);
    expect((await fetchMedia(thumbnail, viewer.cookie)).status).toBe(404);
  });

  it('serves no file that belongs to nothing', async () => {
    const member = await signedInUser(t.context);
    const key = await storedKey();
    expect((await fetchMedia(key, member.cookie)).status).toBe(404);
  });
});
