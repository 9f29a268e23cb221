import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, comments, mutes, postLikes, posts, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sessionCookieFor, signedInUser, TEST_PASSWORD } from '../../test/factories.js';
import { visibleMemberJoin } from '../users/index.js';
import { rowsOf, visibleCommentsCte } from './comment-visibility.js';
import { loadPostCounts } from './repo.js';
import {
  buildComment,
  buildLike,
  buildPost,
  disableMember,
  enableMember,
} from './test-factories.js';

/**
 * A feed page's counts start from the post's counters (post_stats, migration 0025) and correct
 * them for the viewer, finding comments by hidden authors by their flag (migration 0027). Whatever changes the rows — likes and unlikes, comments, replies and their
 * deletion, an account disabled, suspended, unverified, enabled or deleted, blocks either way,
 * mutes, a post deleted — each counter must equal a count of the rows, and every viewer must get
 * the answer of the exact query (every like joined to the visible members, every thread walked),
 * which the feed ran before (issue 18).
 */

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
type Member = Awaited<ReturnType<typeof signedInUser>>;
let author: Member;
/** Viewers: one with no blocks or mutes, and the ones each step blocks, is blocked by or mutes. */
let plain: Member;
let blocker: Member;
let blocked: Member;
let muter: Member;
let likers: Member[];
let commenters: Member[];
let postIds: string[];

interface Counted {
  likes: number;
  liked: boolean;
  comments: number;
}

