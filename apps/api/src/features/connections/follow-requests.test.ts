import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../db/schema.js';
import { followRequests, follows } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow, buildPost } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A member whose account is a month old (the new-account limits do not apply). */
function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  return signedInUser(t.context, {
    createdAt: new Date(t.clock.now().getTime() - 30 * DAY),
    ...overrides,
  });
}

async function setFollowPolicy(cookie: string, whoCanFollow: string) {
  const res = await request(t.app).put('/api/users/me/privacy').set('Cookie', cookie).send({
    whoCanFollow,
    defaultCommentPolicy: 'everyone',
    whoCanMention: 'everyone',
    searchable: true,
    showLocation: true,
  });
  expect(res.status).toBe(200);
}

function follow(actor: { user: { id: string }; cookie: string }, targetId: string) {
  return request(t.app)
    .post('/api/connections/follow')
    .set('Cookie', actor.cookie)
    .send({ userId: actor.user.id, followedUserId: targetId });
}

const followRows = (followerId: string, followeeId: string) =>
  t.context.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));

const requestRows = (followerId: string, followeeId: string) =>
  t.context.db
    .select()
    .from(followRequests)
    .where(
      and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, followeeId)),
    );

describe("whoCanFollow: 'nobody'", () => {
  it('refuses a follow with 403 FOLLOW_NOT_ALLOWED and writes nothing; an existing follower may still unfollow', async () => {
    const closed = await member();
    const fan = await member();
    const older = await member();
    await buildFollow(t.context, older.user.id, closed.user.id);
    await setFollowPolicy(closed.cookie, 'nobody');

    const res = await follow(fan, closed.user.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'This member is not accepting new followers',
      code: 'FOLLOW_NOT_ALLOWED',
    });
    expect(await followRows(fan.user.id, closed.user.id)).toHaveLength(0);
    expect(await requestRows(fan.user.id, closed.user.id)).toHaveLength(0);

    const unfollow = await follow(older, closed.user.id);
    expect(unfollow.body).toMatchObject({ isFollowing: false, message: 'Unfollowed successfully' });
    expect(await followRows(older.user.id, closed.user.id)).toHaveLength(0);
  });
});

