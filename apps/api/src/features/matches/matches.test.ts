import { PLAN_STATES, unlockingPlan } from '@kindred/contracts';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  matches,
  notifications,
  privacySettings,
  profileLikes,
  profilePasses,
  profileVisits,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { disableMember } from '../posts/test-factories.js';
import { orderedPair } from './pairs.js';
import { datingMember, likeCapOf, seedLikes } from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<typeof datingMember>>;

const like = (from: Member | { cookie: string }, userId: unknown) =>
  request(t.app).post('/api/matches/like').set('Cookie', from.cookie).send({ userId });
const pass = (from: Member, userId: unknown) =>
  request(t.app).post('/api/matches/pass').set('Cookie', from.cookie).send({ userId });
const unmatch = (from: Member, userId: string) =>
  request(t.app).delete(`/api/matches/${userId}`).set('Cookie', from.cookie);
const get = (from: Member | { cookie: string }, url: string) =>
  request(t.app).get(url).set('Cookie', from.cookie);

const matchRows = (a: string, b: string) => {
  const { memberLow, memberHigh } = orderedPair(a, b);
  return t.context.db
    .select()
    .from(matches)
    .where(and(eq(matches.memberLow, memberLow), eq(matches.memberHigh, memberHigh)));
};
const likeRows = (a: string, b: string) =>
  t.context.db
    .select()
    .from(profileLikes)
    .where(
      or(
        and(eq(profileLikes.likerId, a), eq(profileLikes.likedId, b)),
        and(eq(profileLikes.likerId, b), eq(profileLikes.likedId, a)),
      ),
    );
async function matchNotifications(recipientId: string): Promise<number> {
  const [row] = await t.context.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.type, 'match')));
  return row!.n;
}
/** Everything the pair's rows hold, to show a refusal changed nothing. */
async function pairState(a: string, b: string) {
  const passes = await t.context.db
    .select()
    .from(profilePasses)
    .where(
      or(
        and(eq(profilePasses.passerId, a), eq(profilePasses.passedId, b)),
        and(eq(profilePasses.passerId, b), eq(profilePasses.passedId, a)),
      ),
    );
  return { likes: await likeRows(a, b), passes, matches: await matchRows(a, b) };
}

/** No coordinates in a body: neither the field names nor the stored values. */
function expectNoCoordinates(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/latitude|longitude|38\.72|-9\.13/);
}

