import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import {
  buildComment,
  buildFollow,
  buildLike,
  buildPost,
  disableMember,
} from './test-factories.js';

/** GET /api/posts/{postId}: one post (what a notification links to), as the viewer may see it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getPost = (postId: string, cookie: string) =>
  request(t.app).get(`/api/posts/${postId}`).set('Cookie', cookie);

describe('GET /api/posts/:postId', () => {
  it('answers the post with its author, like and comment counts and the viewer’s own like', async () => {
    const author = await signedInUser(t.context, { firstName: 'Ana' });
    const viewer = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { title: 'Hello there' });
    await buildLike(t.context, post.id, viewer.user.id);
    await buildComment(t.context, { postId: post.id, authorId: viewer.user.id, content: 'Hi' });

    const res = await getPost(post.id, viewer.cookie);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      post: {
        _id: post.id,
        title: 'Hello there',
        userId: { _id: author.user.id, firstName: 'Ana' },
        likesCount: 1,
        isLiked: true,
        commentsCount: 1,
        canDelete: false,
      },
    });
  });

  it('shows a private post to its author only: a follower and a stranger get 404 "Post not found"', async () => {
    const author = await signedInUser(t.context);
    const follower = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    await buildFollow(t.context, follower.user.id, author.user.id);
    const post = await buildPost(t.context, author.user.id, { privacy: 'private' });

    expect((await getPost(post.id, author.cookie)).status).toBe(200);
    for (const viewer of [follower, stranger]) {
      const res = await getPost(post.id, viewer.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Post not found' });
      expect(JSON.stringify(res.body)).not.toContain(author.user.id);
    }
  });

  it('shows a followers-only post to followers and not to a stranger', async () => {
    const author = await signedInUser(t.context);
    const follower = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    await buildFollow(t.context, follower.user.id, author.user.id);
    const post = await buildPost(t.context, author.user.id, { privacy: 'followers' });

    expect((await getPost(post.id, follower.cookie)).status).toBe(200);
    expect((await getPost(post.id, stranger.cookie)).status).toBe(404);
  });

  it('hides the post of a disabled author, a missing post and a malformed id without a 500', async () => {
    const author = await signedInUser(t.context);
    const viewer = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    await disableMember(t.context, author.user.id);

    expect((await getPost(post.id, viewer.cookie)).status).toBe(404);
    expect((await getPost('6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f', viewer.cookie)).status).toBe(404);
    expect((await getPost('not-an-id', viewer.cookie)).status).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    expect((await request(t.app).get(`/api/posts/${post.id}`)).status).toBe(401);
  });
});
