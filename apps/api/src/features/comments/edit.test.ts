import { mentionText } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentMentions, comments } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildPost, disableMember } from '../posts/test-factories.js';

/** PATCH /api/posts/{postId}/comments/{commentId}: the comment's author rewrites its content. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const editComment = (postId: string, commentId: string, cookie: string, body: unknown) =>
  request(t.app)
    .patch(`/api/posts/${postId}/comments/${commentId}`)
    .set('Cookie', cookie)
    .send(body as object);

const commentRow = async (id: string) =>
  (await t.context.db.select().from(comments).where(eq(comments.id, id)))[0];

const mentionRows = async (commentId: string) =>
  (
    await t.context.db
      .select({ userId: commentMentions.userId })
      .from(commentMentions)
      .where(eq(commentMentions.commentId, commentId))
  )
    .map((row) => row.userId)
    .sort();

async function commentWithMention() {
  const author = await signedInUser(t.context);
  const commenter = await signedInUser(t.context);
  const ada = await signedInUser(t.context, { firstName: 'Ada', lastName: 'Lovelace' });
  const post = await buildPost(t.context, author.user.id);
  const res = await request(t.app)
    .post(`/api/posts/${post.id}/comments`)
    .set('Cookie', commenter.cookie)
    .send({ content: `Hi ${mentionText('Ada Lovelace', ada.user.id)}` });
  expect(res.status).toBe(201);
  return { author, commenter, ada, post, commentId: res.body.comment._id as string };
}

describe('PATCH /api/posts/:postId/comments/:commentId', () => {
  it("rewrites the content, re-reads the mentions and marks it edited ('Comment updated successfully')", async () => {
    const { commenter, ada, post, commentId } = await commentWithMention();
    const grace = await signedInUser(t.context, { firstName: 'Grace', lastName: 'Hopper' });
    expect(await mentionRows(commentId)).toEqual([ada.user.id]);
    t.clock.advance(90_000);

    const content = `Actually, ${mentionText('Grace Hopper', grace.user.id)} said it first`;
    const res = await editComment(post.id, commentId, commenter.cookie, {
      content: ` ${content} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Comment updated successfully',
      comment: {
        _id: commentId,
        content,
        editedAt: t.clock.now().toISOString(),
        mentions: [{ _id: grace.user.id, firstName: 'Grace', lastName: 'Hopper' }],
        canEdit: true,
        canDelete: true,
      },
    });
    // The old mention is gone, the new one recorded (one transaction with the content).
    expect(await mentionRows(commentId)).toEqual([grace.user.id]);
    expect(await commentRow(commentId)).toMatchObject({ content, editedAt: t.clock.now() });

    const listed = await request(t.app)
      .get(`/api/posts/${post.id}/comments`)
      .set('Cookie', commenter.cookie);
    expect(listed.body.comments[0]).toMatchObject({
      _id: commentId,
      content,
      editedAt: t.clock.now().toISOString(),
      mentions: [{ _id: grace.user.id }],
    });
  });

  it('drops mentions of members the author may not see, as when the comment was written', async () => {
    const { commenter, ada, post, commentId } = await commentWithMention();
    const hidden = await signedInUser(t.context, { firstName: 'Hid', lastName: 'Den' });
    await disableMember(t.context, hidden.user.id);
    const content = `${mentionText('Ada Lovelace', ada.user.id)} ${mentionText('Hid Den', hidden.user.id)}`;
    const res = await editComment(post.id, commentId, commenter.cookie, { content });
    expect(res.status).toBe(200);
    expect(await mentionRows(commentId)).toEqual([ada.user.id]);
  });

  it('keeps its replies and its place in the thread', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const parent = await buildComment(t.context, { postId: post.id, authorId: author.user.id });
    const reply = await buildComment(t.context, {
      postId: post.id,
      authorId: author.user.id,
      parentId: parent.id,
      content: 'Reply',
    });
    const res = await editComment(post.id, parent.id, author.cookie, { content: 'Edited parent' });
    expect(res.status).toBe(200);
    const listed = await request(t.app)
      .get(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie);
    expect(listed.body.comments).toMatchObject([
      { _id: parent.id, content: 'Edited parent', replies: [{ _id: reply.id, editedAt: null }] },
    ]);
  });

  it('does not mark it edited when the text is the same', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, {
      postId: post.id,
      authorId: author.user.id,
      content: 'Same',
    });
    const res = await editComment(post.id, comment.id, author.cookie, { content: 'Same' });
    expect(res.status).toBe(200);
    expect(res.body.comment.editedAt).toBeNull();
    expect((await commentRow(comment.id))?.editedAt).toBeNull();
  });

  it.each([
    ['blank content', 'Comment cannot be empty', { content: '   ' }],
    ['no content', 'Comment cannot be empty', {}],
    ['2001 characters', 'Comment must be 2000 characters or fewer', { content: 'x'.repeat(2001) }],
  ])('refuses %s with 400 %j and changes nothing', async (_case, message, body) => {
    const { commenter, ada, post, commentId } = await commentWithMention();
    const before = await commentRow(commentId);
    const res = await editComment(post.id, commentId, commenter.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await commentRow(commentId)).toEqual(before);
    expect(await mentionRows(commentId)).toEqual([ada.user.id]);
  });

  it("refuses someone else's comment — even the post's author — with 403, the database unchanged", async () => {
    const { author, ada, post, commentId } = await commentWithMention();
    const stranger = await signedInUser(t.context);
    const before = await commentRow(commentId);
    for (const other of [author, stranger, ada]) {
      const res = await editComment(post.id, commentId, other.cookie, { content: 'Hijacked' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'You can only edit your own comments',
        code: 'FORBIDDEN',
      });
    }
    expect(await commentRow(commentId)).toEqual(before);
    expect(await mentionRows(commentId)).toEqual([ada.user.id]);

    const listed = await request(t.app)
      .get(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie);
    expect(listed.body.comments[0]).toMatchObject({ _id: commentId, canEdit: false });
  });

  it('answers 404 for an unknown comment, a comment of another post, a deleted one, or a post the member may not see', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const otherPost = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, { postId: post.id, authorId: author.user.id });
    const unknownId = '00000000-0000-4000-8000-000000000000';

    const unknown = await editComment(post.id, unknownId, author.cookie, { content: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Comment not found' });
    const wrongPost = await editComment(otherPost.id, comment.id, author.cookie, { content: 'x' });
    expect(wrongPost.status).toBe(404);
    const noPost = await editComment(unknownId, comment.id, author.cookie, { content: 'x' });
    expect(noPost.status).toBe(404);
    expect(noPost.body).toMatchObject({ message: 'Post not found' });

    // On a post that became private, a member who did not write the comment hears "not found"
    // (its author still edits it: own-comments.test.ts).
    const commenter = await signedInUser(t.context);
    await request(t.app)
      .patch(`/api/posts/${post.id}`)
      .set('Cookie', author.cookie)
      .send({ privacy: 'private' })
      .expect(200);
    const hidden = await editComment(post.id, comment.id, commenter.cookie, { content: 'x' });
    expect(hidden.status).toBe(404);
    expect((await commentRow(comment.id))?.content).toBe('A comment');

    // A deleted placeholder (it has a reply) cannot be edited back to life.
    const parent = await buildComment(t.context, { postId: post.id, authorId: author.user.id });
    await buildComment(t.context, {
      postId: post.id,
      authorId: author.user.id,
      parentId: parent.id,
    });
    await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${parent.id}`)
      .set('Cookie', author.cookie)
      .expect(200);
    const deleted = await editComment(post.id, parent.id, author.cookie, { content: 'Back' });
    expect(deleted.status).toBe(404);
    expect(await commentRow(parent.id)).toMatchObject({ content: '', editedAt: null });
  });
});