describe('POST /api/matches/like', () => {
  it('likes; a like back makes one match, both members told once', async () => {
    const ana = await datingMember(t.context, 'free');
    const ben = await datingMember(t.context, 'professional');

    const first = await like(ana, ben.user.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      matched: false,
      remainingToday: likeCapOf('free')! - 1,
    });
    // Liking again changes nothing and costs nothing.
    expect((await like(ana, ben.user.id)).body.remainingToday).toBe(likeCapOf('free')! - 1);
    expect(await matchRows(ana.user.id, ben.user.id)).toHaveLength(0);

    const back = await like(ben, ana.user.id);
    expect(back.body).toEqual({ success: true, matched: true, remainingToday: null });
    expect(await matchRows(ana.user.id, ben.user.id)).toHaveLength(1);
    expect(await matchNotifications(ana.user.id)).toBe(1);
    expect(await matchNotifications(ben.user.id)).toBe(1);

    // Matched already: a like or a pass is refused, nothing changes.
    const before = await pairState(ana.user.id, ben.user.id);
    expect((await like(ana, ben.user.id)).body.code).toBe('ALREADY_MATCHED');
    expect((await pass(ben, ana.user.id)).status).toBe(409);
    expect(await pairState(ana.user.id, ben.user.id)).toEqual(before);

    // Each finds the other in Matches, as a card without coordinates or last name.
    const list = await get(ana, '/api/matches');
    expect(list.status).toBe(200);
    expect(list.body.matches).toEqual([
      {
        user: {
          _id: ben.user.id,
          firstName: ben.user.firstName,
          age: 31,
          city: 'Lisbon',
          profilePicture: expect.stringContaining(ben.thumbnailKey),
          verifiedBadge: true,
          photoVerified: false,
        },
        matchedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(ben.user.lastName);
    expectNoCoordinates(list.body);
    const theirs = await get(ben, '/api/matches');
    expect(theirs.body.matches.map((m: { user: { _id: string } }) => m.user._id)).toEqual([
      ana.user.id,
    ]);
  });

  it('refuses yourself, blocked members (either way), hidden and unfinished members, and strangers without a session — nothing changes', async () => {
    const ana = await datingMember(t.context);
    const blocker = await datingMember(t.context);
    const blockedByAna = await datingMember(t.context);
    const disabled = await datingMember(t.context);
    const noProfile = await signedInUser(t.context);
    await t.context.db.insert(blocks).values([
      { blockerId: blocker.user.id, blockedId: ana.user.id },
      { blockerId: ana.user.id, blockedId: blockedByAna.user.id },
    ]);
    await disableMember(t.context, disabled.user.id);

    const self = await like(ana, ana.user.id);
    expect(self.status).toBe(400);
    for (const other of [blocker, blockedByAna, disabled]) {
      const before = await pairState(ana.user.id, other.user.id);
      const liked = await like(ana, other.user.id);
      expect(liked.status).toBe(404);
      expect(liked.body.code).toBe('MEMBER_NOT_FOUND');
      expect((await pass(ana, other.user.id)).status).toBe(404);
      expect(await pairState(ana.user.id, other.user.id)).toEqual(before);
    }
    // The other way round too: the blocked member cannot like the blocker.
    expect((await like(blocker, ana.user.id)).status).toBe(404);
    expect((await like(ana, noProfile.user.id)).status).toBe(404);
    expect(await likeRows(ana.user.id, noProfile.user.id)).toEqual([]);

    const anonymous = await request(t.app).post('/api/matches/like').send({ userId: ana.user.id });
    expect(anonymous.status).toBe(401);
    expect((await like(ana, 'not-an-id')).status).toBe(400);
    const extra = await request(t.app)
      .post('/api/matches/like')
      .set('Cookie', ana.cookie)
      .send({ userId: blocker.user.id, likerId: blocker.user.id });
    expect(extra.status).toBe(400);
  });
});

describe('the photo-verified mark on cards', () => {
  it('a photo-verified member likes and matches like anyone, and their card says photoVerified in matches, likes-you and visitors', async () => {
    const viewer = await datingMember(t.context, 'professional');
    const verified = await datingMember(t.context, 'free');
    const unverified = await datingMember(t.context, 'free');
    await t.context.db
      .update(users)
      .set({ photoVerifiedAt: t.clock.now() })
      .where(eq(users.id, verified.user.id));

    // Likes and matches do not ask for photo verification, either way.
    expect((await like(unverified, viewer.user.id)).body).toMatchObject({ matched: false });
    expect((await like(verified, viewer.user.id)).body).toMatchObject({ matched: false });
    const likesYou = await get(viewer, '/api/matches/likes-you');
    const markOf = (items: Array<{ user: { _id: string; photoVerified: boolean } }>) =>
      Object.fromEntries(items.map((item) => [item.user._id, item.user.photoVerified]));
    expect(markOf(likesYou.body.likes)).toEqual({
      [verified.user.id]: true,
      [unverified.user.id]: false,
    });

    expect((await like(viewer, verified.user.id)).body).toMatchObject({ matched: true });
    expect((await like(viewer, unverified.user.id)).body).toMatchObject({ matched: true });
    const list = await get(viewer, '/api/matches');
    expect(markOf(list.body.matches)).toEqual({
      [verified.user.id]: true,
      [unverified.user.id]: false,
    });

    expect((await get(verified, `/api/profile/${viewer.user.id}`)).status).toBe(200);
    const visitors = await get(viewer, '/api/profile/visitors');
    expect(markOf(visitors.body.visitors)).toMatchObject({ [verified.user.id]: true });
  });
});

describe('the daily like cap', () => {
  for (const state of PLAN_STATES) {
    const cap = likeCapOf(state);
    it(`${state}: ${cap === null ? 'no cap' : `${cap} a UTC day, the next refused with PLAN_LIMIT, again the next day`}`, async () => {
      const liker = await datingMember(t.context, state);
      const targets = await Promise.all([1, 2, 3].map(() => datingMember(t.context)));
      if (cap === null) {
        await seedLikes(t.context, liker.user.id, 150, t.clock.now());
        const res = await like(liker, targets[0]!.user.id);
        expect(res.body).toEqual({ success: true, matched: false, remainingToday: null });
        return;
      }
      // Likes made yesterday do not count; today's do.
      await seedLikes(t.context, liker.user.id, 5, new Date(t.clock.now().getTime() - DAY));
      await seedLikes(t.context, liker.user.id, cap - 1, t.clock.now());
      const last = await like(liker, targets[0]!.user.id);
      expect(last.body).toEqual({ success: true, matched: false, remainingToday: 0 });

      const refused = await like(liker, targets[1]!.user.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'PLAN_LIMIT',
        feature: 'profileLikesPerDay',
        requiredPlan: unlockingPlan('profileLikesPerDay', cap + 1),
      });
      expect(await likeRows(liker.user.id, targets[1]!.user.id)).toEqual([]);

      // The next UTC day the likes are back.
      const now = t.clock.now();
      t.clock.set(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)),
      );
      const nextDay = await like(liker, targets[1]!.user.id);
      expect(nextDay.body).toEqual({ success: true, matched: false, remainingToday: cap - 1 });
    });
  }
});

