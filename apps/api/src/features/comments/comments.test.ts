import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentMentions, comments, photos } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { loadMemberSummaries } from '../users/index.js';
import { signedInUser, type UserRow } from '../../test/factories.js';
import {
  buildComment,
  buildFollow,
  buildPost,
  deleteMember,
  disableMember,
  enableMember,
} from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface CommentJson {
  _id: string;
  content: string;
  deleted: boolean;
  replies: CommentJson[];
  userId: { _id: string } | null;
}

async function listComments(postId: string, cookie: string): Promise<CommentJson[]> {
  const res = await request(t.app).get(`/api/posts/${postId}/comments`).set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body.comments;
}

async function commentsCount(authorId: string, postId: string, cookie: string): Promise<number> {
  const res = await request(t.app)
    .get(`/api/posts/user/${authorId}?limit=50`)
    .set('Cookie', cookie);
  return res.body.posts.find((post: { _id: string }) => post._id === postId).commentsCount;
}

const commentRow = async (id: string) =>
  (await t.context.db.select().from(comments).where(eq(comments.id, id)))[0];

describe('POST /api/posts/{postId}/comments', () => {
  it("adds a comment: 201 'Comment added successfully' with the presented comment", async () => {
    const author = await signedInUser(t.context);
    const commenter = await signedInUser(t.context, { firstName: 'Cy', lastName: 'Commenter' });
    const post = await buildPost(t.context, author.user.id);
    const res = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', commenter.cookie)
      .send({ userId: commenter.user.id, content: '  Nice post!  ', parentCommentId: null });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Comment added successfully',
      comment: {
        _id: expect.any(String),
        userId: {
          _id: commenter.user.id,
          firstName: 'Cy',
          lastName: 'Commenter',
          profilePicture: null,
          verifiedBadge: true,
          photoVerified: false,
        },
        authorDeleted: false,
        content: 'Nice post!',
        createdAt: t.clock.now().toISOString(),
        editedAt: null,
        mentions: [],
        replies: [],
        deleted: false,
        canDelete: true,
        canEdit: true,
      },
    });
    expect(await commentRow(res.body.comment._id)).toMatchObject({
      postId: post.id,
      authorId: commenter.user.id,
      parentId: null,
      content: 'Nice post!',
    });
  });

  it("nests replies to any depth: 'Reply added successfully', listed as a tree under replies", async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const say = async (member: { cookie: string }, content: string, parentCommentId?: string) => {
      const res = await request(t.app)
        .post(`/api/posts/${post.id}/comments`)
        .set('Cookie', member.cookie)
        .send({ content, parentCommentId });
      expect(res.status).toBe(201);
      t.clock.advance(1000);
      return res.body as { message: string; comment: CommentJson };
    };
    const first = await say(author, 'first');
    await say(other, 'second');
    const reply = await say(other, 'reply', first.comment._id);
    expect(reply.message).toBe('Reply added successfully');
    const deeper = await say(author, 'deeper', reply.comment._id);
    await say(other, 'deepest', deeper.comment._id);
    await say(author, 'another reply', first.comment._id);

    const tree = await listComments(post.id, other.cookie);
    const shape = (list: CommentJson[]): unknown =>
      list.map((c) => ({ content: c.content, replies: shape(c.replies) }));
    expect(shape(tree)).toEqual([
      {
        content: 'first',
        replies: [
          {
            content: 'reply',
            replies: [{ content: 'deeper', replies: [{ content: 'deepest', replies: [] }] }],
          },
          { content: 'another reply', replies: [] },
        ],
      },
      { content: 'second', replies: [] },
    ]);
    expect(await commentsCount(author.user.id, post.id, other.cookie)).toBe(6);
  });

  it("refuses a parent from another post, or unknown, with 404 'Comment not found'", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id);
    const elsewhere = await buildPost(t.context, user.id);
    const foreign = await buildComment(t.context, { postId: elsewhere.id, authorId: user.id });
    for (const parentCommentId of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await request(t.app)
        .post(`/api/posts/${post.id}/comments`)
        .set('Cookie', cookie)
        .send({ content: 'reply', parentCommentId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Comment not found');
    }
    const malformed = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', cookie)
      .send({ content: 'reply', parentCommentId: 'abc' });
    expect(malformed.status).toBe(400);
    expect(
      await t.context.db.select().from(comments).where(eq(comments.postId, post.id)),
    ).toHaveLength(0);
  });

  it.each([
    ['', 'Comment cannot be empty'],
    ['   \n\t ', 'Comment cannot be empty'],
    [undefined, 'Comment cannot be empty'],
    ['x'.repeat(2001), 'Comment must be 2000 characters or fewer'],
  ])('refuses content %j with %s', async (content, message) => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id);
    const res = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', cookie)
      .send({ content });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('accepts exactly 2000 characters after trimming', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const post = await buildPost(t.context, user.id);
    const res = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', cookie)
      .send({ content: `  ${'é'.repeat(2000)}  ` });
    expect(res.status).toBe(201);
  });

  it('refuses to comment as another member (403) and writes nothing', async () => {
    const author = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const res = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', other.cookie)
      .send({ userId: author.user.id, content: 'as you' });
    expect(res.status).toBe(403);
    expect(
      await t.context.db.select().from(comments).where(eq(comments.postId, post.id)),
    ).toHaveLength(0);
  });

  it('records mentions of active members only, once each, and drops unknown and disabled ids', async () => {
    const author = await signedInUser(t.context);
    const ada = await signedInUser(t.context, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await signedInUser(t.context, { firstName: 'Bob', lastName: 'Builder' });
    const gone = await signedInUser(t.context, { firstName: 'Gone' });
    await disableMember(t.context, gone.user.id);
    const unknown = '00000000-0000-4000-8000-00000000beef';
    const post = await buildPost(t.context, author.user.id);
    const content =
      `@[Bob](${bob.user.id}) meet @[Ada L](${ada.user.id}), ` +
      `@[Gone](${gone.user.id}) @[Nobody](${unknown}) @[Bob again](${bob.user.id.toUpperCase()})`;
    const res = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie)
      .send({ content });
    expect(res.status).toBe(201);
    expect(res.body.comment.content).toBe(content);
    expect(res.body.comment.mentions).toEqual([
      { _id: bob.user.id, firstName: 'Bob', lastName: 'Builder' },
      { _id: ada.user.id, firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    const stored = await t.context.db
      .select({ userId: commentMentions.userId })
      .from(commentMentions)
      .where(eq(commentMentions.commentId, res.body.comment._id));
    expect(stored.map((row) => row.userId).sort()).toEqual([ada.user.id, bob.user.id].sort());

    const [listed] = await listComments(post.id, author.cookie);
    expect(listed).toMatchObject({ mentions: res.body.comment.mentions });

    // A mentioned member who disables their account drops out of the list.
    await disableMember(t.context, bob.user.id);
    const [later] = await listComments(post.id, author.cookie);
    expect(later).toMatchObject({
      mentions: [{ _id: ada.user.id, firstName: 'Ada', lastName: 'Lovelace' }],
    });
    await enableMember(t.context, bob.user.id);
  });
});

describe('POST /api/posts/comment', () => {
  it('adds a top-level comment: 201 {success, comment}', async () => {
    const author = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const res = await request(t.app)
      .post('/api/posts/comment')
      .set('Cookie', author.cookie)
      .send({ postId: post.id, userId: author.user.id, content: 'Old style' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      comment: { content: 'Old style', replies: [] },
    });
  });

  it("answers 404 'Post not found' for a post the member may not see", async () => {
    const author = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id, { privacy: 'followers' });
    const res = await request(t.app)
      .post('/api/posts/comment')
      .set('Cookie', stranger.cookie)
      .send({ postId: post.id, content: 'hi' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Post not found');
  });
});

describe('DELETE /api/posts/{postId}/comments/{commentId}', () => {
  let author: { user: UserRow; cookie: string };
  let commenter: { user: UserRow; cookie: string };
  beforeAll(async () => {
    author = await signedInUser(t.context);
    commenter = await signedInUser(t.context);
  });

  it("lets the comment's author delete a comment without replies: the row goes", async () => {
    const post = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, { postId: post.id, authorId: commenter.user.id });
    const res = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${comment.id}`)
      .set('Cookie', commenter.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Comment deleted successfully' });
    expect(await commentRow(comment.id)).toBeUndefined();
  });

  it("refuses anyone else — the post's author included — with 403 'You can only delete your own comments'", async () => {
    const post = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, {
      postId: post.id,
      authorId: commenter.user.id,
      content: 'keep me',
    });
    const stranger = await signedInUser(t.context);
    for (const member of [author, stranger]) {
      const res = await request(t.app)
        .delete(`/api/posts/${post.id}/comments/${comment.id}`)
        .set('Cookie', member.cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'You can only delete your own comments',
      });
    }
    expect(await commentRow(comment.id)).toMatchObject({ content: 'keep me', deletedAt: null });
    const [listed] = await listComments(post.id, author.cookie);
    expect(listed).toMatchObject({ canDelete: false });
    expect((await listComments(post.id, commenter.cookie))[0]).toMatchObject({ canDelete: true });
  });

  it("answers 404 for a comment of another post, and 'Post not found' for someone else's comment on a hidden post", async () => {
    const post = await buildPost(t.context, author.user.id);
    const other = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, {
      postId: other.id,
      authorId: commenter.user.id,
    });
    const res = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${comment.id}`)
      .set('Cookie', commenter.cookie);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Comment not found');

    const secret = await buildPost(t.context, author.user.id, { privacy: 'private' });
    const authors = await buildComment(t.context, { postId: secret.id, authorId: author.user.id });
    const hidden = await request(t.app)
      .delete(`/api/posts/${secret.id}/comments/${authors.id}`)
      .set('Cookie', commenter.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Post not found');
    expect(await commentRow(authors.id)).toBeDefined();
  });

  it('keeps a comment with replies as an empty placeholder; the replies stay; the count drops by one', async () => {
    const post = await buildPost(t.context, author.user.id);
    const parent = await buildComment(t.context, {
      postId: post.id,
      authorId: commenter.user.id,
      content: `secret @[A](${author.user.id})`,
    });
    await t.context.db
      .insert(commentMentions)
      .values({ commentId: parent.id, userId: author.user.id });
    const reply = await buildComment(t.context, {
      postId: post.id,
      authorId: author.user.id,
      parentId: parent.id,
    });
    expect(await commentsCount(author.user.id, post.id, author.cookie)).toBe(2);

    const res = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${parent.id}`)
      .set('Cookie', commenter.cookie);
    expect(res.status).toBe(200);
    expect(await commentRow(parent.id)).toMatchObject({ content: '', deletedAt: expect.any(Date) });
    expect(
      await t.context.db
        .select()
        .from(commentMentions)
        .where(eq(commentMentions.commentId, parent.id)),
    ).toEqual([]);

    const [placeholder] = await listComments(post.id, author.cookie);
    expect(placeholder).toEqual({
      _id: parent.id,
      userId: null,
      authorDeleted: false,
      content: '',
      createdAt: expect.any(String),
      editedAt: null,
      mentions: [],
      replies: [expect.objectContaining({ _id: reply.id, content: 'A comment' })],
      deleted: true,
      canDelete: false,
      canEdit: false,
    });
    expect(await commentsCount(author.user.id, post.id, author.cookie)).toBe(1);

    // Deleting it again, or replying to it, finds nothing.
    const again = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${parent.id}`)
      .set('Cookie', commenter.cookie);
    expect(again.status).toBe(404);
    const replyToIt = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie)
      .send({ content: 'hello?', parentCommentId: parent.id });
    expect(replyToIt.status).toBe(404);

    // When its last reply goes, the placeholder has nothing left to hold and goes too.
    const last = await request(t.app)
      .delete(`/api/posts/${post.id}/comments/${reply.id}`)
      .set('Cookie', author.cookie);
    expect(last.status).toBe(200);
    expect(await commentRow(reply.id)).toBeUndefined();
    expect(await commentRow(parent.id)).toBeUndefined();
    expect(await listComments(post.id, author.cookie)).toEqual([]);
    expect(await commentsCount(author.user.id, post.id, author.cookie)).toBe(0);
  });
});

