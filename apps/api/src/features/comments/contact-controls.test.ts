import { eq, inArray } from 'drizzle-orm';
import { mentionText } from '@kindred/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../db/schema.js';
import { commentMentions, comments, posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

type Member = Awaited<ReturnType<typeof signedInUser>>;

/** A member whose account is a month old (the new-account limits do not apply). */
function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  return signedInUser(t.context, {
    createdAt: new Date(t.clock.now().getTime() - 30 * DAY),
    ...overrides,
  });
}

async function savePrivacy(cookie: string, settings: Record<string, unknown>) {
  const res = await request(t.app)
    .put('/api/users/me/privacy')
    .set('Cookie', cookie)
    .send({
      whoCanFollow: 'everyone',
      defaultCommentPolicy: 'everyone',
      whoCanMention: 'everyone',
      searchable: true,
      showLocation: true,
      ...settings,
    });
  expect(res.status).toBe(200);
}

function comment(actor: Member, postId: string, content: string, parentCommentId?: string) {
  return request(t.app)
    .post(`/api/posts/${postId}/comments`)
    .set('Cookie', actor.cookie)
    .send({ content, parentCommentId });
}

const commentsOn = (postId: string) =>
  t.context.db.select().from(comments).where(eq(comments.postId, postId));

describe('per-post comment policy', () => {
  it('is chosen when the post is written, and otherwise is the author’s default', async () => {
    const author = await member();
    const chosen = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .send({ title: 'Quiet', commentPolicy: 'nobody' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.post).toMatchObject({ commentPolicy: 'nobody', canComment: true });

    await savePrivacy(author.cookie, { defaultCommentPolicy: 'followers' });
    const defaulted = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .send({ title: 'Default' });
    expect(defaulted.body.post.commentPolicy).toBe('followers');
    const [row] = await t.context.db
      .select()
      .from(posts)
      .where(eq(posts.id, defaulted.body.post._id));
    expect(row!.commentPolicy).toBe('followers');

    const bad = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', author.cookie)
      .send({ title: 'Bad', commentPolicy: 'friends' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Who can comment must be everyone, followers or nobody');
  });

  it("'nobody': others are refused with 403 COMMENTS_NOT_ALLOWED (comments and replies, both endpoints), the author may; canComment says so", async () => {
    const author = await member();
    const fan = await member();
    await buildFollow(t.context, fan.user.id, author.user.id);
    const post = await buildPost(t.context, author.user.id, { commentPolicy: 'nobody' });
    const own = await comment(author, post.id, 'My own thoughts');
    expect(own.status).toBe(201);

    const refused = await comment(fan, post.id, 'Let me in');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'COMMENTS_NOT_ALLOWED',
      message: 'The author has turned off comments on this post',
    });
    const reply = await comment(fan, post.id, 'A reply', own.body.comment._id);
    expect(reply.status).toBe(403);
    const older = await request(t.app)
      .post('/api/posts/comment')
      .set('Cookie', fan.cookie)
      .send({ postId: post.id, content: 'Old endpoint' });
    expect(older.status).toBe(403);
    expect(await commentsOn(post.id)).toHaveLength(1);

    const feedAs = async (viewer: Member) =>
      (await request(t.app).get(`/api/posts/user/${author.user.id}`).set('Cookie', viewer.cookie))
        .body.posts[0];
    expect(await feedAs(fan)).toMatchObject({ commentPolicy: 'nobody', canComment: false });
    expect(await feedAs(author)).toMatchObject({ canComment: true });
  });

  it("'followers': a follower may comment, a stranger gets 'Only members who follow the author can comment on this post'", async () => {
    const author = await member();
    const follower = await member();
    const stranger = await member();
    await buildFollow(t.context, follower.user.id, author.user.id);
    const post = await buildPost(t.context, author.user.id, { commentPolicy: 'followers' });

    expect((await comment(follower, post.id, 'Hello friend')).status).toBe(201);
    const refused = await comment(stranger, post.id, 'Hi there');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only members who follow the author can comment on this post',
    );
    expect((await commentsOn(post.id)).map((c) => c.authorId)).toEqual([follower.user.id]);

    const page = await request(t.app).get('/api/posts').set('Cookie', stranger.cookie);
    const presented = page.body.posts.find((p: { _id: string }) => p._id === post.id);
    expect(presented).toMatchObject({ commentPolicy: 'followers', canComment: false });
    const asFollower = await request(t.app).get('/api/posts').set('Cookie', follower.cookie);
    expect(asFollower.body.posts.find((p: { _id: string }) => p._id === post.id).canComment).toBe(
      true,
    );
  });
});

describe('who can mention me', () => {
  it('keeps a mention of a member who does not accept it as plain text: no mention row, no link', async () => {
    const author = await member();
    const open = await member({ firstName: 'Open' });
    const closed = await member({ firstName: 'Closed' });
    const picky = await member({ firstName: 'Picky' });
    const pickyFan = await member();
    await savePrivacy(closed.cookie, { whoCanMention: 'nobody' });
    await savePrivacy(picky.cookie, { whoCanMention: 'followers' });
    await buildFollow(t.context, pickyFan.user.id, picky.user.id);
    const post = await buildPost(t.context, author.user.id);

    const text = [open, closed, picky]
      .map((m) => mentionText(`${m.user.firstName} ${m.user.lastName}`, m.user.id))
      .join(' ');
    const res = await comment(author, post.id, text);
    expect(res.status).toBe(201);
    expect(res.body.comment.mentions.map((m: { _id: string }) => m._id)).toEqual([open.user.id]);
    const rows = await t.context.db
      .select()
      .from(commentMentions)
      .where(eq(commentMentions.commentId, res.body.comment._id));
    expect(rows.map((r) => r.userId)).toEqual([open.user.id]);

    // One of the picky member's followers may mention them.
    const fromFan = await comment(pickyFan, post.id, mentionText('Picky', picky.user.id));
    expect(fromFan.body.comment.mentions.map((m: { _id: string }) => m._id)).toEqual([
      picky.user.id,
    ]);

    const listed = await request(t.app)
      .get(`/api/posts/${post.id}/comments`)
      .set('Cookie', author.cookie);
    const first = listed.body.comments.find((c: { _id: string }) => c._id === res.body.comment._id);
    expect(first.mentions.map((m: { _id: string }) => m._id)).toEqual([open.user.id]);
  });
});