describe('simultaneous mutual likes', () => {
  it('20 pairs liking each other at the same instant: one match and one notification each', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => [
        await datingMember(t.context),
        await datingMember(t.context),
      ]),
    );
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [like(a!, b!.user.id), like(b!, a!.user.id)]),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    for (const [index, [a, b]] of pairs.entries()) {
      const matchedAnswers = [answers[2 * index]!, answers[2 * index + 1]!].filter(
        (res) => res.body.matched,
      );
      expect(matchedAnswers).toHaveLength(1);
      expect(await matchRows(a!.user.id, b!.user.id)).toHaveLength(1);
      expect(await matchNotifications(a!.user.id)).toBe(1);
      expect(await matchNotifications(b!.user.id)).toBe(1);
    }
  });

  it('one pair hammered with 20 likes each way at once: exactly one match, one notification each', async () => {
    const a = await datingMember(t.context);
    const b = await datingMember(t.context);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => [like(a, b.user.id), like(b, a.user.id)]).flat(),
    );
    // A like that arrives once they are matched is refused as such; nothing fails otherwise.
    for (const res of answers) {
      if (res.status !== 200) expect(res.body.code).toBe('ALREADY_MATCHED');
    }
    expect(answers.filter((res) => res.body.matched)).toHaveLength(1);
    expect(await matchRows(a.user.id, b.user.id)).toHaveLength(1);
    expect(await matchNotifications(a.user.id)).toBe(1);
    expect(await matchNotifications(b.user.id)).toBe(1);
  });
});

describe('POST /api/matches/pass', () => {
  it('drops the passer’s like, records the pass, and a later like replaces it', async () => {
    const ana = await datingMember(t.context);
    const ben = await datingMember(t.context);
    await like(ana, ben.user.id);
    const res = await pass(ana, ben.user.id);
    expect(res.body).toEqual({ success: true, message: 'Member passed' });
    expect(await likeRows(ana.user.id, ben.user.id)).toEqual([]);
    expect((await pairState(ana.user.id, ben.user.id)).passes).toHaveLength(1);
    expect((await pass(ana, ana.user.id)).status).toBe(400);

    await like(ana, ben.user.id);
    expect((await pairState(ana.user.id, ben.user.id)).passes).toEqual([]);
  });
});

