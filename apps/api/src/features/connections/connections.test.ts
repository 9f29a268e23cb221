import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow, disableMember, enableMember } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const followRows = (followerId: string, followeeId: string) =>
  t.context.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));

describe('POST /api/connections/follow', () => {
  it("follows, then unfollows: 'Followed successfully' / 'Unfollowed successfully' with the exact follower count", async () => {
    const me = await signedInUser(t.context);
    const star = await signedInUser(t.context);
    const fan = await signedInUser(t.context);
    await buildFollow(t.context, fan.user.id, star.user.id);

    const follow = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', me.cookie)
      .send({ userId: me.user.id, followedUserId: star.user.id });
    expect(follow.status).toBe(200);
    expect(follow.body).toEqual({
      success: true,
      isFollowing: true,
      isRequested: false,
      message: 'Followed successfully',
      followersCount: 2,
    });
    expect(await followRows(me.user.id, star.user.id)).toHaveLength(1);

    const check = await request(t.app)
      .post('/api/connections/isFollowing')
      .set('Cookie', me.cookie)
      .send({ userId: me.user.id, followedUserId: star.user.id });
    expect(check.body).toEqual({ success: true, isConnection: true, isRequested: false });

    const unfollow = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', me.cookie)
      .send({ userId: me.user.id, followedUserId: star.user.id });
    expect(unfollow.body).toEqual({
      success: true,
      isFollowing: false,
      isRequested: false,
      message: 'Unfollowed successfully',
      followersCount: 1,
    });
    expect(await followRows(me.user.id, star.user.id)).toHaveLength(0);
    const after = await request(t.app)
      .post('/api/connections/isFollowing')
      .set('Cookie', me.cookie)
      .send({ followedUserId: star.user.id });
    expect(after.body).toEqual({ success: true, isConnection: false, isRequested: false });
  });

  it("refuses following yourself with 400 'You cannot follow yourself'", async () => {
    const me = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', me.cookie)
      .send({ userId: me.user.id, followedUserId: me.user.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'You cannot follow yourself',
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses to follow on behalf of another member (403) and changes nothing', async () => {
    const me = await signedInUser(t.context);
    const victim = await signedInUser(t.context);
    const target = await signedInUser(t.context);
    const res = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', me.cookie)
      .send({ userId: victim.user.id, followedUserId: target.user.id });
    expect(res.status).toBe(403);
    expect(await followRows(victim.user.id, target.user.id)).toHaveLength(0);
    const peek = await request(t.app)
      .post('/api/connections/isFollowing')
      .set('Cookie', me.cookie)
      .send({ userId: victim.user.id, followedUserId: target.user.id });
    expect(peek.status).toBe(403);
  });

  it("answers 404 'User not found' for an unknown or disabled member, and 400 for a malformed id", async () => {
    const me = await signedInUser(t.context);
    const away = await signedInUser(t.context);
    await disableMember(t.context, away.user.id);
    for (const followedUserId of [away.user.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await request(t.app)
        .post('/api/connections/follow')
        .set('Cookie', me.cookie)
        .send({ followedUserId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found');
    }
    expect(await followRows(me.user.id, away.user.id)).toHaveLength(0);
    const malformed = await request(t.app)
      .post('/api/connections/follow')
      .set('Cookie', me.cookie)
      .send({ followedUserId: 'someone' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid ID');
  });

  it('ends 20 parallel toggles by one member exactly as 20 sequential ones would', async () => {
    const me = await signedInUser(t.context);
    const star = await signedInUser(t.context);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post('/api/connections/follow')
          .set('Cookie', me.cookie)
          .send({ followedUserId: star.user.id }),
      ),
    );
    expect(responses.every((res) => res.status === 200)).toBe(true);
    expect(responses.filter((res) => res.body.isFollowing === true)).toHaveLength(10);
    for (const res of responses) expect(res.body.followersCount).toBe(res.body.isFollowing ? 1 : 0);
    expect(await followRows(me.user.id, star.user.id)).toHaveLength(0);
    const counts = await request(t.app)
      .get(`/api/connections/getFollowersAndFollowings/${star.user.id}`)
      .set('Cookie', me.cookie);
    expect(counts.body).toEqual({ success: true, followersCount: 0, followingsCount: 0 });
  });

  it('answers 401 without a signed-in member', async () => {
    const res = await request(t.app)
      .post('/api/connections/follow')
      .send({ followedUserId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(401);
  });
});

describe('follower and following counts and lists', () => {
  it('counts active followers and followings only', async () => {
    const me = await signedInUser(t.context);
    const [a, b, c] = [
      await signedInUser(t.context),
      await signedInUser(t.context),
      await signedInUser(t.context),
    ];
    await buildFollow(t.context, a.user.id, me.user.id);
    await buildFollow(t.context, b.user.id, me.user.id);
    await buildFollow(t.context, me.user.id, c.user.id);
    await disableMember(t.context, b.user.id);
    const res = await request(t.app)
      .get(`/api/connections/getFollowersAndFollowings/${me.user.id}`)
      .set('Cookie', a.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, followersCount: 1, followingsCount: 1 });
    await enableMember(t.context, b.user.id);
    const back = await request(t.app)
      .get(`/api/connections/getFollowersAndFollowings/${me.user.id}`)
      .set('Cookie', a.cookie);
    expect(back.body.followersCount).toBe(2);
  });

  it("answers 404 'User not found' for the counts and lists of a disabled member", async () => {
    const viewer = await signedInUser(t.context);
    const away = await signedInUser(t.context);
    await disableMember(t.context, away.user.id);
    for (const path of ['getFollowersAndFollowings', 'followers', 'following']) {
      const res = await request(t.app)
        .get(`/api/connections/${path}/${away.user.id}`)
        .set('Cookie', viewer.cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found');
    }
  });

  it('lists followers and followings as member summaries, newest first, active only, paged by cursor', async () => {
    const star = await signedInUser(t.context);
    const fans = [];
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(1000);
      const fan = await signedInUser(t.context, { firstName: `Fan${i}`, lastName: 'Member' });
      await buildFollow(t.context, fan.user.id, star.user.id);
      await buildFollow(t.context, star.user.id, fan.user.id);
      fans.push(fan);
    }
    await disableMember(t.context, fans[3]!.user.id);
    const expected = fans
      .filter((_, i) => i !== 3)
      .reverse()
      .map((fan) => fan.user.id);

    for (const direction of ['followers', 'following']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/connections/${direction}/${star.user.id}?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await request(t.app).get(url).set('Cookie', fans[0]!.cookie);
        expect(res.status).toBe(200);
        for (const user of res.body.users) {
          expect(Object.keys(user).sort()).toEqual([
            '_id',
            'firstName',
            'lastName',
            'photoVerified',
            'profilePicture',
            'verifiedBadge',
          ]);
          seen.push(user._id);
        }
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen, direction).toEqual(expected);
    }
    const first = await request(t.app)
      .get(`/api/connections/followers/${star.user.id}?limit=1`)
      .set('Cookie', star.cookie);
    expect(first.body.users[0]).toEqual({
      _id: fans[6]!.user.id,
      firstName: 'Fan6',
      lastName: 'Member',
      profilePicture: null,
      verifiedBadge: true,
      photoVerified: false,
    });
  });

  it('answers an empty list for a member without followers', async () => {
    const loner = await signedInUser(t.context);
    const res = await request(t.app)
      .get(`/api/connections/followers/${loner.user.id}`)
      .set('Cookie', loner.cookie);
    expect(res.body).toEqual({ success: true, users: [], nextCursor: null });
  });
});
