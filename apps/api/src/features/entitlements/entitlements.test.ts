import { randomBytes } from 'node:crypto';
import {
  BOOST_PERIOD_MS,
  ENTITLEMENT_FEATURES,
  ENTITLEMENT_KEYS,
  ENTITLEMENTS,
  PLAN_STATES,
  PLANS,
  planFeatureLines,
  planStateOf,
  unlockingPlan,
  type EntitlementKey,
  type PlanState,
} from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstMessageCounts, matches, photos, posts, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { planFieldsFor, signedInUser } from '../../test/factories.js';
import { datingMember, seedLikes } from '../matches/test-factories.js';
import { pngImage } from '../posts/test-factories.js';
import { plainJpeg, uploadPhoto } from '../profiles/test-fixtures.js';

/**
 * Generated from the entitlement table (contracts' entitlements.ts): for every plan state and
 * every entitlement with an enforcement point today, the allowed case succeeds and the first
 * refused case answers 403 PLAN_LIMIT naming the plan that unlocks it. Entitlements whose feature
 * Kindred does not have yet are listed in PENDING — visibly, and the test fails when one becomes
 * available without an enforcement case here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function memberIn(state: PlanState, names: { firstName?: string; lastName?: string } = {}) {
  const fields = planFieldsFor(state, t.clock.now());
  expect(planStateOf(fields, t.clock.now())).toBe(state);
  return signedInUser(t.context, { ...fields, ...names });
}

/** Photo rows without files: they count like uploaded ones. */
async function addStoredPhotos(userId: string, count: number) {
  for (let position = 0; position < count; position += 1) {
    const key = randomBytes(12).toString('hex');
    await t.context.db.insert(photos).values({
      userId,
      position,
      storageKey: `${key}.webp`,
      thumbnailKey: `${key}-thumb.webp`,
      width: 10,
      height: 10,
      bytes: 100,
      thumbnailBytes: 10,
    });
  }
}

/** A post whose (unstored) media takes `bytes`, standing for everything else the member stores. */
async function addFillerMedia(userId: string, bytes: number) {
  const [row] = await t.context.db
    .insert(posts)
    .values({
      authorId: userId,
      title: 'Filler',
      privacy: 'public',
      mediaKey: `${randomBytes(12).toString('hex')}.webp`,
      mediaType: 'image',
      mediaMime: 'image/webp',
      mediaBytes: bytes,
      createdAt: t.clock.now(),
    })
    .returning({ id: posts.id });
  return row!.id;
}

async function storageUsed(cookie: string): Promise<number> {
  const res = await request(t.app).get('/api/entitlements').set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body.mediaStorageUsedBytes as number;
}

async function postWithImage(cookie: string) {
  return request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', 'Holiday')
    .attach('media', await pngImage(), { filename: 'holiday.png', contentType: 'image/png' });
}

function expectPlanLimit(
  res: request.Response,
  feature: EntitlementKey,
  requiredPlan: string | null,
) {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 'PLAN_LIMIT', feature, requiredPlan });
}

interface LimitCase {
  kind: 'limit';
  /** Runs the allowed case (asserting success) and returns the first refused response. */
  run(state: PlanState): Promise<{ refused: request.Response; wanted: number }>;
}
interface OtherCase {
  /** `gated`: an on/off or frequency feature, allowed or refused (403 PLAN_LIMIT) per plan. */
  kind: 'ranking' | 'served' | 'gated';
  run(state: PlanState): Promise<void>;
}

