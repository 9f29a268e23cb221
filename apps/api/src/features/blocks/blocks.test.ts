import { and, eq, or } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, followRequests, follows, mutes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildComment, buildFollow, buildPost, disableMember } from '../posts/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const blockRows = (blockerId: string, blockedId: string) =>
  t.context.db
    .select()
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));

const followsBetween = (a: string, b: string) =>
  t.context.db
    .select()
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );

const block = (cookie: string, userId: unknown) =>
  request(t.app).post('/api/blocks').set('Cookie', cookie).send({ userId });
const mute = (cookie: string, userId: unknown) =>
  request(t.app).post('/api/mutes').set('Cookie', cookie).send({ userId });
const get = (cookie: string, url: string) => request(t.app).get(url).set('Cookie', cookie);

describe('POST /api/blocks', () => {
  it('blocks, ends every follow both ways and any pending follow request, in one go', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    await buildFollow(t.context, a.user.id, b.user.id);
    await buildFollow(t.context, b.user.id, a.user.id);
    await t.context.db
      .insert(followRequests)
      .values({ followerId: b.user.id, followeeId: a.user.id });

    const res = await block(a.cookie, b.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Member blocked' });
    expect(await blockRows(a.user.id, b.user.id)).toHaveLength(1);
    expect(await followsBetween(a.user.id, b.user.id)).toEqual([]);
    const requests = await t.context.db
      .select()
      .from(followRequests)
      .where(eq(followRequests.followeeId, a.user.id));
    expect(requests).toEqual([]);
  });

  it('is idempotent: blocking twice keeps one block with its first time', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    await block(a.cookie, b.user.id);
    const [first] = await blockRows(a.user.id, b.user.id);
    t.clock.advance(60_000);
    const again = await block(a.cookie, b.user.id);
    expect(again.status).toBe(200);
    expect(await blockRows(a.user.id, b.user.id)).toEqual([first]);
  });

  it('lets a member block someone who already blocked them, without telling them so', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    await block(b.cookie, a.user.id);
    const res = await block(a.cookie, b.user.id);
    expect(res.status).toBe(200);
    expect(await blockRows(a.user.id, b.user.id)).toHaveLength(1);
  });

  it("refuses to block yourself with 'You cannot block yourself'", async () => {
    const a = await signedInUser(t.context);
    const res = await block(a.cookie, a.user.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'You cannot block yourself' });
    expect(await blockRows(a.user.id, a.user.id)).toEqual([]);
  });

  it("answers 404 'User not found' for an unknown or a disabled member, and 400 for a bad id", async () => {
    const a = await signedInUser(t.context);
    const gone = await signedInUser(t.context);
    await disableMember(t.context, gone.user.id);
    const unknown = await block(a.cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'User not found', code: 'MEMBER_NOT_FOUND' });
    const disabled = await block(a.cookie, gone.user.id);
    expect(disabled.status).toBe(404);
    expect(await blockRows(a.user.id, gone.user.id)).toEqual([]);
    const bad = await block(a.cookie, 'nope');
    expect(bad.status).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const b = await signedInUser(t.context);
    const res = await request(t.app).post('/api/blocks').send({ userId: b.user.id });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/blocks/:userId', () => {
  it('lifts only the caller’s own block: the two see each other again unless the other blocked too', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    await block(a.cookie, b.user.id);
    expect((await get(a.cookie, `/api/profile/${b.user.id}`)).status).toBe(404);

    // B cannot lift A's block by "unblocking" A.
    const byB = await request(t.app).delete(`/api/blocks/${a.user.id}`).set('Cookie', b.cookie);
    expect(byB.status).toBe(200);
    expect(await blockRows(a.user.id, b.user.id)).toHaveLength(1);

    const res = await request(t.app).delete(`/api/blocks/${b.user.id}`).set('Cookie', a.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Member unblocked' });
    expect(await blockRows(a.user.id, b.user.id)).toEqual([]);
    const seen = await get(a.cookie, `/api/users/${b.user.id}`);
    expect(seen.status).toBe(200);
  });

  it('answers 404 for a member who does not exist', async () => {
    const a = await signedInUser(t.context);
    const res = await request(t.app)
      .delete('/api/blocks/00000000-0000-4000-8000-000000000000')
      .set('Cookie', a.cookie);
    expect(res.status).toBe(404);
  });
});