describe('new accounts (younger than 24 hours)', () => {
  it('comment on at most 10 strangers’ posts a day; the 11th is refused with 429 and nothing is written', async () => {
    const newcomer = await signedInUser(t.context, { createdAt: t.clock.now() });
    const postIds: string[] = [];
    for (let i = 0; i < 11; i++) {
      const author = await member();
      postIds.push((await buildPost(t.context, author.user.id)).id);
    }
    for (const postId of postIds.slice(0, 10)) {
      expect((await comment(newcomer, postId, 'Hi!')).status).toBe(201);
    }
    const refused = await comment(newcomer, postIds[10]!, 'Hi!');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('NEW_ACCOUNT_LIMIT');
    expect(refused.body.message).toMatch(
      /^New accounts can comment on the posts of at most 10 members who don't follow them in their first day\. You can do more from \d\d:\d\d UTC\.$/,
    );
    expect(await commentsOn(postIds[10]!)).toHaveLength(0);

    // Their own post, and a post of someone who follows them, are not strangers'.
    const ownPost = await buildPost(t.context, newcomer.user.id);
    expect((await comment(newcomer, ownPost.id, 'Mine')).status).toBe(201);
    const friend = await member();
    await buildFollow(t.context, friend.user.id, newcomer.user.id);
    const friendPost = await buildPost(t.context, friend.user.id);
    expect((await comment(newcomer, friendPost.id, 'Hey')).status).toBe(201);

    t.clock.advance(DAY);
    expect((await comment(newcomer, postIds[10]!, 'Now')).status).toBe(201);
  });

  it('mention at most 10 strangers a day: the comment that would pass it is refused whole', async () => {
    const newcomer = await signedInUser(t.context, { createdAt: t.clock.now() });
    const ownPost = await buildPost(t.context, newcomer.user.id);
    const strangers: Member[] = [];
    for (let i = 0; i < 11; i++) strangers.push(await member());
    const mentions = (list: Member[]) =>
      list.map((m) => mentionText(m.user.firstName, m.user.id)).join(' ');

    expect((await comment(newcomer, ownPost.id, mentions(strangers.slice(0, 8)))).status).toBe(201);
    const refused = await comment(newcomer, ownPost.id, mentions(strangers.slice(8, 11)));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^New accounts can mention at most 10 members/);
    const written = await t.context.db
      .select()
      .from(comments)
      .where(eq(comments.postId, ownPost.id));
    expect(written).toHaveLength(1);
    const mentioned = await t.context.db
      .select()
      .from(commentMentions)
      .where(
        inArray(
          commentMentions.commentId,
          written.map((c) => c.id),
        ),
      );
    expect(mentioned).toHaveLength(8);

    // Two more still fit.
    expect((await comment(newcomer, ownPost.id, mentions(strangers.slice(8, 10)))).status).toBe(
      201,
    );
  });

  it('cannot pass the mention limit by editing a comment; re-saving the same mentions is fine', async () => {
    const newcomer = await signedInUser(t.context, { createdAt: t.clock.now() });
    const ownPost = await buildPost(t.context, newcomer.user.id);
    const strangers: Member[] = [];
    for (let i = 0; i < 11; i++) strangers.push(await member());
    const mentions = (list: Member[]) =>
      list.map((m) => mentionText(m.user.firstName, m.user.id)).join(' ');
    const edit = (commentId: string, content: string) =>
      request(t.app)
        .patch(`/api/posts/${ownPost.id}/comments/${commentId}`)
        .set('Cookie', newcomer.cookie)
        .send({ content });

    const full = await comment(newcomer, ownPost.id, mentions(strangers.slice(0, 10)));
    expect(full.status).toBe(201);
    const plain = await comment(newcomer, ownPost.id, 'Nobody here');
    expect(plain.status).toBe(201);

    const refused = await edit(plain.body.comment._id, `Now ${mentions(strangers.slice(10))}`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('NEW_ACCOUNT_LIMIT');
    const [row] = await t.context.db
      .select()
      .from(comments)
      .where(eq(comments.id, plain.body.comment._id));
    expect(row!.content).toBe('Nobody here');

    const same = await edit(full.body.comment._id, `Hello ${mentions(strangers.slice(0, 10))}`);
    expect(same.status).toBe(200);
  });

  it('do not limit an account older than a day', async () => {
    const settled = await member();
    const author = await member();
    const post = await buildPost(t.context, author.user.id);
    for (let i = 0; i < 11; i++)
      await buildComment(t.context, { postId: post.id, authorId: settled.user.id });
    expect((await comment(settled, post.id, 'Twelfth')).status).toBe(201);
  });
});
