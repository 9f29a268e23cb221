import { existsSync } from 'node:fs';
import { POST_MESSAGES } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, postLikes, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { mediaKeyFromUrl } from '../media/storage.js';
import {
  buildComment,
  buildLike,
  buildPost,
  pngImage,
  sampleVideo,
  tinyMp4,
} from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** supertest hands the raw response stream to a custom parser; collect it as bytes. */
function binaryBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('POST /api/posts/create', () => {
  it("creates a text post and answers 201 'Post created successfully!' with the presented post", async () => {
    const { user, cookie } = await signedInUser(t.context, {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('userId', user.id)
      .field('title', '  Hello world  ')
      .field('description', 'First post')
      .field('privacy', 'followers');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Post created successfully!',
      post: {
        _id: expect.any(String),
        userId: {
          _id: user.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          profilePicture: null,
          verifiedBadge: true,
          photoVerified: false,
        },
        title: 'Hello world',
        description: 'First post',
        privacy: 'followers',
        media: null,
        likes: [],
        likesCount: 0,
        commentsCount: 0,
        isLiked: false,
        createdAt: t.clock.now().toISOString(),
        editedAt: null,
        commentPolicy: 'everyone',
        canComment: true,
        canDelete: true,
        canEdit: true,
        sensitive: false,
        markedSensitive: false,
      },
    });
    const [row] = await t.context.db.select().from(posts).where(eq(posts.id, res.body.post._id));
    expect(row).toMatchObject({ authorId: user.id, title: 'Hello world', privacy: 'followers' });
  });

  it('defaults privacy to public and accepts a JSON body without media', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .send({ title: 'Plain' });
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({ privacy: 'public', description: '', media: null });
  });

  it('reads the "friends" privacy some views send as followers', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Friends only')
      .field('privacy', 'friends');
    expect(res.status).toBe(201);
    expect(res.body.post.privacy).toBe('followers');
  });

  it.each([
    [{ title: '   ' }, 'Title is required'],
    [{}, 'Title is required'],
    [{ title: 'x'.repeat(151) }, 'Title must be 150 characters or fewer'],
    [
      { title: 'ok', description: 'd'.repeat(5001) },
      'Description must be 5000 characters or fewer',
    ],
    [{ title: 'ok', privacy: 'everyone' }, 'Privacy must be public, followers or private'],
  ])('refuses %j with %s', async (fields, message) => {
    const { cookie } = await signedInUser(t.context);
    let req = request(t.app).post('/api/posts/create').set('Cookie', cookie);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('counts title length in characters, as the database does (150 emoji fit)', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .send({ title: '😀'.repeat(150) });
    expect(res.status).toBe(201);
  });

  it('refuses to post as another member (403) and writes nothing', async () => {
    const { cookie } = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('userId', other.user.id)
      .field('title', 'Impersonation');
    expect(res.status).toBe(403);
    const rows = await t.context.db.select().from(posts).where(eq(posts.authorId, other.user.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a signed-in member', async () => {
    const res = await request(t.app).post('/api/posts/create').field('title', 'x');
    expect(res.status).toBe(401);
  });

  it('stores an image re-encoded as WebP under an unguessable key', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'With a picture')
      .attach('media', await pngImage(), { filename: 'holiday.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.post.media).toEqual({
      url: expect.stringMatching(/^\/api\/media\/[\w-]{24}\.webp$/),
      type: 'image',
      width: 32,
      height: 24,
      altText: null,
    });
    const key = mediaKeyFromUrl(res.body.post.media.url)!;
    expect(existsSync(t.context.storage.localPath(key))).toBe(true);
    const file = await request(t.app).get(res.body.post.media.url).set('Cookie', cookie);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('refuses a file that is neither image nor video by its bytes, whatever its name says', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Sneaky')
      .attach('media', Buffer.from('%PDF-1.4 not a video'), {
        filename: 'movie.mp4',
        contentType: 'video/mp4',
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only JPG, PNG, WEBP images or MP4/WEBM videos are allowed');
  });

  it('refuses an image over 10 MB with 413', async () => {
    const { cookie } = await signedInUser(t.context);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Huge picture')
      .attach('media', big, { filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(POST_MESSAGES.imageTooLarge);
  });

  it('refuses any file over 50 MB with 413 and a clear message', async () => {
    const { cookie } = await signedInUser(t.context);
    const huge = Buffer.concat([tinyMp4(), Buffer.alloc(50 * 1024 * 1024)]);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Huge video')
      .attach('media', huge, { filename: 'huge.mp4', contentType: 'video/mp4' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(POST_MESSAGES.mediaTooLarge);
  });

  it('stores an MP4 video (its metadata scrubbed in place) and serves byte ranges of it (206)', async () => {
    const { cookie } = await signedInUser(t.context);
    const video = sampleVideo('mp4');
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'A clip')
      .attach('media', video, { filename: 'clip.bin', contentType: 'application/octet-stream' });
    expect(res.status).toBe(201);
    expect(res.body.post.media).toMatchObject({
      url: expect.stringMatching(/\.mp4$/),
      type: 'video',
    });
    const stored = (
      await request(t.app)
        .get(res.body.post.media.url)
        .set('Cookie', cookie)
        .buffer(true)
        .parse(binaryBody)
    ).body as Buffer;
    // Scrubbed in place: the same length, so no sample moved.
    expect(stored.length).toBe(video.length);

    const ranged = await request(t.app)
      .get(res.body.post.media.url)
      .set('Cookie', cookie)
      .set('Range', 'bytes=0-99')
      .buffer(true)
      .parse(binaryBody);
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${video.length}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(ranged.body as Buffer, stored.subarray(0, 100))).toBe(0);

    const middle = await request(t.app)
      .get(res.body.post.media.url)
      .set('Cookie', cookie)
      .set('Range', 'bytes=200-249')
      .buffer(true)
      .parse(binaryBody);
    expect(middle.status).toBe(206);
    expect(Buffer.compare(middle.body as Buffer, stored.subarray(200, 250))).toBe(0);
  });

  it('recognises a WebM video by its bytes', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'WebM clip')
      .attach('media', sampleVideo('webm'), 'clip.webm');
    expect(res.status).toBe(201);
    expect(res.body.post.media).toMatchObject({
      url: expect.stringMatching(/\.webm$/),
      type: 'video',
    });
  });
});

describe('DELETE /api/posts/{postId}', () => {
  it("lets the author delete their post with its comments, likes and file: 'Post deleted successfully'", async () => {
    const author = await signedInUser(t.context);
    const created = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .field('title', 'Going away')
      .attach('media', sampleVideo('mp4'), 'clip.mp4');
    const postId = created.body.post._id as string;
    const key = mediaKeyFromUrl(created.body.post.media.url)!;
    const fan = await signedInUser(t.context);
    await buildComment(t.context, { postId, authorId: fan.user.id });
    await buildLike(t.context, postId, fan.user.id);

    const res = await request(t.app).delete(`/api/posts/${postId}`).set('Cookie', author.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Post deleted successfully' });
    expect(await t.context.db.select().from(posts).where(eq(posts.id, postId))).toHaveLength(0);
    expect(
      await t.context.db.select().from(comments).where(eq(comments.postId, postId)),
    ).toHaveLength(0);
    expect(
      await t.context.db.select().from(postLikes).where(eq(postLikes.postId, postId)),
    ).toHaveLength(0);
    expect(existsSync(t.context.storage.localPath(key))).toBe(false);
  });

  it("refuses another member's delete with 403 'You can only delete your own posts' and changes nothing", async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const created = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .field('title', 'Mine')
      .attach('media', sampleVideo('mp4'), 'clip.mp4');
    const postId = created.body.post._id as string;
    await buildLike(t.context, postId, stranger.user.id);

    const res = await request(t.app).delete(`/api/posts/${postId}`).set('Cookie', stranger.cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'You can only delete your own posts',
      code: 'FORBIDDEN',
    });
    expect(await t.context.db.select().from(posts).where(eq(posts.id, postId))).toHaveLength(1);
    expect(
      await t.context.db.select().from(postLikes).where(eq(postLikes.postId, postId)),
    ).toHaveLength(1);
    expect(
      existsSync(t.context.storage.localPath(mediaKeyFromUrl(created.body.post.media.url)!)),
    ).toBe(true);
  });

  it("answers 404 'Post not found' for a post the member may not see, and keeps it", async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { privacy: 'private' });
    const res = await request(t.app).delete(`/api/posts/${post.id}`).set('Cookie', stranger.cookie);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Post not found');
    expect(await t.context.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const { cookie } = await signedInUser(t.context);
    const malformed = await request(t.app).delete('/api/posts/not-an-id').set('Cookie', cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid ID');
    const unknown = await request(t.app)
      .delete('/api/posts/00000000-0000-4000-8000-000000000000')
      .set('Cookie', cookie);
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/posts/like', () => {
  it('toggles the like and answers isLiked with the exact count', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    await buildLike(t.context, post.id, other.user.id);

    const like = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', fan.cookie)
      .send({ postId: post.id, userId: fan.user.id });
    expect(like.body).toEqual({ success: true, isLiked: true, likesCount: 2 });

    const feed = await request(t.app)
      .get(`/api/posts/user/${author.user.id}`)
      .set('Cookie', fan.cookie);
    expect(feed.body.posts[0]).toMatchObject({
      isLiked: true,
      likesCount: 2,
      likes: [fan.user.id],
    });

    const unlike = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', fan.cookie)
      .send({ postId: post.id, userId: fan.user.id });
    expect(unlike.body).toEqual({ success: true, isLiked: false, likesCount: 1 });
  });

  it('refuses to like as another member (403) and changes nothing', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const res = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', fan.cookie)
      .send({ postId: post.id, userId: author.user.id });
    expect(res.status).toBe(403);
    expect(
      await t.context.db.select().from(postLikes).where(eq(postLikes.postId, post.id)),
    ).toHaveLength(0);
  });

  it('answers 404 for a post the member may not see and records no like', async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { privacy: 'followers' });
    const res = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', stranger.cookie)
      .send({ postId: post.id });
    expect(res.status).toBe(404);
    expect(
      await t.context.db.select().from(postLikes).where(eq(postLikes.postId, post.id)),
    ).toHaveLength(0);
  });

  it('ends 20 parallel toggles by one member exactly as 20 sequential ones would', async () => {
    const author = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app).post('/api/posts/like').set('Cookie', fan.cookie).send({ postId: post.id }),
      ),
    );
    expect(responses.every((res) => res.status === 200)).toBe(true);
    // Each toggle saw the state the previous one left: half liked, half unliked, counts 1 and 0.
    expect(responses.filter((res) => res.body.isLiked === true)).toHaveLength(10);
    for (const res of responses) expect(res.body.likesCount).toBe(res.body.isLiked ? 1 : 0);
    expect(
      await t.context.db.select().from(postLikes).where(eq(postLikes.postId, post.id)),
    ).toHaveLength(0);

    const again = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', fan.cookie)
      .send({ postId: post.id });
    expect(again.body).toEqual({ success: true, isLiked: true, likesCount: 1 });
  });
});
