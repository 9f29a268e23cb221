import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes, postStats, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, signedInUser } from '../../test/factories.js';
import { buildLike, buildPost } from './test-factories.js';
import { captureStatements, explainWithoutSeqScans } from '../../test/explain.js';

/**
 * Liking a popular post must not count its likes (issue 18: writes within 30 ms whatever the
 * target's popularity). The count comes from post_stats, which a trigger keeps in the same
 * transaction as every like and unlike, however the rows change.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counters(postId: string) {
  const [row] = await t.context.db.select().from(postStats).where(eq(postStats.postId, postId));
  const rows = await t.context.db.select().from(postLikes).where(eq(postLikes.postId, postId));
  return { kept: row?.likesCount ?? 0, counted: rows.length };
}

describe('the like toggle on a popular post', () => {
  it("reads no other member's like of the post: the counter instead", async () => {
    const author = await buildUser(t.context);
    const post = await buildPost(t.context, author.id);
    for (let i = 0; i < 40; i += 1)
      await buildLike(t.context, post.id, (await buildUser(t.context)).id);
    const me = await signedInUser(t.context);

    for (const expected of [
      { isLiked: true, likesCount: 41 },
      { isLiked: false, likesCount: 40 },
    ]) {
      const { result: res, statements } = await captureStatements(t.context.database, () =>
        request(t.app).post('/api/posts/like').set('Cookie', me.cookie).send({ postId: post.id }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(expected);
      // The toggle's own statements (begin and commit aside, which only PostgreSQL's driver sends):
      // the post with the pair's lock, then the toggle with the count. The author's notification
      // follows them.
      const own = statements.filter(
        ({ text }) => !/"sessions"/.test(text) && !/^\s*(begin|commit)\b/i.test(text),
      );
      expect(own.slice(0, 2).map(({ text }) => text.trim().split(/\s+/)[0])).toEqual([
        'select',
        'with',
      ]);
      expect(own[0]!.text).toMatch(/pg_advisory_xact_lock/);
      expect(own[1]!.text).toMatch(/insert into "post_likes"/);
      expect(own.slice(2).some(({ text }) => /"post_likes"|"post_stats"/.test(text))).toBe(false);

      const aboutLikes = statements.filter(
        ({ text, params }) => /"post_likes"/.test(text) && params.includes(post.id),
      );
      expect(aboutLikes.length).toBeGreaterThan(0);
      for (const { text, params } of aboutLikes) {
        // Only the pair's own row, by the primary key (post_id, user_id): never all the post's likes.
        expect(params, text).toContain(me.user.id);
        const plan = await explainWithoutSeqScans(t.context.db, text, params);
        expect(plan).not.toMatch(/Seq Scan on (post_likes|users)\b/);
        expect(plan).not.toMatch(/Aggregate/);
      }
    }
  });

  it('keeps post_stats equal to the rows through likes, unlikes and deleted accounts', async () => {
    const author = await buildUser(t.context);
    const post = await buildPost(t.context, author.id);
    const fans = await Promise.all([0, 1, 2].map(() => signedInUser(t.context)));
    for (const fan of fans) {
      await request(t.app)
        .post('/api/posts/like')
        .set('Cookie', fan.cookie)
        .send({ postId: post.id })
        .expect(200);
    }
    await request(t.app)
      .post('/api/posts/like')
      .set('Cookie', fans[0]!.cookie)
      .send({ postId: post.id })
      .expect(200);
    // A deleted account's likes go by cascade: the post's counter follows.
    await t.context.db.delete(users).where(eq(users.id, fans[1]!.user.id));

    const kept = await counters(post.id);
    expect(kept.kept).toEqual(kept.counted);
    expect(kept.kept).toBe(1);
  });
});