describe('DELETE /api/matches/:userId', () => {
  it('unmatches: the match and both likes end, the other side just loses the match and no rematch follows', async () => {
    const ana = await datingMember(t.context);
    const ben = await datingMember(t.context);
    await like(ana, ben.user.id);
    expect((await like(ben, ana.user.id)).body.matched).toBe(true);

    const res = await unmatch(ana, ben.user.id);
    expect(res.body).toEqual({ success: true, message: 'Unmatched' });
    expect(await matchRows(ana.user.id, ben.user.id)).toEqual([]);
    expect(await likeRows(ana.user.id, ben.user.id)).toEqual([]);
    expect((await get(ben, '/api/matches')).body.matches).toEqual([]);
    // Ben is told nothing new: still only the match item.
    expect(await matchNotifications(ben.user.id)).toBe(1);

    // Ben liking again makes no match (Ana's like is gone, and her pass hides Ben from her).
    expect((await like(ben, ana.user.id)).body.matched).toBe(false);
    const hers = await get(ana, '/api/matches/likes-you');
    expect(hers.body.count).toBe(0);

    expect((await unmatch(ana, ben.user.id)).body.code).toBe('MATCH_NOT_FOUND');
    const stranger = await datingMember(t.context);
    expect((await unmatch(stranger, ana.user.id)).status).toBe(404);
    expect((await request(t.app).delete(`/api/matches/${ana.user.id}`)).status).toBe(401);
  });
});

