import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost } from '../posts/test-factories.js';

/**
 * Authors can always delete and edit their own comments, even after losing access to the post
 * (issue 19, finding 8): before, unfollowing a followers-only author left the comment for good.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const commentRow = async (id: string) =>
  (await t.context.db.select().from(comments).where(eq(comments.id, id)))[0];

async function commentOnFollowersOnlyPostThenUnfollow() {
  const author = await signedInUser(t.context);
  const commenter = await signedInUser(t.context);
  await buildFollow(t.context, commenter.user.id, author.user.id);
  const post = await buildPost(t.context, author.user.id, { privacy: 'followers' });
  const comment = await buildComment(t.context, {
    postId: post.id,
    authorId: commenter.user.id,
    content: 'My words',
  });
  const unfollow = await request(t.app)
    .post('/api/connections/follow')
    .set('Cookie', commenter.cookie)
    .send({ followedUserId: author.user.id });
  expect(unfollow.body.isFollowing).toBe(false);
  // The post is out of the commenter's reach now.
  const listed = await request(t.app)
    .get(`/api/posts/${post.id}/comments`)
    .set('Cookie', commenter.cookie);
  expect(listed.status).toBe(404);
  return { author, commenter, post, comment };
}

describe('own comments on a post the author can no longer see', () => {
  it('can be deleted', async () => {
    const { commenter, post, comment } = await commentOnFollowersOnlyPostThenUnfollow();
    const res = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${comment.id}`)
      .set('Cookie', commenter.cookie);
    expect(res.status).toBe(200);
    expect(await commentRow(comment.id)).toBeUndefined();
  });

  it('can be edited', async () => {
    const { author, commenter, post, comment } = await commentOnFollowersOnlyPostThenUnfollow();
    const res = await request(t.app)
      .patch(`/api/posts/${post.id}/comments/${comment.id}`)
      .set('Cookie', commenter.cookie)
      .send({ content: 'Taken back' });
    expect(res.status).toBe(200);
    expect(res.body.comment).toMatchObject({ _id: comment.id, content: 'Taken back' });
    expect((await commentRow(comment.id))?.content).toBe('Taken back');

    // The post's author sees the new text.
    const listed = await request(t.app)
      .get(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie);
    expect(listed.body.comments[0]).toMatchObject({ content: 'Taken back' });
  });

  it("still hides someone else's comment on that post: 'Post not found', nothing changed", async () => {
    const { author, commenter, post } = await commentOnFollowersOnlyPostThenUnfollow();
    const authors = await buildComment(t.context, { postId: post.id, authorId: author.user.id });
    const remove = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${authors.id}`)
      .set('Cookie', commenter.cookie);
    expect(remove.status).toBe(404);
    expect(remove.body.message).toBe('Post not found');
    const edit = await request(t.app)
      .patch(`/api/posts/${post.id}/comments/${authors.id}`)
      .set('Cookie', commenter.cookie)
      .send({ content: 'x' });
    expect(edit.status).toBe(404);
    expect((await commentRow(authors.id))?.content).toBe('A comment');
  });

  it('names the wrong post as not found even for an own comment', async () => {
    const { commenter, comment } = await commentOnFollowersOnlyPostThenUnfollow();
    const elsewhere = await buildPost(t.context, commenter.user.id);
    const res = await request(t.app)
      .delete(`/api/posts/${elsewhere.id}/comments/${comment.id}`)
      .set('Cookie', commenter.cookie);
    expect(res.status).toBe(404);
    expect(await commentRow(comment.id)).toBeDefined();
  });
});
