import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost, pngImage } from './test-factories.js';

/** PATCH /api/posts/{postId}: the author edits title, description and privacy. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const editPost = (postId: string, cookie: string, body: Record<string, unknown>) =>
  request(t.app).patch(`/api/posts/${postId}`).set('Cookie', cookie).send(body);

async function postRow(postId: string) {
  const [row] = await t.context.db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

describe('PATCH /api/posts/:postId', () => {
  it("lets the author change title, description and privacy, and answers 'Post updated successfully' with the post marked edited", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id, { title: 'Frist post', description: 'typo' });
    t.clock.advance(60_000);

    const res = await editPost(post.id, cookie, {
      title: '  First post ',
      description: 'Fixed',
      privacy: 'followers',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Post updated successfully',
      post: {
        _id: post.id,
        title: 'First post',
        description: 'Fixed',
        privacy: 'followers',
        createdAt: post.createdAt.toISOString(),
        editedAt: t.clock.now().toISOString(),
        canEdit: true,
        canDelete: true,
      },
    });
    expect(await postRow(post.id)).toMatchObject({
      title: 'First post',
      description: 'Fixed',
      privacy: 'followers',
      editedAt: t.clock.now(),
      createdAt: post.createdAt,
    });
  });

  it('changes only the fields given, and shows the edit in the feeds', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id, { title: 'Keep me', description: 'Old' });
    const res = await editPost(post.id, cookie, { description: 'New' });
    expect(res.status).toBe(200);
    expect(await postRow(post.id)).toMatchObject({
      title: 'Keep me',
      description: 'New',
      privacy: 'public',
    });

    const feed = await request(t.app).get(`/api/posts/user/${user.id}`).set('Cookie', cookie);
    expect(feed.body.posts[0]).toMatchObject({
      _id: post.id,
      description: 'New',
      editedAt: t.clock.now().toISOString(),
    });
  });

  it('does not mark a post edited when nothing changed', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id, { title: 'Same' });
    const res = await editPost(post.id, cookie, { title: 'Same', privacy: 'public' });
    expect(res.status).toBe(200);
    expect(res.body.post.editedAt).toBeNull();
    expect((await postRow(post.id))?.editedAt).toBeNull();
  });

  it.each([
    ['nothing to change', 'Please change the title, description or privacy', {}],
    ['a blank title', 'Title is required', { title: '   ' }],
    ['a 151-character title', 'Title must be 150 characters or fewer', { title: 'x'.repeat(151) }],
    [
      'a 5001-character description',
      'Description must be 5000 characters or fewer',
      { description: 'x'.repeat(5001) },
    ],
    ['an unknown privacy', 'Privacy must be public, followers or private', { privacy: 'everyone' }],
    ['an empty privacy', 'Privacy must be public, followers or private', { privacy: '' }],
  ])(
    'refuses %s with 400 %j (the rules of creation), changing nothing',
    async (_case, message, body) => {
      const { user, cookie } = await signedInUser(t.context);
      const post = await buildPost(t.context, user.id, { title: 'Untouched' });
      const res = await editPost(post.id, cookie, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect(await postRow(post.id)).toMatchObject({ title: 'Untouched', editedAt: null });
    },
  );

  it("refuses another member's post with 403 'You can only edit your own posts' and leaves it unchanged", async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { title: 'Mine', privacy: 'public' });
    const before = await postRow(post.id);

    const res = await editPost(post.id, other.cookie, { title: 'Hijacked', privacy: 'private' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'You can only edit your own posts',
      code: 'FORBIDDEN',
    });
    expect(await postRow(post.id)).toEqual(before);

    // The feed tells the other member they may not edit it.
    const feed = await request(t.app)
      .get(`/api/posts/user/${author.user.id}`)
      .set('Cookie', other.cookie);
    expect(feed.body.posts[0]).toMatchObject({ _id: post.id, canEdit: false });
  });

  it('answers 404 for an unknown post, and for a post the member may not see (without saying it exists)', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const hidden = await buildPost(t.context, author.user.id, { privacy: 'private', title: 'Hid' });

    const unknown = await editPost('00000000-0000-4000-8000-000000000000', other.cookie, {
      title: 'x',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Post not found' });
    const res = await editPost(hidden.id, other.cookie, { title: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Post not found' });
    expect((await postRow(hidden.id))?.title).toBe('Hid');

    const malformed = await editPost('not-an-id', other.cookie, { title: 'x' });
    expect(malformed.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const { user } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id);
    const res = await request(t.app).patch(`/api/posts/${post.id}`).send({ title: 'x' });
    expect(res.status).toBe(401);
  });

  it('narrowing privacy takes effect at once: a stranger loses the post, its comments and its media; a follower keeps them', async () => {
    const author = await signedInUser(t.context);
    const follower = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    await buildFollow(t.context, follower.user.id, author.user.id);
    const created = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .field('title', 'Beach day')
      .field('privacy', 'public')
      .attach('media', await pngImage(), 'beach.png');
    expect(created.status).toBe(201);
    const postId = created.body.post._id as string;
    const mediaUrl = created.body.post.media.url as string;
    await buildComment(t.context, { postId, authorId: author.user.id, content: 'Sunny!' });

    const sees = async (cookie: string, viewerId: string) => {
      const general = await request(t.app)
        .get(`/api/posts?userId=${viewerId}&limit=50`)
        .set('Cookie', cookie);
      const profile = await request(t.app)
        .get(`/api/posts/user/${author.user.id}`)
        .set('Cookie', cookie);
      const comments = await request(t.app)
        .get(`/api/posts/${postId}/comments`)
        .set('Cookie', cookie);
      const media = await request(t.app).get(mediaUrl).set('Cookie', cookie);
      const ids = (res: request.Response) =>
        (res.body.posts as { _id: string }[]).map((post) => post._id);
      return {
        inGeneral: ids(general).includes(postId),
        onProfile: ids(profile).includes(postId),
        comments: comments.status,
        media: media.status,
      };
    };
    const all = { onProfile: true, comments: 200, media: 200 };
    expect(await sees(stranger.cookie, stranger.user.id)).toEqual({ inGeneral: true, ...all });

    const res = await editPost(postId, author.cookie, { privacy: 'followers' });
    expect(res.status).toBe(200);

    expect(await sees(stranger.cookie, stranger.user.id)).toEqual({
      inGeneral: false,
      onProfile: false,
      comments: 404,
      media: 404,
    });
    // The stranger cannot comment on it or like it either.
    const comment = await request(t.app)
      .post(`/api/posts/${postId}/comments`)
      .set('Cookie', stranger.cookie)
      .send({ content: 'Still here?' });
    expect(comment.status).toBe(404);
    const like = await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', stranger.cookie)
      .send({ postId });
    expect(like.status).toBe(404);

    // Followers-only posts are not in the General tab, even for followers; the rest stays.
    expect(await sees(follower.cookie, follower.user.id)).toEqual({ inGeneral: false, ...all });
  });
});