describe('GET /api/matches/likes-you', () => {
  it('with seeWhoLikedYou: the likers not matched or passed, newest first, keyset-paged', async () => {
    const viewer = await datingMember(t.context, 'professional');
    const likers = [];
    for (let i = 0; i < 3; i += 1) {
      const liker = await datingMember(t.context);
      t.clock.advance(1000);
      await like(liker, viewer.user.id);
      likers.push(liker);
    }
    const passed = await datingMember(t.context);
    await like(passed, viewer.user.id);
    await pass(viewer, passed.user.id);
    const matched = await datingMember(t.context);
    await like(matched, viewer.user.id);
    await like(viewer, matched.user.id);

    const first = await get(viewer, '/api/matches/likes-you?limit=2');
    expect(first.body).toMatchObject({ success: true, locked: false, count: 3 });
    const ids = (res: request.Response) =>
      res.body.likes.map((item: { user: { _id: string } }) => item.user._id);
    expect(ids(first)).toEqual([likers[2]!.user.id, likers[1]!.user.id]);
    const second = await get(
      viewer,
      `/api/matches/likes-you?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(ids(second)).toEqual([likers[0]!.user.id]);
    expect(second.body.nextCursor).toBeNull();
    expectNoCoordinates(first.body);
    expect((await get(viewer, '/api/matches/likes-you?cursor=bogus')).status).toBe(400);
  });

  for (const state of ['free', 'trial-ended', 'beginner'] as const) {
    it(`${state}: the count and a teaser${state === 'beginner' ? ' (beginner sees them)' : ' that leaks no identity'}`, async () => {
      const viewer = await datingMember(t.context, state);
      const liker = await datingMember(t.context);
      await like(liker, viewer.user.id);
      const res = await get(viewer, '/api/matches/likes-you');
      expect(res.status).toBe(200);
      if (state === 'beginner') {
        expect(res.body.locked).toBe(false);
        return;
      }
      expect(res.body).toEqual({
        success: true,
        locked: true,
        count: 1,
        teaser: {
          description: '1 person likes you. Upgrade to see who.',
          placeholders: 1,
          requiredPlan: unlockingPlan('seeWhoLikedYou'),
        },
      });
      const text = JSON.stringify(res.body);
      for (const secret of [
        liker.user.id,
        liker.user.firstName,
        liker.user.lastName,
        liker.thumbnailKey,
        'Lisbon',
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  }
});

describe('profile visits', () => {
  const visitsOf = (visitorId: string, visitedId: string) =>
    t.context.db
      .select()
      .from(profileVisits)
      .where(and(eq(profileVisits.visitorId, visitorId), eq(profileVisits.visitedId, visitedId)));
  const view = (from: Member, userId: string) => get(from, `/api/profile/${userId}`);

  it('a profile view is a visit once per viewer and UTC day; the visited sees each visitor once, latest first', async () => {
    const host = await datingMember(t.context, 'professional');
    const early = await datingMember(t.context);
    const late = await datingMember(t.context);

    expect((await view(early, host.user.id)).status).toBe(200);
    expect((await view(early, host.user.id)).status).toBe(200);
    expect(await visitsOf(early.user.id, host.user.id)).toHaveLength(1);
    t.clock.advance(60_000);
    await view(late, host.user.id);
    await view(host, host.user.id);
    expect(await visitsOf(host.user.id, host.user.id)).toEqual([]);

    const first = await get(host, '/api/profile/visitors');
    expect(first.status).toBe(200);
    const ids = (res: request.Response) =>
      res.body.visitors.map((item: { user: { _id: string } }) => item.user._id);
    expect(ids(first)).toEqual([late.user.id, early.user.id]);
    expect(first.body.leaveVisits).toBe(true);
    expectNoCoordinates(first.body);

    // The next day the early visitor comes back: a second row, and they move up (listed once).
    t.clock.advance(DAY);
    await view(early, host.user.id);
    expect(await visitsOf(early.user.id, host.user.id)).toHaveLength(2);
    const page = await get(host, '/api/profile/visitors?limit=1');
    expect(ids(page)).toEqual([early.user.id]);
    const rest = await get(host, `/api/profile/visitors?limit=1&cursor=${page.body.nextCursor}`);
    expect(ids(rest)).toEqual([late.user.id]);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('no visit from a blocked member, none while leaveVisits is off, and such a member sees no visitors', async () => {
    const host = await datingMember(t.context, 'professional');
    const blocked = await datingMember(t.context);
    const shy = await datingMember(t.context, 'professional');
    await t.context.db
      .insert(blocks)
      .values({ blockerId: host.user.id, blockedId: blocked.user.id });
    expect((await view(blocked, host.user.id)).status).toBe(404);
    expect(await visitsOf(blocked.user.id, host.user.id)).toEqual([]);

    const privacy = await request(t.app)
      .put('/api/users/me/privacy')
      .set('Cookie', shy.cookie)
      .send({
        whoCanFollow: 'everyone',
        defaultCommentPolicy: 'everyone',
        whoCanMention: 'everyone',
        searchable: true,
        showLocation: true,
        leaveVisits: false,
      });
    expect(privacy.body.privacy.leaveVisits).toBe(false);
    await view(shy, host.user.id);
    expect(await visitsOf(shy.user.id, host.user.id)).toEqual([]);

    // A visit left before turning it off is hidden too; and the shy member sees no visitors.
    await view(host, shy.user.id);
    const own = await get(shy, '/api/profile/visitors');
    expect(own.body).toEqual({ success: true, leaveVisits: false, visitors: [], nextCursor: null });
    await t.context.db
      .update(privacySettings)
      .set({ leaveVisits: true })
      .where(eq(privacySettings.userId, shy.user.id));
    await view(shy, host.user.id);
    await t.context.db
      .update(privacySettings)
      .set({ leaveVisits: false })
      .where(eq(privacySettings.userId, shy.user.id));
    const hostView = await get(host, '/api/profile/visitors');
    expect(hostView.body.visitors).toEqual([]);

    // A PUT that leaves leaveVisits out keeps it.
    const kept = await request(t.app).put('/api/users/me/privacy').set('Cookie', shy.cookie).send({
      whoCanFollow: 'everyone',
      defaultCommentPolicy: 'everyone',
      whoCanMention: 'everyone',
      searchable: true,
      showLocation: true,
    });
    expect(kept.body.privacy.leaveVisits).toBe(false);
  });

  for (const state of ['free', 'trial-ended'] as const) {
    it(`${state}: the visitors are refused with PLAN_LIMIT`, async () => {
      const host = await datingMember(t.context, state);
      const res = await get(host, '/api/profile/visitors');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PLAN_LIMIT',
        feature: 'profileVisitors',
        requiredPlan: unlockingPlan('profileVisitors'),
      });
    });
  }

  it('a disabled visitor leaves the list', async () => {
    const host = await datingMember(t.context, 'professional');
    const visitor = await datingMember(t.context);
    await view(visitor, host.user.id);
    await disableMember(t.context, visitor.user.id);
    expect((await get(host, '/api/profile/visitors')).body.visitors).toEqual([]);
    const rows = await t.context.db
      .select()
      .from(profileVisits)
      .where(inArray(profileVisits.visitedId, [host.user.id]));
    expect(rows).toHaveLength(1);
  });
});
