import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { encodeCursor } from '../../db/keyset.js';
import { buildComment, buildFollow, buildLike, buildPost } from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface PostJson {
  _id: string;
  createdAt: string;
}

/** Follows nextCursor to the end, running `between` after each page. */
async function readAllPages(
  path: string,
  cookie: string,
  limit: number,
  between: () => Promise<void> = async () => {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await request(t.app).get(url).set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body.posts.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.posts.map((post: PostJson) => post._id));
    cursor = res.body.nextCursor;
    pages += 1;
    await between();
  } while (cursor);
  return { ids, pages };
}

describe('keyset paging of feeds', () => {
  it('skips and repeats no post while new posts arrive between pages, even posts sharing a timestamp', async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    await buildFollow(t.context, reader.user.id, author.user.id);
    const existing: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      // Groups of five share a millisecond: only the id orders them.
      if (i % 5 === 0) t.clock.advance(1000);
      existing.push((await buildPost(t.context, author.user.id, { title: `Post ${i}` })).id);
    }
    const arriving: string[] = [];
    const newPost = async () => {
      t.clock.advance(1000);
      arriving.push((await buildPost(t.context, author.user.id, { title: 'Late' })).id);
    };

    for (const path of [
      `/api/posts/user/${author.user.id}`,
      `/api/posts/following/${reader.user.id}`,
      `/api/posts?userId=${reader.user.id}`,
    ]) {
      const before = new Set(arriving);
      const { ids, pages } = await readAllPages(path, reader.cookie, 10, newPost);
      expect(new Set(ids).size).toBe(ids.length);
      const seenExisting = ids.filter((id) => existing.includes(id));
      expect(seenExisting).toHaveLength(45);
      // Posts that arrived after the first page never show up on later pages.
      expect(ids.filter((id) => arriving.includes(id) && !before.has(id))).toEqual([]);
      // The extra row fetched per page means the last page is never an empty one.
      expect(pages).toBe(Math.ceil(ids.length / 10));
    }
  });

  it('orders newest first, ties broken by id, and ends with nextCursor null', async () => {
    const author = await signedInUser(t.context);
    t.clock.advance(60_000);
    for (let i = 0; i < 7; i += 1) await buildPost(t.context, author.user.id);
    const res = await request(t.app)
      .get(`/api/posts/user/${author.user.id}?limit=50`)
      .set('Cookie', author.cookie);
    const ids = res.body.posts.map((post: PostJson) => post._id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(res.body.nextCursor).toBeNull();
  });

  it('pages exactly over timestamps the database wrote itself (microseconds)', async () => {
    const author = await signedInUser(t.context);
    const written: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      // No createdAt: the column default now() keeps microseconds a JS Date would round away.
      written.push((await buildPost(t.context, author.user.id, { createdAt: undefined })).id);
    }
    // now() may repeat between quick inserts (PGlite's clock is coarser than a server's), so the
    // expected order is the database's own: newest first, ties broken by id.
    const rows = await t.context.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.authorId, author.user.id))
      .orderBy(desc(posts.createdAt), desc(posts.id));
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(written));
    const { ids } = await readAllPages(`/api/posts/user/${author.user.id}`, author.cookie, 1);
    expect(ids).toEqual(rows.map((row) => row.id));
  });

  it('pages 20 by default and at most 50', async () => {
    const author = await signedInUser(t.context);
    for (let i = 0; i < 55; i += 1) await buildPost(t.context, author.user.id);
    const byDefault = await request(t.app)
      .get(`/api/posts/user/${author.user.id}`)
      .set('Cookie', author.cookie);
    expect(byDefault.body.posts).toHaveLength(20);
    expect(typeof byDefault.body.nextCursor).toBe('string');
    const max = await request(t.app)
      .get(`/api/posts/user/${author.user.id}?limit=50`)
      .set('Cookie', author.cookie);
    expect(max.body.posts).toHaveLength(50);
    const tooMany = await request(t.app)
      .get(`/api/posts/user/${author.user.id}?limit=51`)
      .set('Cookie', author.cookie);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('limit must be at most 50');
    const zero = await request(t.app)
      .get(`/api/posts/user/${author.user.id}?limit=0`)
      .set('Cookie', author.cookie);
    expect(zero.status).toBe(400);
  });

  it.each([
    'garbage',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from(JSON.stringify(['2025-01-01', 'x'])).toString('base64url'),
    Buffer.from(
      JSON.stringify(["2025-01-01T00:00:00.000000Z'; drop table posts;--", randomUUID()]),
    ).toString('base64url'),
  ])("refuses a cursor it did not issue (%s) with 400 'Invalid cursor'", async (cursor) => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .get(`/api/posts/user/${user.id}?cursor=${cursor}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid cursor');
  });

  it('accepts a well-formed cursor for a post that no longer exists', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const cursor = encodeCursor({ time: '2999-01-01T00:00:00.000000Z', id: randomUUID() });
    const res = await request(t.app)
      .get(`/api/posts/user/${user.id}?cursor=${cursor}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
  });
});

describe('hydrating a page', () => {
  it('sends the same number of SQL statements for a page of 5 posts and of 40', async () => {
    const author = await signedInUser(t.context);
    const reader = await signedInUser(t.context);
    const fans = [await signedInUser(t.context), await signedInUser(t.context)];
    await buildFollow(t.context, reader.user.id, author.user.id);

    const statementsFor = async (path: string) => {
      let count = 0;
      // The session's own reads and renewals depend on the clock, not on the page: left out.
      const stop = t.context.database.onQuery((text) => {
        if (!/"sessions"/.test(text)) count += 1;
      });
      try {
        const res = await request(t.app).get(path).set('Cookie', reader.cookie);
        expect(res.status).toBe(200);
        return { count, posts: res.body.posts.length as number };
      } finally {
        stop();
      }
    };
    const addPosts = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        t.clock.advance(10);
        const post = await buildPost(t.context, author.user.id, {
          privacy: i % 2 ? 'public' : 'followers',
        });
        for (const fan of fans) await buildLike(t.context, post.id, fan.user.id);
        const comment = await buildComment(t.context, {
          postId: post.id,
          authorId: fans[0]!.user.id,
        });
        await buildComment(t.context, {
          postId: post.id,
          authorId: fans[1]!.user.id,
          parentId: comment.id,
        });
      }
    };

    const paths = [
      `/api/posts/user/${author.user.id}?limit=50`,
      `/api/posts/following/${reader.user.id}?limit=50`,
    ];
    // One request at a time: the listener sees every statement the app sends.
    const measure = async () => {
      const results = [];
      for (const path of paths) results.push(await statementsFor(path));
      return results;
    };
    // The session check reads the database until the session is cached (issue 18): warm it first.
    await measure();
    await measure();
    await addPosts(5);
    const small = await measure();
    await addPosts(35);
    const large = await measure();
    for (const [i, path] of paths.entries()) {
      expect(small[i]!.posts, path).toBe(5);
      expect(large[i]!.posts, path).toBe(40);
      expect(large[i]!.count, path).toBe(small[i]!.count);
    }
    const page = await request(t.app).get(paths[0]!).set('Cookie', reader.cookie);
    expect(page.body.posts[0]).toMatchObject({ likesCount: 2, commentsCount: 2, isLiked: false });
  });
});