describe("whoCanFollow: 'approve' (a locked account)", () => {
  it('turns a follow into a request ("Requested"); following again cancels it', async () => {
    const locked = await member();
    const fan = await member();
    await setFollowPolicy(locked.cookie, 'approve');

    const asked = await follow(fan, locked.user.id);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      success: true,
      isFollowing: false,
      isRequested: true,
      message: 'Follow request sent',
      followersCount: 0,
    });
    expect(await followRows(fan.user.id, locked.user.id)).toHaveLength(0);
    expect(await requestRows(fan.user.id, locked.user.id)).toHaveLength(1);

    const state = await request(t.app)
      .post('/api/connections/isFollowing')
      .set('Cookie', fan.cookie)
      .send({ followedUserId: locked.user.id });
    expect(state.body).toEqual({ success: true, isConnection: false, isRequested: true });

    const cancelled = await follow(fan, locked.user.id);
    expect(cancelled.body).toMatchObject({
      isFollowing: false,
      isRequested: false,
      message: 'Follow request cancelled',
    });
    expect(await requestRows(fan.user.id, locked.user.id)).toHaveLength(0);
  });

  it('lists requests newest first, keyset-paged, with member summaries — to the followee only', async () => {
    const locked = await member();
    await setFollowPolicy(locked.cookie, 'approve');
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await member({ firstName: `Fan${i}` });
      await follow(fan, locked.user.id);
      fans.push(fan);
      t.clock.advance(1000);
    }
    const first = await request(t.app)
      .get('/api/connections/requests?limit=2')
      .set('Cookie', locked.cookie);
    expect(first.status).toBe(200);
    expect(first.body.requests.map((r: { user: { _id: string } }) => r.user._id)).toEqual([
      fans[2]!.user.id,
      fans[1]!.user.id,
    ]);
    expect(first.body.requests[0]).toMatchObject({
      _id: expect.any(String),
      user: { firstName: 'Fan2', profilePicture: null },
      createdAt: expect.any(String),
    });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await request(t.app)
      .get(`/api/connections/requests?limit=2&cursor=${first.body.nextCursor}`)
      .set('Cookie', locked.cookie);
    expect(second.body.requests.map((r: { user: { _id: string } }) => r.user._id)).toEqual([
      fans[0]!.user.id,
    ]);
    expect(second.body.nextCursor).toBeNull();

    // A requester sees no requests made to them.
    const theirs = await request(t.app)
      .get('/api/connections/requests')
      .set('Cookie', fans[0]!.cookie);
    expect(theirs.body.requests).toEqual([]);
  });

  it('approve makes a follower; decline removes the request; a third member gets 404 and nothing changes', async () => {
    const locked = await member();
    const fan = await member();
    const other = await member();
    const stranger = await member();
    await setFollowPolicy(locked.cookie, 'approve');
    await follow(fan, locked.user.id);
    await follow(other, locked.user.id);
    const list = await request(t.app).get('/api/connections/requests').set('Cookie', locked.cookie);
    const idOf = (userId: string) =>
      list.body.requests.find((r: { user: { _id: string } }) => r.user._id === userId)
        ._id as string;
    const fanRequest = idOf(fan.user.id);
    const otherRequest = idOf(other.user.id);

    // Someone else (even the requester) cannot answer it.
    for (const actor of [stranger, fan]) {
      const res = await request(t.app)
        .post(`/api/connections/requests/${fanRequest}/approve`)
        .set('Cookie', actor.cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Follow request not found');
    }
    expect(await requestRows(fan.user.id, locked.user.id)).toHaveLength(1);
    expect(await followRows(fan.user.id, locked.user.id)).toHaveLength(0);

    const approved = await request(t.app)
      .post(`/api/connections/requests/${fanRequest}/approve`)
      .set('Cookie', locked.cookie);
    expect(approved.body).toEqual({ success: true, message: 'Follow request approved' });
    expect(await requestRows(fan.user.id, locked.user.id)).toHaveLength(0);
    expect(await followRows(fan.user.id, locked.user.id)).toHaveLength(1);

    const declined = await request(t.app)
      .post(`/api/connections/requests/${otherRequest}/decline`)
      .set('Cookie', locked.cookie);
    expect(declined.body).toEqual({ success: true, message: 'Follow request declined' });
    expect(await requestRows(other.user.id, locked.user.id)).toHaveLength(0);
    expect(await followRows(other.user.id, locked.user.id)).toHaveLength(0);

    // Answered already: 404.
    const again = await request(t.app)
      .post(`/api/connections/requests/${fanRequest}/decline`)
      .set('Cookie', locked.cookie);
    expect(again.status).toBe(404);
    expect(await followRows(fan.user.id, locked.user.id)).toHaveLength(1);
  });

  it('shows followers-only posts and the follower/following lists only to followers; the counts stay', async () => {
    const locked = await member();
    const friend = await member();
    const outsider = await member();
    await buildFollow(t.context, friend.user.id, locked.user.id);
    await buildFollow(t.context, locked.user.id, friend.user.id);
    await buildPost(t.context, locked.user.id, { title: 'Friends only', privacy: 'followers' });
    await setFollowPolicy(locked.cookie, 'approve');
    // A pending request is not a follow.
    await follow(outsider, locked.user.id);

    const lists = ['followers', 'following'] as const;
    for (const list of lists) {
      const hidden = await request(t.app)
        .get(`/api/connections/${list}/${locked.user.id}`)
        .set('Cookie', outsider.cookie);
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({
        code: 'CONNECTIONS_HIDDEN',
        message: 'Only the followers of this member can see who they follow and who follows them',
      });
      for (const viewer of [friend, locked]) {
        const shown = await request(t.app)
          .get(`/api/connections/${list}/${locked.user.id}`)
          .set('Cookie', viewer.cookie);
        expect(shown.status).toBe(200);
        expect(shown.body.users.map((u: { _id: string }) => u._id)).toEqual([friend.user.id]);
      }
    }
    const counts = await request(t.app)
      .get(`/api/connections/getFollowersAndFollowings/${locked.user.id}`)
      .set('Cookie', outsider.cookie);
    expect(counts.body).toMatchObject({ followersCount: 1, followingsCount: 1 });

    const postsAs = (cookie: string) =>
      request(t.app).get(`/api/posts/user/${locked.user.id}`).set('Cookie', cookie);
    expect((await postsAs(outsider.cookie)).body.posts).toEqual([]);
    expect(
      (await postsAs(friend.cookie)).body.posts.map((p: { title: string }) => p.title),
    ).toEqual(['Friends only']);
  });

  it('keeps pending requests when the member switches back to everyone (they still answer them)', async () => {
    const locked = await member();
    const fan = await member();
    await setFollowPolicy(locked.cookie, 'approve');
    await follow(fan, locked.user.id);
    await setFollowPolicy(locked.cookie, 'everyone');
    expect(await requestRows(fan.user.id, locked.user.id)).toHaveLength(1);
    expect(await followRows(fan.user.id, locked.user.id)).toHaveLength(0);
    const list = await request(t.app).get('/api/connections/requests').set('Cookie', locked.cookie);
    expect(list.body.requests).toHaveLength(1);
  });
});

describe('new accounts (younger than 24 hours)', () => {
  it('follow at most 10 strangers; the 11th is refused with 429 saying when it frees up; followers of them are no strangers', async () => {
    const newcomer = await signedInUser(t.context, { createdAt: t.clock.now() });
    const strangers = [];
    for (let i = 0; i < 11; i++) strangers.push(await member());
    for (const stranger of strangers.slice(0, 10)) {
      expect((await follow(newcomer, stranger.user.id)).status).toBe(200);
    }
    t.clock.advance(2 * HOUR);
    const eleventh = await follow(newcomer, strangers[10]!.user.id);
    expect(eleventh.status).toBe(429);
    const freesAt = new Date(newcomer.user.createdAt.getTime() + DAY);
    expect(eleventh.body).toMatchObject({
      code: 'NEW_ACCOUNT_LIMIT',
      message: `New accounts can follow at most 10 members who don't follow them in their first day. You can do more from ${freesAt.toISOString().slice(11, 16)} UTC.`,
      retryAfterSeconds: 22 * 60 * 60,
    });
    expect(await followRows(newcomer.user.id, strangers[10]!.user.id)).toHaveLength(0);

    // A member who follows the newcomer is no stranger.
    const friend = await member();
    await buildFollow(t.context, friend.user.id, newcomer.user.id);
    expect((await follow(newcomer, friend.user.id)).status).toBe(200);

    // Requests count too.
    const locked = await member();
    await setFollowPolicy(locked.cookie, 'approve');
    expect((await follow(newcomer, locked.user.id)).status).toBe(429);
    expect(await requestRows(newcomer.user.id, locked.user.id)).toHaveLength(0);

    // Once the account is a day old, the limit is gone.
    t.clock.advance(22 * HOUR);
    expect((await follow(newcomer, strangers[10]!.user.id)).status).toBe(200);
    expect(await followRows(newcomer.user.id, strangers[10]!.user.id)).toHaveLength(1);
  });
});