describe('comments and the state of their authors', () => {
  it('shows each author as everywhere else: names, profile picture, verified badge and photo check', async () => {
    const author = await signedInUser(t.context);
    const verified = await signedInUser(t.context, {
      firstName: 'Vera',
      lastName: 'Verified',
      photoVerifiedAt: t.clock.now(),
    });
    const partly = await signedInUser(t.context, { firstName: 'Pat', totpEnabledAt: null });
    await t.context.db.insert(photos).values({
      userId: verified.user.id,
      position: 0,
      storageKey: 'photo-full.webp',
      thumbnailKey: 'photo-thumbnail.webp',
      width: 10,
      height: 10,
      bytes: 10,
    });
    const post = await buildPost(t.context, author.user.id);
    const first = await buildComment(t.context, { postId: post.id, authorId: verified.user.id });
    await buildComment(t.context, {
      postId: post.id,
      authorId: partly.user.id,
      parentId: first.id,
    });
    const [listed] = await listComments(post.id, author.cookie);
    const summaries = await loadMemberSummaries(t.context.db, author.user.id, [
      verified.user.id,
      partly.user.id,
    ]);
    expect(listed!.userId).toEqual(summaries.get(verified.user.id));
    expect(listed!.userId).toMatchObject({ verifiedBadge: true, photoVerified: true });
    expect(listed!.userId).toHaveProperty(
      'profilePicture',
      expect.stringContaining('photo-thumbnail'),
    );
    expect(listed!.replies[0]!.userId).toEqual(summaries.get(partly.user.id));
    expect(listed!.replies[0]!.userId).toMatchObject({
      verifiedBadge: false,
      photoVerified: false,
      profilePicture: null,
    });
  });

  it("keeps the comments of a deleted account, without author ('Deleted User')", async () => {
    const author = await signedInUser(t.context);
    const leaver = await signedInUser(t.context);
    const post = await buildPost(t.context, author.user.id);
    const comment = await buildComment(t.context, {
      postId: post.id,
      authorId: leaver.user.id,
      content: 'bye',
    });
    await deleteMember(t.context, leaver.user.id);
    const [listed] = await listComments(post.id, author.cookie);
    expect(listed).toMatchObject({
      _id: comment.id,
      userId: null,
      authorDeleted: true,
      content: 'bye',
      canDelete: false,
    });
    expect(await commentsCount(author.user.id, post.id, author.cookie)).toBe(1);
  });

  it('hides the comments of a disabled account with the replies beneath them, until it returns', async () => {
    const author = await signedInUser(t.context);
    const quiet = await signedInUser(t.context);
    const follower = await signedInUser(t.context);
    await buildFollow(t.context, follower.user.id, author.user.id);
    const post = await buildPost(t.context, author.user.id, { privacy: 'followers' });
    const visible = await buildComment(t.context, {
      postId: post.id,
      authorId: follower.user.id,
      content: 'visible',
    });
    const hidden = await buildComment(t.context, {
      postId: post.id,
      authorId: quiet.user.id,
      content: 'hidden',
    });
    await buildComment(t.context, {
      postId: post.id,
      authorId: author.user.id,
      parentId: hidden.id,
      content: 'under hidden',
    });
    await buildComment(t.context, {
      postId: post.id,
      authorId: quiet.user.id,
      parentId: visible.id,
      content: 'hidden reply',
    });
    expect(await commentsCount(author.user.id, post.id, follower.cookie)).toBe(4);

    await disableMember(t.context, quiet.user.id);
    const listed = await listComments(post.id, follower.cookie);
    expect(listed.map((c) => ({ content: c.content, replies: c.replies.length }))).toEqual([
      { content: 'visible', replies: 0 },
    ]);
    expect(await commentsCount(author.user.id, post.id, follower.cookie)).toBe(1);

    // Nobody can reply to, or delete, what they cannot see.
    const reply = await request(t.app)
      .post(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie)
      .send({ content: 'hm', parentCommentId: hidden.id });
    expect(reply.status).toBe(404);

    await enableMember(t.context, quiet.user.id);
    expect(await commentsCount(author.user.id, post.id, follower.cookie)).toBe(4);
  });
});