/** The exact counts, as the feed read them before the counters: every row, every thread. */
async function exactCounts(viewerId: string, ids: string[]): Promise<Map<string, Counted>> {
  const result = await t.context.db.execute(sql`${visibleCommentsCte(viewerId, ids)}
    select p.id::text as post_id,
      (select count(*)::int from ${postLikes} inner join ${users}
        on ${visibleMemberJoin(viewerId, postLikes.userId)} where ${postLikes.postId} = p.id) as likes,
      exists (select 1 from ${postLikes} where ${postLikes.postId} = p.id
        and ${postLikes.userId} = ${viewerId}) as liked,
      (select count(*)::int from visible_comments vc
        where vc.post_id = p.id and vc.deleted_at is null) as comments
    from ${posts} p where p.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    rowsOf<{ post_id: string } & Counted>(result).map(({ post_id, ...counted }) => [
      post_id,
      counted,
    ]),
  );
}

async function counted(viewerId: string, ids: string[]): Promise<Map<string, Counted>> {
  const counts = await loadPostCounts(t.context.db, viewerId, ids);
  return new Map(
    ids.map((id) => {
      const likes = counts.likes.get(id) ?? { count: 0, likedByViewer: false };
      return [
        id,
        { likes: likes.count, liked: likes.likedByViewer, comments: counts.comments.get(id) ?? 0 },
      ];
    }),
  );
}

/** Each counter against a count of its rows, for every post that has any. */
async function countersOffByRows(): Promise<unknown[]> {
  const hidden = sql`not (u.status = 'active' and u.email_verified_at is not null)`;
  const result = await t.context.db.execute(sql`
    select p.id::text as post_id, s.likes_count, s.hidden_likes_count, s.comments_count,
      s.hidden_comments_count,
      (select count(*)::int from post_likes l where l.post_id = p.id) as likes,
      (select count(*)::int from post_likes l join users u on u.id = l.user_id
        where l.post_id = p.id and ${hidden}) as hidden_likes,
      (select count(*)::int from comments c where c.post_id = p.id and c.deleted_at is null)
        as live_comments,
      (select count(*)::int from comments c join users u on u.id = c.author_id
        where c.post_id = p.id and ${hidden}) as hidden_comments,
      (select count(*)::int from comments c left join users u on u.id = c.author_id
        where c.post_id = p.id and c.author_hidden <> (u.id is not null and ${hidden})) as wrong_flags
    from posts p left join post_stats s on s.post_id = p.id`);
  return rowsOf<Record<string, number | string | null>>(result).filter(
    (row) =>
      (row.likes_count ?? 0) !== row.likes ||
      (row.hidden_likes_count ?? 0) !== row.hidden_likes ||
      (row.comments_count ?? 0) !== row.live_comments ||
      (row.hidden_comments_count ?? 0) !== row.hidden_comments ||
      row.wrong_flags !== 0,
  );
}

/** Counters equal to their rows, and every viewer's counts equal to the exact query's. */
async function expectExact(step: string): Promise<void> {
  expect(await countersOffByRows(), step).toEqual([]);
  const ids = (await t.context.db.select({ id: posts.id }).from(posts)).map(({ id }) => id);
  // Besides the viewers with blocks and mutes, a liker and a commenter who are themselves hidden
  // at some steps (a member always sees their own likes and comments).
  const viewers = [plain, blocker, blocked, muter, author, likers[1]!, commenters[1]!];
  for (const viewer of viewers) {
    const exact = await exactCounts(viewer.user.id, ids);
    expect(await counted(viewer.user.id, ids), `${step}, seen by ${viewer.user.firstName}`).toEqual(
      exact,
    );
  }
  // The feeds read them the same way: the General feed's answer for the viewer with blocks.
  const feed = await request(t.app).get('/api/posts?limit=50').set('Cookie', blocker.cookie);
  expect(feed.status, step).toBe(200);
  const exact = await exactCounts(blocker.user.id, ids);
  for (const post of feed.body.posts as {
    _id: string;
    likesCount: number;
    commentsCount: number;
  }[]) {
    expect({ likes: post.likesCount, comments: post.commentsCount }, step).toEqual({
      likes: exact.get(post._id)!.likes,
      comments: exact.get(post._id)!.comments,
    });
  }
}

function member(name: string) {
  return signedInUser(t.context, {
    firstName: name,
    createdAt: new Date(t.clock.now().getTime() - 2 * DAY),
  });
}

async function setMember(userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.context.db.update(users).set(values).where(eq(users.id, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  author = await member('Author');
  plain = await member('Plain');
  blocker = await member('Blocker');
  blocked = await member('Blocked');
  muter = await member('Muter');
  likers = [await member('LikerA'), await member('LikerB'), await member('LikerC')];
  commenters = [await member('CommenterA'), await member('CommenterB'), await member('CommenterC')];
  postIds = [];
  for (let i = 0; i < 3; i += 1) {
    t.clock.advance(10);
    postIds.push((await buildPost(t.context, author.user.id)).id);
  }
});
afterAll(async () => {
  await t.close();
});

describe("a post's counters", () => {
  it('stay exact for every viewer through every change of likes, comments and members', async () => {
    const [first, second, third] = postIds as [string, string, string];
    const [likerA, likerB, likerC] = likers as [Member, Member, Member];
    const [commenterA, commenterB, commenterC] = commenters as [Member, Member, Member];
    await expectExact('no likes or comments');

    for (const liker of likers) await buildLike(t.context, first, liker.user.id);
    await buildLike(t.context, second, likerA.user.id);
    await buildLike(t.context, first, blocker.user.id);
    await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', plain.cookie)
      .send({ postId: first })
      .expect(200);
    await expectExact('likes');

    await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', plain.cookie)
      .send({ postId: first })
      .expect(200);
    await expectExact('an unlike');

    const top = await buildComment(t.context, { postId: first, authorId: commenterA.user.id });
    const reply = await buildComment(t.context, {
      postId: first,
      authorId: commenterB.user.id,
      parentId: top.id,
    });
    await buildComment(t.context, {
      postId: first,
      authorId: commenterC.user.id,
      parentId: reply.id,
    });
    const lone = await buildComment(t.context, { postId: second, authorId: commenterB.user.id });
    await buildComment(t.context, { postId: third, authorId: likerC.user.id });
    await expectExact('comments and replies');

    // A liker and a commenter with replies under them hidden from everyone, then back.
    await request(t.app)
      .post(`/api/users/${likerA.user.id}/disable`)
      .set('Cookie', likerA.cookie)
      .send({ currentPassword: TEST_PASSWORD })
      .expect(200);
    await disableMember(t.context, commenterA.user.id);
    await expectExact('a liker and a commenter disabled');
    await enableMember(t.context, likerA.user.id);
    await enableMember(t.context, commenterA.user.id);
    await expectExact('both enabled again');
    await setMember(commenterB.user.id, { status: 'suspended' });
    await setMember(likerB.user.id, { emailVerifiedAt: null });
    await expectExact('a commenter suspended, a liker unverified');
    await setMember(commenterB.user.id, { status: 'active' });
    await setMember(likerB.user.id, { emailVerifiedAt: t.clock.now() });
    await expectExact('both back');

    // A hidden member's like and comment written while hidden, then removed while hidden.
    await disableMember(t.context, likerC.user.id);
    await buildLike(t.context, third, likerC.user.id);
    const hiddenComment = await buildComment(t.context, {
      postId: second,
      authorId: likerC.user.id,
    });
    await expectExact('a like and a comment by a disabled member');
    await t.context.db.delete(postLikes).where(eq(postLikes.userId, likerC.user.id)).execute();
    await t.context.db.delete(comments).where(eq(comments.id, hiddenComment.id));
    await expectExact('removed while disabled');
    await enableMember(t.context, likerC.user.id);

    // Blocks both ways, and a mute: hidden from one viewer only.
    await t.context.db.insert(blocks).values([
      { blockerId: blocker.user.id, blockedId: likerB.user.id },
      { blockerId: blocker.user.id, blockedId: commenterB.user.id },
      { blockerId: likerA.user.id, blockedId: blocked.user.id },
      { blockerId: commenterA.user.id, blockedId: blocked.user.id },
    ]);
    await t.context.db
      .insert(mutes)
      .values({ muterId: muter.user.id, mutedId: commenterB.user.id });
    await expectExact('blocks both ways and a mute');
    await disableMember(t.context, likerB.user.id);
    await expectExact('a blocked liker also disabled');
    await enableMember(t.context, likerB.user.id);
    await t.context.db.delete(blocks).where(eq(blocks.blockerId, blocker.user.id));
    await t.context.db.delete(mutes).where(eq(mutes.muterId, muter.user.id));
    await expectExact('unblocked and unmuted');

    // Deleting a comment with replies leaves a placeholder; without, the row goes.
    await request(t.app)
      .delete(`/api/posts/${first}/comments/${reply.id}`)
      .set('Cookie', commenterB.cookie)
      .expect(200);
    await expectExact('a comment with a reply deleted (placeholder)');
    await request(t.app)
      .delete(`/api/posts/${second}/comments/${lone.id}`)
      .set('Cookie', commenterB.cookie)
      .expect(200);
    await expectExact('a comment without replies deleted');
    // A disabled author's placeholder still hides the reply beneath it.
    await disableMember(t.context, commenterB.user.id);
    await expectExact("a placeholder's author disabled");
    await enableMember(t.context, commenterB.user.id);

    // Accounts deleted: likes go, comments stay without author; a hidden member's too.
    await disableMember(t.context, commenterA.user.id);
    await request(t.app)
      .delete(`/api/users/${likerA.user.id}`)
      .set('Cookie', await sessionCookieFor(t.context, likerA.user.id))
      .send({ currentPassword: TEST_PASSWORD })
      .expect(200);
    await t.context.db.delete(users).where(eq(users.id, commenterA.user.id));
    likers = likers.filter((liker) => liker !== likerA);
    commenters = commenters.filter((commenter) => commenter !== commenterA);
    await expectExact('a liker and a disabled commenter deleted their accounts');

    await request(t.app).delete(`/api/posts/${first}`).set('Cookie', author.cookie).expect(200);
    await expectExact('a post deleted');
  });
});
