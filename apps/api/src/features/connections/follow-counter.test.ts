import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, memberStats, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, signedInUser } from '../../test/factories.js';
import { buildFollow } from '../posts/test-factories.js';
import { captureStatements, explainWithoutSeqScans } from '../../test/explain.js';

/**
 * Following a popular member must not count their followers (issue 18: 50k followers made the
 * toggle take 110–190 ms). The count comes from member_stats, which a trigger keeps in the same
 * transaction as every follow and unfollow, however the rows change.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counters(userId: string) {
  const [row] = await t.context.db.select().from(memberStats).where(eq(memberStats.userId, userId));
  const [{ followers, following }] = (
    (await t.context.db.execute(sql`select
      (select count(*)::int from ${follows} where ${follows.followeeId} = ${userId}) as followers,
      (select count(*)::int from ${follows} where ${follows.followerId} = ${userId}) as following`)) as unknown as {
      rows: { followers: number; following: number }[];
    }
  ).rows as [{ followers: number; following: number }];
  return {
    kept: [row?.followersCount ?? 0, row?.followingCount ?? 0],
    counted: [followers, following],
  };
}

describe('the follow toggle on a popular member', () => {
  it('reads no follows of the followee (no index walk or scan by followee): the counter instead', async () => {
    const star = await buildUser(t.context);
    for (let i = 0; i < 40; i += 1)
      await buildFollow(t.context, (await buildUser(t.context)).id, star.id);
    // Past the new-account limits (a new account's follows of strangers are counted first).
    const me = await signedInUser(t.context, {
      createdAt: new Date(t.clock.now().getTime() - 30 * DAY),
    });

    for (const expected of [
      { isFollowing: true, followersCount: 41 },
      { isFollowing: false, followersCount: 40 },
    ]) {
      const { result: res, statements } = await captureStatements(t.context.database, () =>
        request(t.app)
          .post('/api/connections/follow')
          .set('Cookie', me.cookie)
          .send({ userId: me.user.id, followedUserId: star.id }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(expected);
      // The pair's lock with the followee's visibility and policy, the toggle with the counter
      // (in one transaction); then the followee's notification made (or taken back) in one.
      const work = statements.filter(
        ({ text }) => !/"sessions"/.test(text) && !/^\s*(begin|commit)/i.test(text),
      );
      expect(work.map(({ text }) => text.trim().split(/\s/)[0]!.toLowerCase())).toEqual([
        'select',
        'with',
        expected.isFollowing ? 'with' : 'delete',
      ]);

      // The statements about the followee (the new-account limit reads the follower's own follows).
      const reads = statements.filter(
        ({ text, params }) => /^\s*(select|with|delete)/i.test(text) && params.includes(star.id),
      );
      expect(reads.length).toBeGreaterThan(0);
      for (const { text, params } of reads) {
        const plan = await explainWithoutSeqScans(t.context.db, text, params);
        expect(plan).not.toContain('follows_followee_created');
        expect(plan).not.toMatch(/Seq Scan on (follows|users)\b/);
      }
    }
  });

  it('keeps member_stats equal to the rows through follows, unfollows, approvals and deleted accounts', async () => {
    const star = await buildUser(t.context);
    const locked = await signedInUser(t.context, {});
    const fans = await Promise.all([0, 1, 2].map(() => signedInUser(t.context)));
    for (const fan of fans) {
      await request(t.app)
        .post('/api/connections/follow')
        .set('Cookie', fan.cookie)
        .send({ userId: fan.user.id, followedUserId: star.id })
        .expect(200);
      await buildFollow(t.context, fan.user.id, locked.user.id);
    }
    await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', fans[0]!.cookie)
      .send({ userId: fans[0]!.user.id, followedUserId: star.id })
      .expect(200);
    // A deleted account's follows go by cascade: its followees' counters follow.
    await t.context.db.delete(users).where(eq(users.id, fans[1]!.user.id));

    const starCounters = await counters(star.id);
    expect(starCounters.kept).toEqual(starCounters.counted);
    expect(starCounters.kept).toEqual([1, 0]);
    const lockedCounters = await counters(locked.user.id);
    expect(lockedCounters.kept).toEqual(lockedCounters.counted);
    const fanCounters = await counters(fans[2]!.user.id);
    expect(fanCounters.kept).toEqual([0, 2]);
  });
});
