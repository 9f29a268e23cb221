import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentMentions,
  comments,
  follows,
  photos,
  postLikes,
  posts,
  profiles,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sessionCookieFor, signedInUser, TEST_PASSWORD } from '../../test/factories.js';
import { newMediaKey } from '../media/storage.js';
import { plainJpeg, uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function filesOnDisk(): Set<string> {
  const root = path.join(t.dataDir, 'media');
  return new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  );
}

/** Member A with everything a member can own, and member B interacting with them. */
async function memberWithEverything() {
  const a = await signedInUser(t.context);
  const b = await signedInUser(t.context);
  const photoUrls = await uploadPhotos(t, a.cookie, 2);
  await uploadPhotos(t, b.cookie, 1);
  await request(t.app)
    .post('/api/profile/create')
    .set('Cookie', a.cookie)
    .send(validProfile({ photos: photoUrls }));

  const postMediaKey = newMediaKey('webp');
  await t.context.storage.put(postMediaKey, await plainJpeg());
  const db = t.context.db;
  const [aPost] = await db
    .insert(posts)
    .values({
      authorId: a.user.id,
      title: 'A post',
      privacy: 'public',
      mediaKey: postMediaKey,
      mediaType: 'image',
    })
    .returning();
  const [bPost] = await db
    .insert(posts)
    .values({ authorId: b.user.id, title: 'B post', privacy: 'public' })
    .returning();
  const [aCommentOnB] = await db
    .insert(comments)
    .values({ postId: bPost!.id, authorId: a.user.id, content: 'Nice post, B' })
    .returning();
  const [bReplyToA] = await db
    .insert(comments)
    .values({
      postId: bPost!.id,
      authorId: b.user.id,
      parentId: aCommentOnB!.id,
      content: `@[A](${a.user.id}) thanks`,
    })
    .returning();
  await db.insert(commentMentions).values({ commentId: bReplyToA!.id, userId: a.user.id });
  await db.insert(comments).values({ postId: aPost!.id, authorId: b.user.id, content: 'B on A' });
  await db
    .insert(comments)
    .values({ postId: aPost!.id, authorId: a.user.id, content: 'A on own post' });
  await db.insert(postLikes).values([
    { postId: bPost!.id, userId: a.user.id },
    { postId: aPost!.id, userId: b.user.id },
  ]);
  await db.insert(follows).values([
    { followerId: a.user.id, followeeId: b.user.id },
    { followerId: b.user.id, followeeId: a.user.id },
  ]);
  await db.insert(verificationCodes).values({
    userId: a.user.id,
    purpose: 'email',
    target: a.user.email,
    codeHash: 'x',
    sentAt: new Date(),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const aPhotoRows = await db.select().from(photos).where(eq(photos.userId, a.user.id));
  const aKeys = [...aPhotoRows.flatMap((row) => [row.storageKey, row.thumbnailKey]), postMediaKey];
  return { a, b, aKeys, aCommentOnB: aCommentOnB!, bPost: bPost!, bReplyToA: bReplyToA! };
}

describe('DELETE /users/{id}', () => {
  it('deletes the member for good: no file remains, no row names them, their comments on others’ posts stay authorless', async () => {
    const { a, b, aKeys, aCommentOnB, bPost, bReplyToA } = await memberWithEverything();
    const otherDevice = await sessionCookieFor(t.context, a.user.id);
    for (const key of aKeys) expect(filesOnDisk().has(key)).toBe(true);
    const bFilesBefore = (
      await t.context.db.select().from(photos).where(eq(photos.userId, b.user.id))
    ).length;

    const res = await request(t.app)
      .delete(`/api/users/${a.user.id}`)
      .set('Cookie', a.cookie)
      .send({ currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Account deleted successfully' });

    const files = filesOnDisk();
    for (const key of aKeys) expect(files.has(key)).toBe(false);

    const db = t.context.db;
    const id = a.user.id;
    expect(await db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(0);
    expect(await db.select().from(photos).where(eq(photos.userId, id))).toHaveLength(0);
    expect(await db.select().from(posts).where(eq(posts.authorId, id))).toHaveLength(0);
    expect(await db.select().from(postLikes).where(eq(postLikes.userId, id))).toHaveLength(0);
    expect(await db.select().from(comments).where(eq(comments.authorId, id))).toHaveLength(0);
    expect(
      await db.select().from(commentMentions).where(eq(commentMentions.userId, id)),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, id), eq(follows.followeeId, id))),
    ).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(
      await db.select().from(verificationCodes).where(eq(verificationCodes.userId, id)),
    ).toHaveLength(0);
    // No session row mentions them in its data either.
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.data}::text LIKE ${`%${id}%`}`)) as [{ n: number }];
    expect(n).toBe(0);

    // A's comment on B's post stays, with no author ("Deleted User"); B's reply to it stays too.
    const [kept] = await db.select().from(comments).where(eq(comments.id, aCommentOnB.id));
    expect(kept).toMatchObject({ authorId: null, content: 'Nice post, B', postId: bPost.id });
    expect(await db.select().from(comments).where(eq(comments.id, bReplyToA.id))).toHaveLength(1);
    // B is untouched.
    expect(await db.select().from(users).where(eq(users.id, b.user.id))).toHaveLength(1);
    expect(await db.select().from(posts).where(eq(posts.authorId, b.user.id))).toHaveLength(1);
    expect(await db.select().from(photos).where(eq(photos.userId, b.user.id))).toHaveLength(
      bFilesBefore,
    );

    for (const cookie of [a.cookie, otherDevice]) {
      expect(
        (await request(t.app).get(`/api/users/${b.user.id}`).set('Cookie', cookie)).status,
      ).toBe(401);
    }
    expect(res.headers['set-cookie']?.[0]).toMatch(/^kindred\.sid=;/);
  });

  it('refuses member B deleting member A (403), and nothing changes', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const [url] = await uploadPhotos(t, a.cookie, 1);
    const res = await request(t.app).delete(`/api/users/${a.user.id}`).set('Cookie', b.cookie);
    expect(res.status).toBe(403);
    expect(await t.context.db.select().from(users).where(eq(users.id, a.user.id))).toHaveLength(1);
    expect(filesOnDisk().has(url!.split('/').pop()!)).toBe(true);
    expect(
      (await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', a.cookie)).status,
    ).toBe(200);
  });

  it('needs a full session and a well-formed id', async () => {
    const a = await signedInUser(t.context);
    expect((await request(t.app).delete(`/api/users/${a.user.id}`)).status).toBe(401);
    const pending = await sessionCookieFor(t.context, a.user.id, 'pending');
    expect(
      (await request(t.app).delete(`/api/users/${a.user.id}`).set('Cookie', pending)).status,
    ).toBe(401);
    expect((await request(t.app).delete('/api/users/nope').set('Cookie', a.cookie)).status).toBe(
      400,
    );
  });
});
