import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser, type UserRow } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost, disableMember } from './test-factories.js';

/**
 * Who sees which post, for each privacy value, as the author, a follower and a stranger, with an
 * active author and a disabled one — on every read that returns posts or their comments.
 */

let t: TestApp;
type Member = { user: UserRow; cookie: string };
let author: Member;
let follower: Member;
let stranger: Member;
let disabledAuthor: Member;
/** title → post id, for the posts made here (other tests' posts are ignored). */
const postIds = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  author = await signedInUser(t.context, { firstName: 'Author' });
  follower = await signedInUser(t.context, { firstName: 'Follower' });
  stranger = await signedInUser(t.context, { firstName: 'Stranger' });
  disabledAuthor = await signedInUser(t.context, { firstName: 'Disabled' });
  await buildFollow(t.context, follower.user.id, author.user.id);
  await buildFollow(t.context, follower.user.id, disabledAuthor.user.id);
  await buildFollow(t.context, stranger.user.id, follower.user.id);
  for (const privacy of ['public', 'followers', 'private'] as const) {
    for (const [name, member] of [
      ['author', author],
      ['disabled', disabledAuthor],
    ] as const) {
      const post = await buildPost(t.context, member.user.id, {
        privacy,
        title: `${name}:${privacy}`,
      });
      postIds.set(post.title, post.id);
      await buildComment(t.context, { postId: post.id, authorId: member.user.id });
      t.clock.advance(1000);
    }
  }
  await disableMember(t.context, disabledAuthor.user.id);
});
afterAll(async () => {
  await t.close();
});

const viewers = () => ({ author, follower, stranger });
type ViewerName = 'author' | 'follower' | 'stranger';

const ALL = ['author:public', 'author:followers', 'author:private'];
/** What each viewer may see at all (a profile's posts, comments, likes). */
const MAY_SEE: Record<ViewerName, string[]> = {
  author: ALL,
  follower: ['author:public', 'author:followers'],
  stranger: ['author:public'],
};

function titlesOf(posts: { _id: string; title: string }[]): string[] {
  const ours = new Set(postIds.values());
  return posts
    .filter((post) => ours.has(post._id))
    .map((post) => post.title)
    .sort();
}

describe('post visibility', () => {
  it.each([
    // General tab: public posts of active members plus the viewer's own posts.
    ['author', ALL],
    ['follower', ['author:public']],
    ['stranger', ['author:public']],
  ] as const)('General feed as the %s shows %j', async (name, expected) => {
    const viewer = viewers()[name];
    const res = await request(t.app)
      .get(`/api/posts?userId=${viewer.user.id}&limit=50`)
      .set('Cookie', viewer.cookie);
    expect(res.status).toBe(200);
    expect(titlesOf(res.body.posts)).toEqual([...expected].sort());
  });

  it.each([
    ['author', []],
    ['follower', ['author:followers', 'author:public']],
    // The stranger follows the follower, who has no posts: nothing of the author's.
    ['stranger', []],
  ] as const)('People You Follow as the %s shows %j', async (name, expected) => {
    const viewer = viewers()[name];
    const res = await request(t.app)
      .get(`/api/posts/following/${viewer.user.id}`)
      .set('Cookie', viewer.cookie);
    expect(res.status).toBe(200);
    expect(titlesOf(res.body.posts)).toEqual([...expected].sort());
  });

  it.each(['author', 'follower', 'stranger'] as const)(
    "the author's profile as the %s shows only what they may see",
    async (name) => {
      const viewer = viewers()[name];
      const res = await request(t.app)
        .get(`/api/posts/user/${author.user.id}`)
        .set('Cookie', viewer.cookie);
      expect(res.status).toBe(200);
      expect(titlesOf(res.body.posts)).toEqual([...MAY_SEE[name]].sort());
      for (const post of res.body.posts) expect(post.canDelete).toBe(name === 'author');
    },
  );

  it.each(['author', 'follower', 'stranger'] as const)(
    "comments of each post as the %s: listed when the post is visible, 404 'Post not found' otherwise",
    async (name) => {
      const viewer = viewers()[name];
      for (const privacy of ['public', 'followers', 'private']) {
        const title = `author:${privacy}`;
        const res = await request(t.app)
          .get(`/api/posts/${postIds.get(title)}/comments`)
          .set('Cookie', viewer.cookie);
        if (MAY_SEE[name].includes(title)) {
          expect(res.status).toBe(200);
          expect(res.body.comments).toHaveLength(1);
        } else {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({
            success: false,
            message: 'Post not found',
            code: 'NOT_FOUND',
          });
        }
      }
    },
  );

  it.each(['follower', 'stranger'] as const)(
    'as the %s, likes and comments on a post they may not see answer 404',
    async (name) => {
      const viewer = viewers()[name];
      const hidden = postIds.get('author:private')!;
      const like = await request(t.app)
        .post('/api/posts/like')
        .set('Cookie', viewer.cookie)
        .send({ postId: hidden });
      expect(like.status).toBe(404);
      const comment = await request(t.app)
        .post(`/api/posts/${hidden}/comments`)
        .set('Cookie', viewer.cookie)
        .send({ content: 'Can I?' });
      expect(comment.status).toBe(404);
    },
  );

  describe("a disabled member's posts are hidden from everyone", () => {
    const disabledTitles = ['disabled:public', 'disabled:followers', 'disabled:private'];

    it.each(['author', 'follower', 'stranger'] as const)(
      'in every feed of the %s',
      async (name) => {
        const viewer = viewers()[name];
        const feeds = await Promise.all([
          request(t.app)
            .get(`/api/posts?userId=${viewer.user.id}&limit=50`)
            .set('Cookie', viewer.cookie),
          request(t.app).get(`/api/posts/following/${viewer.user.id}`).set('Cookie', viewer.cookie),
          request(t.app)
            .get(`/api/posts/user/${disabledAuthor.user.id}`)
            .set('Cookie', viewer.cookie),
        ]);
        for (const feed of feeds) {
          expect(feed.status).toBe(200);
          for (const title of disabledTitles)
            expect(titlesOf(feed.body.posts)).not.toContain(title);
        }
      },
    );

    it.each(['author', 'follower', 'stranger'] as const)(
      'with their comments, as the %s',
      async (name) => {
        const viewer = viewers()[name];
        for (const title of disabledTitles) {
          const res = await request(t.app)
            .get(`/api/posts/${postIds.get(title)}/comments`)
            .set('Cookie', viewer.cookie);
          expect(res.status).toBe(404);
        }
      },
    );
  });

  it("refuses to read another member's General or Following feed (403)", async () => {
    const general = await request(t.app)
      .get(`/api/posts?userId=${author.user.id}`)
      .set('Cookie', stranger.cookie);
    expect(general.status).toBe(403);
    const following = await request(t.app)
      .get(`/api/posts/following/${follower.user.id}`)
      .set('Cookie', stranger.cookie);
    expect(following.status).toBe(403);
  });

  it('answers 401 to feeds without a signed-in member', async () => {
    expect((await request(t.app).get('/api/posts')).status).toBe(401);
    expect((await request(t.app).get(`/api/posts/user/${author.user.id}`)).status).toBe(401);
  });
});