describe('GET /api/blocks', () => {
  it('lists the members I blocked, newest first, a page at a time, and only mine', async () => {
    const a = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    const blocked = [];
    for (let i = 0; i < 3; i += 1) {
      const b = await signedInUser(t.context, { firstName: `Blocked${i}` });
      t.clock.advance(1_000);
      await block(a.cookie, b.user.id);
      blocked.push(b.user);
    }
    await block(other.cookie, a.user.id);

    const first = await get(a.cookie, '/api/blocks?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.users.map((u: { user: { _id: string } }) => u.user._id)).toEqual([
      blocked[2]!.id,
      blocked[1]!.id,
    ]);
    expect(first.body.users[0].user).toEqual({
      _id: blocked[2]!.id,
      firstName: 'Blocked2',
      lastName: blocked[2]!.lastName,
      profilePicture: null,
      verifiedBadge: true,
      photoVerified: false,
    });
    const second = await get(a.cookie, `/api/blocks?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.users.map((u: { user: { _id: string } }) => u.user._id)).toEqual([
      blocked[0]!.id,
    ]);
    expect(second.body.nextCursor).toBeNull();

    // The member who blocked A is not told: A's list has only A's own blocks, B's has A.
    const theirs = await get(other.cookie, '/api/blocks');
    expect(theirs.body.users.map((u: { user: { _id: string } }) => u.user._id)).toEqual([
      a.user.id,
    ]);
  });

  it("refuses a cursor it did not issue with 'Invalid cursor'", async () => {
    const a = await signedInUser(t.context);
    const res = await get(a.cookie, '/api/blocks?cursor=garbage');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid cursor');
  });
});

describe('mutes', () => {
  it('mute, list, state and unmute; muting twice and yourself', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    expect((await mute(a.cookie, a.user.id)).status).toBe(400);

    const res = await mute(a.cookie, b.user.id);
    expect(res.body).toEqual({ success: true, message: 'Member muted' });
    expect((await mute(a.cookie, b.user.id)).status).toBe(200);
    const rows = await t.context.db.select().from(mutes).where(eq(mutes.muterId, a.user.id));
    expect(rows).toHaveLength(1);

    expect((await get(a.cookie, `/api/mutes/${b.user.id}`)).body).toEqual({
      success: true,
      muted: true,
    });
    expect((await get(b.cookie, `/api/mutes/${a.user.id}`)).body.muted).toBe(false);
    const list = await get(a.cookie, '/api/mutes');
    expect(list.body.users.map((u: { user: { _id: string } }) => u.user._id)).toEqual([b.user.id]);

    const un = await request(t.app).delete(`/api/mutes/${b.user.id}`).set('Cookie', a.cookie);
    expect(un.body).toEqual({ success: true, message: 'Member unmuted' });
    expect((await get(a.cookie, `/api/mutes/${b.user.id}`)).body.muted).toBe(false);
  });

  it("answers 404 'User not found' when muting a member I cannot see", async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    await block(b.cookie, a.user.id);
    const res = await mute(a.cookie, b.user.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('MEMBER_NOT_FOUND');
  });

  it("hides the muted member's posts and comments from my feeds only: their profile, posts page and search still show them", async () => {
    const a = await signedInUser(t.context);
    const unique = `Muted${Math.random().toString(36).slice(2, 8)}`;
    const b = await signedInUser(t.context, { firstName: unique });
    await buildFollow(t.context, a.user.id, b.user.id);
    const theirPost = await buildPost(t.context, b.user.id, { title: 'From the muted member' });
    const myPost = await buildPost(t.context, a.user.id, { title: 'Mine' });
    await buildComment(t.context, { postId: myPost.id, authorId: b.user.id, content: 'Hi' });

    const ids = (res: request.Response) => res.body.posts.map((p: { _id: string }) => p._id);
    expect(ids(await get(a.cookie, '/api/posts'))).toContain(theirPost.id);
    expect(ids(await get(a.cookie, `/api/posts/following/${a.user.id}`))).toContain(theirPost.id);

    await mute(a.cookie, b.user.id);

    expect(ids(await get(a.cookie, '/api/posts'))).not.toContain(theirPost.id);
    expect(ids(await get(a.cookie, `/api/posts/following/${a.user.id}`))).not.toContain(
      theirPost.id,
    );
    const comments = await get(a.cookie, `/api/posts/${myPost.id}/comments`);
    expect(comments.body.comments).toEqual([]);
    const mine = (await get(a.cookie, '/api/posts')).body.posts.find(
      (p: { _id: string }) => p._id === myPost.id,
    );
    expect(mine.commentsCount).toBe(0);

    // Nothing else changes.
    expect(ids(await get(a.cookie, `/api/posts/user/${b.user.id}`))).toContain(theirPost.id);
    expect((await get(a.cookie, `/api/users/${b.user.id}`)).status).toBe(200);
    const search = await get(a.cookie, `/api/users/search?searchText=${unique}`);
    expect(JSON.stringify(search.body)).toContain(b.user.id);
    const following = await get(a.cookie, `/api/connections/following/${a.user.id}`);
    expect(JSON.stringify(following.body)).toContain(b.user.id);
    // The muted member sees the muter as before.
    expect(ids(await get(b.cookie, '/api/posts'))).toContain(myPost.id);
    expect((await get(b.cookie, `/api/posts/${myPost.id}/comments`)).body.comments).toHaveLength(1);

    await request(t.app).delete(`/api/mutes/${b.user.id}`).set('Cookie', a.cookie);
    expect(ids(await get(a.cookie, '/api/posts'))).toContain(theirPost.id);
  });
});