/** Every entitlement with an enforcement point today, and how it is exercised. */
const ENFORCED: Partial<Record<EntitlementKey, LimitCase | OtherCase>> = {
  photoAllowance: {
    kind: 'limit',
    async run(state) {
      const allowance = ENTITLEMENTS[state].photoAllowance;
      const { user, cookie } = await memberIn(state);
      await addStoredPhotos(user.id, allowance - 1);
      const allowed = await uploadPhoto(t, cookie, await plainJpeg(), 'last.jpg');
      expect(allowed.status).toBe(201);
      const refused = await uploadPhoto(t, cookie, await plainJpeg(), 'one-more.jpg');
      return { refused, wanted: allowance + 1 };
    },
  },
  mediaStorageBytes: {
    kind: 'limit',
    async run(state) {
      const quota = ENTITLEMENTS[state].mediaStorageBytes;
      const { user, cookie } = await memberIn(state);
      // The first upload tells how many bytes one image takes once stored.
      expect((await postWithImage(cookie)).status).toBe(201);
      const imageBytes = await storageUsed(cookie);
      expect(imageBytes).toBeGreaterThan(0);
      // Filled up so that the next image fits exactly: allowed, the storage is then full.
      await addFillerMedia(user.id, quota - 2 * imageBytes);
      expect((await postWithImage(cookie)).status).toBe(201);
      expect(await storageUsed(cookie)).toBe(quota);
      return { refused: await postWithImage(cookie), wanted: quota + imageBytes };
    },
  },
  priorityInSearch: {
    kind: 'ranking',
    async run(state) {
      const prefix = `Prio${randomBytes(3).toString('hex')}`;
      const searcher = await memberIn('free');
      // Equal matches: the same prefix; by name alone "A" comes first.
      const onFree = await memberIn('free', { firstName: `${prefix}a`, lastName: 'Equal' });
      const onState = await memberIn(state, { firstName: `${prefix}b`, lastName: 'Equal' });
      const res = await request(t.app)
        .get('/api/users/search')
        .query({ searchText: prefix })
        .set('Cookie', searcher.cookie);
      expect(res.status).toBe(200);
      const order = res.body.suggestions.map((member: { _id: string }) => member._id);
      expect(order).toEqual(
        ENTITLEMENTS[state].priorityInSearch
          ? [onState.user.id, onFree.user.id]
          : [onFree.user.id, onState.user.id],
      );
    },
  },
  advancedFilters: {
    kind: 'gated',
    async run(state) {
      const { cookie } = await memberIn(state);
      const res = await request(t.app)
        .get('/api/discover')
        .query({ interests: 'Music', recentlyActive: 'true' })
        .set('Cookie', cookie);
      if (ENTITLEMENTS[state].advancedFilters) expect(res.status).toBe(200);
      else expectPlanLimit(res, 'advancedFilters', unlockingPlan('advancedFilters'));
    },
  },
  boosts: {
    // One boost per period of the plan (from one boost's start to the next); none on some plans.
    kind: 'gated',
    async run(state) {
      const { cookie } = await memberIn(state);
      const boost = () => request(t.app).post('/api/boost').set('Cookie', cookie);
      const allowance = ENTITLEMENTS[state].boosts;
      if (allowance === 'none') {
        expectPlanLimit(await boost(), 'boosts', unlockingPlan('boosts'));
        return;
      }
      expect((await boost()).status).toBe(200);
      t.clock.advance(BOOST_PERIOD_MS[allowance] - 1000);
      const early = await boost();
      expect(early.status).toBe(429);
      expect(early.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
      t.clock.advance(1000);
      expect((await boost()).status).toBe(200);
    },
  },
  profileLikesPerDay: {
    // Per UTC day; the full cases (the next day, likes already made) are in matches.test.ts.
    kind: 'gated',
    async run(state) {
      const liker = await memberIn(state);
      const [first, second] = [await datingMember(t.context), await datingMember(t.context)];
      const like = (userId: string) =>
        request(t.app).post('/api/matches/like').set('Cookie', liker.cookie).send({ userId });
      const cap = ENTITLEMENTS[state].profileLikesPerDay;
      if (cap === null) {
        await seedLikes(t.context, liker.user.id, 120, t.clock.now());
        expect((await like(first.user.id)).body.remainingToday).toBeNull();
        return;
      }
      await seedLikes(t.context, liker.user.id, cap - 1, t.clock.now());
      expect((await like(first.user.id)).body).toMatchObject({ remainingToday: 0 });
      expectPlanLimit(
        await like(second.user.id),
        'profileLikesPerDay',
        unlockingPlan('profileLikesPerDay', cap + 1),
      );
    },
  },
  firstMessagesPerDay: {
    // Per UTC day, to members who are neither matches nor mutual follows; the full cases (the next
    // day, new and much-reported accounts) are in messages.test.ts.
    kind: 'gated',
    async run(state) {
      const now = t.clock.now();
      const sender = await signedInUser(t.context, {
        ...planFieldsFor(state, now),
        createdAt: new Date(now.getTime() - 2 * DAY),
      });
      const firstMessage = async () => {
        const recipient = await signedInUser(t.context);
        const opened = await request(t.app)
          .post('/api/conversations')
          .set('Cookie', sender.cookie)
          .send({ userId: recipient.user.id });
        expect(opened.status).toBe(200);
        return request(t.app)
          .post(`/api/conversations/${opened.body.conversation._id}/messages`)
          .set('Cookie', sender.cookie)
          .send({ text: 'Hello' });
      };
      const cap = ENTITLEMENTS[state].firstMessagesPerDay;
      const day = now.toISOString().slice(0, 10);
      if (cap !== 0) {
        // All but one of the day's first messages (or many, when unlimited) already sent.
        const count = cap === null ? 100 : cap - 1;
        await t.context.db
          .insert(firstMessageCounts)
          .values({ senderId: sender.user.id, day, count });
        expect((await firstMessage()).status).toBe(201);
      }
      if (cap === null) return;
      expectPlanLimit(
        await firstMessage(),
        'firstMessagesPerDay',
        unlockingPlan('firstMessagesPerDay', cap + 1),
      );
    },
  },
  readReceipts: {
    // The reader's plan (and their own setting, in messages.test.ts) decide what the sender sees.
    kind: 'gated',
    async run(state) {
      const sender = await memberIn('free');
      const reader = await memberIn(state);
      const [low, high] = [sender.user.id, reader.user.id].sort();
      await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
      const opened = await request(t.app)
        .post('/api/conversations')
        .set('Cookie', sender.cookie)
        .send({ userId: reader.user.id });
      const id = opened.body.conversation._id as string;
      await request(t.app)
        .post(`/api/conversations/${id}/messages`)
        .set('Cookie', sender.cookie)
        .send({ text: 'Hello' });
      await request(t.app).post(`/api/conversations/${id}/read`).set('Cookie', reader.cookie);
      const seen = await request(t.app)
        .get(`/api/conversations/${id}/messages`)
        .set('Cookie', sender.cookie);
      expect(seen.body.conversation.memberReadAt !== null).toBe(ENTITLEMENTS[state].readReceipts);
    },
  },
  seeWhoLikedYou: {
    kind: 'gated',
    async run(state) {
      // Only members with a profile can be liked.
      const viewer = await datingMember(t.context, state);
      const liker = await datingMember(t.context);
      await request(t.app)
        .post('/api/matches/like')
        .set('Cookie', liker.cookie)
        .send({ userId: viewer.user.id });
      const res = await request(t.app).get('/api/matches/likes-you').set('Cookie', viewer.cookie);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      if (ENTITLEMENTS[state].seeWhoLikedYou) {
        expect(res.body.likes[0].user._id).toBe(liker.user.id);
      } else {
        expect(res.body.locked).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain(liker.user.id);
      }
    },
  },
  profileVisitors: {
    kind: 'gated',
    async run(state) {
      const { cookie } = await memberIn(state);
      const res = await request(t.app).get('/api/profile/visitors').set('Cookie', cookie);
      if (ENTITLEMENTS[state].profileVisitors) expect(res.status).toBe(200);
      else expectPlanLimit(res, 'profileVisitors', unlockingPlan('profileVisitors'));
    },
  },
  adsShown: {
    // The feed's advertising card is the web's (hidden when the member's entitlements say no ads;
    // apps/web feed test): the API's part is serving the member's entitlements.
    kind: 'served',
    async run(state) {
      const { cookie } = await memberIn(state);
      const res = await request(t.app).get('/api/entitlements').set('Cookie', cookie);
      expect(res.body).toMatchObject({
        planState: state,
        entitlements: { adsShown: ENTITLEMENTS[state].adsShown },
      });
    },
  },
};

const OTHER_CASE_VERBS: Record<OtherCase['kind'], string> = {
  ranking: 'ranks',
  served: 'serves',
  gated: 'allows or refuses',
};

/** Entitlements of features Kindred does not have yet: the issue that builds one enforces it here. */
const PENDING: readonly EntitlementKey[] = [];

describe('the entitlement table is enforced', () => {
  it('every entitlement is either enforced here or listed as pending, and pending means "not built yet"', () => {
    const enforced = Object.keys(ENFORCED);
    expect([...enforced, ...PENDING].sort()).toEqual([...ENTITLEMENT_KEYS].sort());
    expect([...PENDING].sort()).toEqual(
      ENTITLEMENT_KEYS.filter((key) => !ENTITLEMENT_FEATURES[key].available).sort(),
    );
  });

  for (const key of PENDING) it.todo(`${key}: no enforcement point yet (pending)`);

  for (const state of PLAN_STATES) {
    for (const [key, enforcement] of Object.entries(ENFORCED) as [
      EntitlementKey,
      LimitCase | OtherCase,
    ][]) {
      if (enforcement.kind === 'limit') {
        it(`${state} × ${key}: the allowed case succeeds, the first refused one is 403 PLAN_LIMIT naming the unlocking plan`, async () => {
          const { refused, wanted } = await enforcement.run(state);
          expectPlanLimit(refused, key, unlockingPlan(key, wanted));
        });
      } else {
        it(`${state} × ${key}: ${OTHER_CASE_VERBS[enforcement.kind]} as the table says (${String(ENTITLEMENTS[state][key])})`, async () => {
          await enforcement.run(state);
        });
      }
    }
  }
});

describe('media storage counts every stored file', () => {
  it('counts photos with their thumbnails and post media, and refuses a photo past the quota', async () => {
    const { user, cookie } = await memberIn('free');
    expect(await storageUsed(cookie)).toBe(0);
    expect((await uploadPhoto(t, cookie, await plainJpeg(), 'a.jpg')).status).toBe(201);
    const [photo] = await t.context.db.select().from(photos).where(eq(photos.userId, user.id));
    expect(photo!.thumbnailBytes).toBeGreaterThan(0);
    expect(await storageUsed(cookie)).toBe(photo!.bytes + photo!.thumbnailBytes);

    await addFillerMedia(
      user.id,
      ENTITLEMENTS.free.mediaStorageBytes - (await storageUsed(cookie)),
    );
    const refused = await uploadPhoto(t, cookie, await plainJpeg(), 'b.jpg');
    expectPlanLimit(refused, 'mediaStorageBytes', 'professional');
    expect(refused.body.message).toMatch(/Media storage.*Upgrade to Professional/);
    // Nothing of the refused upload is kept.
    expect(await t.context.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('keeps everything stored when the trial ends, and refuses only what comes next', async () => {
    const { user, cookie } = await memberIn('free');
    await addStoredPhotos(user.id, 3);
    t.clock.advance(31 * DAY);
    const refused = await uploadPhoto(t, cookie, await plainJpeg(), 'late.jpg');
    expectPlanLimit(refused, 'photoAllowance', 'beginner');
    expect(refused.body.message).toBe(
      'Your Free (trial ended) plan allows up to 1 photos. Upgrade to add more.',
    );
    expect(await t.context.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(
      3,
    );
    const [row] = await t.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.plan).toBe('free');
  });
});

describe('GET /api/plans', () => {
  it('serves the table and the cards generated from it, without signing in', async () => {
    const res = await request(t.app).get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((plan: { id: string }) => plan.id)).toEqual(
      PLANS.map((plan) => plan.id),
    );
    for (const card of res.body.plans) {
      expect(card.entitlements).toEqual(ENTITLEMENTS[card.id as PlanState]);
      expect(card.features).toEqual(planFeatureLines(card.id));
    }
    expect(res.body.afterTrial).toEqual({
      name: 'Free (trial ended)',
      entitlements: ENTITLEMENTS['trial-ended'],
      features: planFeatureLines('trial-ended'),
    });
  });

  it('GET /api/entitlements needs a signed-in member', async () => {
    expect((await request(t.app).get('/api/entitlements')).status).toBe(401);
  });
});
