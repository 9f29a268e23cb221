import {
  GENDER_OPTIONS,
  SEXUALITY_OPTIONS,
  roundDistanceKm,
  type DiscoverMember,
} from '@kindred/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boosts,
  matches,
  photos,
  privacySettings,
  profileLikes,
  profilePasses,
  profiles,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { planFieldsFor, signedInUser, type UserRow } from '../../test/factories.js';
import { disableMember } from '../posts/test-factories.js';
import { cellOf, haversineKm } from './geo-grid.js';
import { SESSION_REUSE_MS } from './snapshots.js';
import { giveProfile, randomPlace, type ProfileFields } from './test-factories.js';

/**
 * GET /api/discover and /api/boost over HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL. Each
 * scene lives at a place of its own and reads Discover narrowed to a few km around it, so the
 * other scenes' members never get in the way.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Member {
  user: UserRow;
  cookie: string;
}

type Place = { latitude: number; longitude: number };
type Query = Record<string, string | number | boolean | undefined>;

/** A signed-in member with a finished profile (at `place`, unless `latitude` says otherwise). */
async function member(
  place: Place | null,
  fields: ProfileFields & { user?: Partial<typeof users.$inferInsert> } = {},
): Promise<Member> {
  const { user: userFields, ...profile } = fields;
  const created = await signedInUser(t.context, userFields);
  await giveProfile(t.context, created.user.id, { ...place, ...profile });
  return created;
}

async function discover(viewer: Member, query: Query = {}) {
  return request(t.app).get('/api/discover').query(query).set('Cookie', viewer.cookie);
}

async function cards(viewer: Member, query: Query = {}) {
  const res = await discover(viewer, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.members as DiscoverMember[];
}

async function idsNear(viewer: Member, query: Query = {}) {
  return (await cards(viewer, { maxDistanceKm: 5, limit: 50, ...query })).map((card) => card._id);
}

/** Every page, following nextCursor. */
async function allPages(viewer: Member, query: Query) {
  const seen: DiscoverMember[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const res = await discover(viewer, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...res.body.members);
    cursor = res.body.nextCursor ?? undefined;
    if (!cursor) return seen;
  }
  throw new Error('more than 100 pages');
}

/** A point `km` east of `place` along its parallel (for small distances). */
function eastOf(place: Place, km: number): Place {
  const degrees = km / (111.195 * Math.cos((place.latitude * Math.PI) / 180));
  return { latitude: place.latitude, longitude: place.longitude + degrees };
}

describe('filters', () => {
  it('age bounds are inclusive', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const byAge = new Map<number, string>();
    for (const age of [24, 25, 30, 31]) byAge.set(age, (await member(place, { age })).user.id);

    expect(new Set(await idsNear(viewer, { ageMin: 25, ageMax: 30 }))).toEqual(
      new Set([byAge.get(25), byAge.get(30)]),
    );
    expect(new Set(await idsNear(viewer, { ageMin: 25 }))).toEqual(
      new Set([byAge.get(25), byAge.get(30), byAge.get(31)]),
    );
    expect(new Set(await idsNear(viewer, { ageMax: 24 }))).toEqual(new Set([byAge.get(24)]));
    expect(await idsNear(viewer, { ageMin: 30, ageMax: 30 })).toEqual([byAge.get(30)]);
  });

  it('each gender, alone or in a list', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const byGender = new Map<string, string>();
    for (const gender of GENDER_OPTIONS) {
      byGender.set(gender, (await member(place, { gender })).user.id);
    }
    for (const gender of GENDER_OPTIONS) {
      expect(await idsNear(viewer, { gender }), gender).toEqual([byGender.get(gender)]);
    }
    expect(new Set(await idsNear(viewer, { gender: 'male,non-binary' }))).toEqual(
      new Set([byGender.get('male'), byGender.get('non-binary')]),
    );
    // The parameter repeated.
    const res = await request(t.app)
      .get(`/api/discover?maxDistanceKm=5&gender=female&gender=other`)
      .set('Cookie', viewer.cookie);
    expect(new Set(res.body.members.map((card: DiscoverMember) => card._id))).toEqual(
      new Set([byGender.get('female'), byGender.get('other')]),
    );
  });

  it('each sexuality', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const bySexuality = new Map<string, string>();
    for (const sexuality of SEXUALITY_OPTIONS) {
      bySexuality.set(sexuality, (await member(place, { sexuality })).user.id);
    }
    for (const sexuality of SEXUALITY_OPTIONS) {
      expect(await idsNear(viewer, { sexuality }), sexuality).toEqual([bySexuality.get(sexuality)]);
    }
    expect(await idsNear(viewer, { sexuality: 'gay,lesbian', gender: 'female' })).toHaveLength(2);
  });

  it('refuses bad filters with 400 and the field', async () => {
    const viewer = await member(randomPlace());
    for (const query of [
      { ageMin: 40, ageMax: 30 },
      { ageMin: 17 },
      { ageMax: 121 },
      { ageMin: 'old' },
      { gender: 'robot' },
      { sexuality: 'straight,robot' },
      { interests: 'Knitting' },
      { maxDistanceKm: 0 },
      { maxDistanceKm: 501 },
      { recentlyActive: 'maybe' },
      { limit: 0 },
      { limit: 51 },
    ]) {
      const res = await discover(viewer, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('distance', () => {
  it('is measured across the antimeridian, and a distance filter keeps the members within it', async () => {
    const viewer = await member({ latitude: -16.5, longitude: 179.9 });
    const across = await member({ latitude: -16.5, longitude: -179.9 }); // 21 km, over 180°
    const sameSide = await member({ latitude: -16.5, longitude: 179.5 }); // 43 km
    const farAcross = await member({ latitude: -16.5, longitude: -178.0 }); // 203 km
    const tooFar = await member({ latitude: -16.5, longitude: 174.0 }); // 629 km

    const near = await cards(viewer, { maxDistanceKm: 50 });
    expect(near.map((card) => card._id)).toEqual([across.user.id, sameSide.user.id]);
    expect(near[0]!.distance).toEqual({
      km: roundDistanceKm(haversineKm(-16.5, 179.9, -16.5, -179.9)),
      text: 'about 20 km',
    });
    const wide = (await cards(viewer, { maxDistanceKm: 500 })).map((card) => card._id);
    expect(wide).toEqual([across.user.id, sameSide.user.id, farAcross.user.id]);
    expect(wide).not.toContain(tooFar.user.id);

    // And from the other side of the line.
    const east = await member({ latitude: -16.5, longitude: -179.95 });
    expect((await cards(east, { maxDistanceKm: 25 })).map((card) => card._id)).toEqual([
      across.user.id,
      viewer.user.id,
    ]);
  });

  it('is measured over the poles', async () => {
    const north = await member({ latitude: 89.9, longitude: 10 });
    const overThePole = await member({ latitude: 89.9, longitude: -170 }); // 22 km
    const sideways = await member({ latitude: 89.7, longitude: 100 }); // 35 km
    const lower = await member({ latitude: 85, longitude: 10 }); // 545 km
    expect((await cards(north, { maxDistanceKm: 50 })).map((card) => card._id)).toEqual([
      overThePole.user.id,
      sideways.user.id,
    ]);
    expect((await cards(north, { maxDistanceKm: 500 })).map((card) => card._id)).not.toContain(
      lower.user.id,
    );

    const south = await member({ latitude: -89.95, longitude: 45 });
    const otherSide = await member({ latitude: -89.95, longitude: -135 }); // 11 km
    const atThePole = await member({ latitude: -90, longitude: 0 }); // 6 km
    const found = await cards(south, { maxDistanceKm: 20 });
    expect(found.map((card) => card._id)).toEqual([atThePole.user.id, otherSide.user.id]);
    expect(found.map((card) => card.distance?.text)).toEqual(['about 6 km', 'about 10 km']);
  });

  it('is rounded, never under 1 km, and not shown for a member who hides their location', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const sameSpot = await member(place, { city: 'Here' });
    const sevenKm = await member(eastOf(place, 7.4));
    const hiding = await member(eastOf(place, 3));
    await t.context.db
      .insert(privacySettings)
      .values({ userId: hiding.user.id, showLocation: false });

    const found = await cards(viewer, { maxDistanceKm: 10 });
    const byId = new Map(found.map((card) => [card._id, card]));
    expect(byId.get(sameSpot.user.id)).toMatchObject({
      city: 'Here',
      distance: { km: 1, text: 'about 1 km' },
    });
    expect(byId.get(sevenKm.user.id)!.distance).toEqual({ km: 7, text: 'about 7 km' });
    expect(byId.get(hiding.user.id)).toMatchObject({ city: null, distance: null });
  });

  it('members without a place appear only without a distance filter', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const placeless = await member(null);
    const wide = await allPages(viewer, { maxDistanceKm: 500, limit: 50 });
    expect(wide.map((card) => card._id)).not.toContain(placeless.user.id);
    const everyone = await allPages(viewer, { limit: 50 });
    const card = everyone.find((found) => found._id === placeless.user.id);
    expect(card, JSON.stringify(card)).toMatchObject({ distance: null });
  });

  it('is prefiltered on the grid cells the database numbers as the code does', async () => {
    const points: Array<[number, number]> = [
      [-90, -180],
      [90, 180],
      [0, 0],
      [-0.25, 179.75],
      [45.5, -0.5],
      [89.99, -179.99],
      [-89.999, 179.999999],
      [12.345678, 98.765432],
      [0.5, 180],
    ];
    for (const [latitude, longitude] of points) {
      const { user } = await member({ latitude, longitude });
      const [row] = await t.context.db
        .select({ cell: profiles.geoCell })
        .from(profiles)
        .where(eq(profiles.userId, user.id));
      expect(row!.cell, `${latitude},${longitude}`).toBe(cellOf(latitude, longitude));
    }
  });

  it('a distance filter needs the viewer’s own place', async () => {
    const viewer = await member(null);
    const res = await discover(viewer, { maxDistanceKm: 10 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add your location to your profile to filter by distance');
    expect((await discover(viewer)).status).toBe(200);
  });
});

describe('who is never shown', () => {
  it('the viewer, blocked members both ways, passes either way within 30 days, likes, matches, hidden, disabled, suspended, unverified and unfinished accounts', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const shown = await member(place);
    const blockedByViewer = await member(place);
    const blockedViewer = await member(place);
    const passedByViewer = await member(place);
    const passedViewer = await member(place);
    const passedLongAgo = await member(place);
    const liked = await member(place);
    const matched = await member(place);
    const hidden = await member(place);
    const disabled = await member(place);
    await member(place, { user: { status: 'suspended' } });
    await member(place, { user: { emailVerifiedAt: null } });
    await member(place, { photo: false });
    await signedInUser(t.context); // no profile at all

    const now = t.clock.now();
    for (const [blocker, blocked] of [
      [viewer, blockedByViewer],
      [blockedViewer, viewer],
    ] as const) {
      const res = await request(t.app)
        .post('/api/blocks')
        .set('Cookie', blocker.cookie)
        .send({ userId: blocked.user.id });
      expect(res.status).toBe(200);
    }
    await t.context.db.insert(profilePasses).values([
      {
        passerId: viewer.user.id,
        passedId: passedByViewer.user.id,
        createdAt: new Date(now.getTime() - 29 * DAY),
      },
      { passerId: passedViewer.user.id, passedId: viewer.user.id, createdAt: now },
      {
        passerId: viewer.user.id,
        passedId: passedLongAgo.user.id,
        createdAt: new Date(now.getTime() - 31 * DAY),
      },
    ]);
    await t.context.db
      .insert(profileLikes)
      .values({ likerId: viewer.user.id, likedId: liked.user.id, createdAt: now });
    const [low, high] = [viewer.user.id, matched.user.id].sort();
    await t.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });
    await t.context.db
      .insert(privacySettings)
      .values({ userId: hidden.user.id, searchable: false });
    await disableMember(t.context, disabled.user.id);

    expect(new Set(await idsNear(viewer))).toEqual(new Set([shown.user.id, passedLongAgo.user.id]));

    // The pass two days short of 30 days ends with them.
    t.clock.advance(2 * DAY);
    expect(await idsNear(viewer)).toContain(passedByViewer.user.id);
  });

  it('a block, a pass, a like or a hidden or disabled account takes effect on a list already read; newcomers join at its next snapshot', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const blocked = await member(place);
    const passer = await member(place);
    const liked = await member(place);
    const hidden = await member(place);
    const disabled = await member(place);
    const stays = await member(place);
    const everyone = [blocked, passer, liked, hidden, disabled, stays].map((m) => m.user.id);
    expect(new Set(await idsNear(viewer))).toEqual(new Set(everyone));

    const block = await request(t.app)
      .post('/api/blocks')
      .set('Cookie', viewer.cookie)
      .send({ userId: blocked.user.id });
    expect(block.status).toBe(200);
    await t.context.db
      .insert(profilePasses)
      .values({ passerId: passer.user.id, passedId: viewer.user.id, createdAt: t.clock.now() });
    await t.context.db
      .insert(profileLikes)
      .values({ likerId: viewer.user.id, likedId: liked.user.id, createdAt: t.clock.now() });
    await t.context.db
      .insert(privacySettings)
      .values({ userId: hidden.user.id, searchable: false });
    await disableMember(t.context, disabled.user.id);
    const newcomer = await member(place);

    // The same snapshot (within a minute of the first list): the order is kept, the checks are not.
    expect(await idsNear(viewer)).toEqual([stays.user.id]);
    t.clock.advance(SESSION_REUSE_MS);
    expect(new Set(await idsNear(viewer))).toEqual(new Set([stays.user.id, newcomer.user.id]));
  });

  it('a member who moved since the list was read is shown only within the reach of the band they were read in', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const near = await member(eastOf(place, 5));
    const mid = await member(eastOf(place, 20));
    const query = { maxDistanceKm: 25, limit: 50 };
    expect((await cards(viewer, query)).map((card) => card._id)).toEqual([
      near.user.id,
      mid.user.id,
    ]);

    // Near was read in the band within 10 km, mid in the band up to 25 km.
    const moveTo = (id: string, to: Place) =>
      t.context.db.update(profiles).set(to).where(eq(profiles.userId, id));
    await moveTo(near.user.id, eastOf(place, 15));
    await moveTo(mid.user.id, eastOf(place, 40));
    expect(await cards(viewer, query)).toEqual([]);
    t.clock.advance(SESSION_REUSE_MS);
    expect((await cards(viewer, query)).map((card) => card._id)).toEqual([near.user.id]);
  });

  it('checks the members of every band of a page in one statement once their order is read', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const near = await member(eastOf(place, 5));
    const mid = await member(eastOf(place, 20));
    const query = { maxDistanceKm: 25, limit: 50 };
    await cards(viewer, query);
    let statements = 0;
    const stop = t.context.database.onQuery((text) => {
      if (!/"sessions"/.test(text)) statements += 1;
    });
    try {
      expect((await cards(viewer, query)).map((card) => card._id)).toEqual([
        near.user.id,
        mid.user.id,
      ]);
    } finally {
      stop();
    }
    // The viewer with the running boosts and the cards, in one statement.
    expect(statements).toBe(1);
  });

  it('answers a page for the viewer as they are now, not as their previous page saw them', async () => {
    const place = randomPlace();
    const elsewhere = randomPlace();
    const viewer = await member(place);
    const here = await member(eastOf(place, 2));
    const there = await member(eastOf(elsewhere, 2));
    const query = { maxDistanceKm: 5, limit: 50 };
    const ids = async () => (await cards(viewer, query)).map((card) => card._id);
    expect(await ids()).toEqual([here.user.id]);
    // The next page reads its cards with the viewer, as the viewer's previous page saw them.
    expect(await ids()).toEqual([here.user.id]);
    await t.context.db.update(profiles).set(elsewhere).where(eq(profiles.userId, viewer.user.id));
    expect(await ids()).toEqual([there.user.id]);
  });

  it('shows a member as they are now on a list read again: name, photo, age, city, place shown, interests', async () => {
    const place = randomPlace();
    const viewer = await member(place, { interests: ['Travel'] });
    const changing = await member(eastOf(place, 2), { city: 'Before', age: 30, interests: [] });
    const query = { maxDistanceKm: 5, limit: 50 };
    const [before] = await cards(viewer, query);
    expect(before).toMatchObject({ _id: changing.user.id, city: 'Before', age: 30 });

    const id = changing.user.id;
    await t.context.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, id));
    await t.context.db
      .update(photos)
      .set({ storageKey: 'new-main.webp', thumbnailKey: 'new-main-thumb.webp' })
      .where(and(eq(photos.userId, id), eq(photos.position, 0)));
    await t.context.db
      .update(profiles)
      .set({ age: 31, city: 'After', interests: ['Travel'] })
      .where(eq(profiles.userId, id));
    // The same snapshot: the order is kept, the card is not.
    expect(await cards(viewer, query)).toEqual([
      {
        ...before,
        firstName: 'Renamed',
        photo: '/api/media/new-main.webp',
        thumbnail: '/api/media/new-main-thumb.webp',
        age: 31,
        city: 'After',
        interestsInCommon: ['Travel'],
      },
    ]);

    await t.context.db.insert(privacySettings).values({ userId: id, showLocation: false });
    expect(await cards(viewer, query)).toMatchObject([{ _id: id, city: null, distance: null }]);
    await t.context.db.delete(photos).where(eq(photos.userId, id));
    expect(await cards(viewer, query)).toEqual([]);
  });
});

describe('order and paging', () => {
  it('orders by distance band, then by score: interests in common and recent activity', async () => {
    const place = randomPlace();
    const now = t.clock.now();
    const viewer = await member(place, { interests: ['Travel', 'Music', 'Art'] });
    const plain = await member(place, { interests: ['Cars'] });
    const oneInCommon = await member(place, { interests: ['Music', 'Cars'] });
    const activeToday = await member(place, {
      interests: ['Cars'],
      user: { lastLoginAt: new Date(now.getTime() - HOUR) },
    });
    const best = await member(place, {
      interests: ['Music', 'Art'],
      user: { lastLoginAt: new Date(now.getTime() - HOUR) },
    });
    const eightKm = await member(eastOf(place, 8), {
      interests: ['Music', 'Art'],
      user: { lastLoginAt: new Date(now.getTime() - HOUR) },
    });
    const twentyKm = await member(eastOf(place, 20), {
      interests: ['Travel', 'Music', 'Art'],
      user: { lastLoginAt: now },
    });

    const found = await cards(viewer, { maxDistanceKm: 50 });
    expect(found.map((card) => card._id)).toEqual([
      best.user.id,
      eightKm.user.id,
      activeToday.user.id,
      oneInCommon.user.id,
      plain.user.id,
      twentyKm.user.id,
    ]);
    expect(found[0]!.interestsInCommon).toEqual(['Music', 'Art']);
    expect(found[3]!.interestsInCommon).toEqual(['Music']);
    expect(found[4]!.interestsInCommon).toEqual([]);
  });

  it('keeps its order while paging, whatever members join meanwhile or time passes', async () => {
    const place = randomPlace();
    const viewer = await member(place, { interests: ['Travel', 'Music'] });
    const now = t.clock.now();
    const originals: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      const joined = await member(eastOf(place, [0, 3, 9, 15, 40, 120, 300][i % 7]!), {
        interests: i % 3 === 0 ? ['Music'] : ['Cars'],
        // Some just inside "today" at the first page: two minutes later they would not be.
        user: { lastLoginAt: new Date(now.getTime() - (i % 2 === 0 ? DAY - MINUTE : 3 * DAY)) },
      });
      originals.push(joined.user.id);
    }
    const query = { maxDistanceKm: 500, limit: 4 };
    const reference = (await cards(viewer, { ...query, limit: 50 })).map((card) => card._id);
    expect(new Set(reference)).toEqual(new Set(originals));

    const seen: string[] = [];
    let cursor: string | undefined;
    let added = 0;
    for (let page = 0; page < 20; page += 1) {
      const res = await discover(viewer, { ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.members.map((card: DiscoverMember) => card._id));
      cursor = res.body.nextCursor ?? undefined;
      if (!cursor) break;
      // Newcomers better, worse and equal to those already there; and time moves on.
      for (const distance of [0, 9, 300]) {
        await member(eastOf(place, distance), {
          interests: ['Travel', 'Music'],
          user: { lastLoginAt: t.clock.now() },
        });
        await member(eastOf(place, distance), { interests: ['Cars'] });
        added += 2;
      }
      t.clock.advance(2 * MINUTE);
    }
    expect(added).toBeGreaterThan(0);
    expect(seen.length).toBe(new Set(seen).size); // no member twice
    expect(seen.filter((id) => originals.includes(id))).toEqual(reference); // none skipped, same order
  });

  it('refuses a cursor it did not issue', async () => {
    const viewer = await member(randomPlace());
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from(JSON.stringify([1, Date.now(), 99, 10, viewer.user.id])).toString('base64url'),
      Buffer.from(JSON.stringify([1, Date.now(), 1, 1.5, viewer.user.id])).toString('base64url'),
    ]) {
      const res = await discover(viewer, { maxDistanceKm: 5, cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe('This list has changed; please reload it');
    }
  });

  it('reads a page in the same number of statements whatever its size', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    for (let i = 0; i < 12; i += 1) await member(place);
    const count = async (limit: number) => {
      let statements = 0;
      const stop = t.context.database.onQuery((text) => {
        if (!/"sessions"/.test(text)) statements += 1;
      });
      try {
        expect(await cards(viewer, { maxDistanceKm: 5, limit })).toHaveLength(limit);
      } finally {
        stop();
      }
      return statements;
    };
    await cards(viewer, { maxDistanceKm: 5 }); // the session is read once, then cached
    expect(await count(10)).toBe(await count(2));
  });
});

describe('boosts', () => {
  it('puts a boosted member first for 30 minutes, then back in their place', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const near = await member(place);
    const far = await member(eastOf(place, 200), {
      user: planFieldsFor('professional', t.clock.now()),
    });

    const boosted = await request(t.app).post('/api/boost').set('Cookie', far.cookie);
    expect(boosted.status).toBe(200);
    const now = t.clock.now();
    expect(boosted.body).toMatchObject({
      boostedUntil: new Date(now.getTime() + 30 * MINUTE).toISOString(),
      nextBoostAt: new Date(now.getTime() + DAY).toISOString(),
    });
    // A list counts the boosts that had begun when it was first read (its cursor keeps that time).
    t.clock.advance(1000);

    const during = await cards(viewer, { maxDistanceKm: 500 });
    expect(during.map((card) => [card._id, card.boosted])).toEqual([
      [far.user.id, true],
      [near.user.id, false],
    ]);
    // A distance filter still applies to boosted members.
    expect((await cards(viewer, { maxDistanceKm: 100 })).map((card) => card._id)).toEqual([
      near.user.id,
    ]);

    t.clock.advance(30 * MINUTE);
    const after = await cards(viewer, { maxDistanceKm: 500 });
    expect(after.map((card) => [card._id, card.boosted])).toEqual([
      [near.user.id, false],
      [far.user.id, false],
    ]);
  });

  it('a boost that starts while someone pages shows from their next list, never twice', async () => {
    const place = randomPlace();
    const viewer = await member(place);
    const first = await member(place, { interests: ['Travel', 'Music'] });
    const second = await member(eastOf(place, 50), {
      user: planFieldsFor('professional', t.clock.now()),
    });
    const page1 = await discover(viewer, { maxDistanceKm: 100, limit: 1 });
    expect(page1.body.members.map((card: DiscoverMember) => card._id)).toEqual([first.user.id]);
    expect((await request(t.app).post('/api/boost').set('Cookie', second.cookie)).status).toBe(200);
    const page2 = await discover(viewer, {
      maxDistanceKm: 100,
      limit: 1,
      cursor: page1.body.nextCursor,
    });
    expect(page2.body.members.map((card: DiscoverMember) => [card._id, card.boosted])).toEqual([
      [second.user.id, false],
    ]);
    expect(page2.body.nextCursor).toBeNull();
    t.clock.advance(1000);
    expect((await cards(viewer, { maxDistanceKm: 100 }))[0]).toMatchObject({
      _id: second.user.id,
      boosted: true,
    });
  });

  it('refuses a second boost before the plan allows it, with when, and only one of many at once', async () => {
    const booster = await member(randomPlace(), {
      user: planFieldsFor('professional', t.clock.now()),
    });
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(t.app).post('/api/boost').set('Cookie', booster.cookie),
      ),
    );
    expect(attempts.map((res) => res.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = attempts.find((res) => res.status === 429)!;
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 24 * 60 * 60,
      message: 'You can boost your profile again in 24 hours.',
    });
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60));
    expect(
      await t.context.db.select().from(boosts).where(eq(boosts.userId, booster.user.id)),
    ).toHaveLength(1);

    const status = await request(t.app).get('/api/boost').set('Cookie', booster.cookie);
    expect(status.body).toMatchObject({ allowance: 'daily' });
    expect(status.body.boostedUntil).not.toBeNull();

    t.clock.advance(DAY);
    expect((await request(t.app).post('/api/boost').set('Cookie', booster.cookie)).status).toBe(
      200,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await request(t.app).get('/api/discover')).status).toBe(401);
    expect((await request(t.app).get('/api/boost')).status).toBe(401);
    expect((await request(t.app).post('/api/boost')).status).toBe(401);
  });
});

describe('advanced filters', () => {
  it('are refused with PLAN_LIMIT on a plan without them', async () => {
    const viewer = await member(randomPlace());
    for (const query of [
      { interests: 'Music' },
      { recentlyActive: true },
      { verifiedOnly: true },
    ]) {
      const res = await discover(viewer, query);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PLAN_LIMIT',
        feature: 'advancedFilters',
        requiredPlan: 'beginner',
      });
    }
  });

  it('photo-verified only keeps the members whose selfie matched their photos', async () => {
    const place = randomPlace();
    const viewer = await member(place, { user: planFieldsFor('professional', t.clock.now()) });
    const verified = await member(place, { user: { photoVerifiedAt: t.clock.now() } });
    const unverified = await member(place);
    expect(await idsNear(viewer, { verifiedOnly: true })).toEqual([verified.user.id]);
    expect(new Set(await idsNear(viewer, { verifiedOnly: false }))).toEqual(
      new Set([verified.user.id, unverified.user.id]),
    );
    // Each card carries the photo-verified mark (shown beside the name).
    const marks = (await cards(viewer, { maxDistanceKm: 5, limit: 50 })).map(
      (card) => [card._id, card.photoVerified] as const,
    );
    expect(new Map(marks)).toEqual(
      new Map([
        [verified.user.id, true],
        [unverified.user.id, false],
      ]),
    );
  });

  it('interests in common and recently active filter on a plan with them', async () => {
    const place = randomPlace();
    const now = t.clock.now();
    const viewer = await member(place, { user: planFieldsFor('beginner', t.clock.now()) });
    const music = await member(place, { interests: ['Music', 'Cars'] });
    const art = await member(place, {
      interests: ['Art'],
      user: { lastLoginAt: new Date(now.getTime() - 6 * DAY) },
    });
    const neither = await member(place, {
      interests: ['Cars'],
      user: { lastLoginAt: new Date(now.getTime() - 8 * DAY) },
    });
    expect(await idsNear(viewer, { interests: 'Music' })).toEqual([music.user.id]);
    expect(new Set(await idsNear(viewer, { interests: 'Music,Art' }))).toEqual(
      new Set([music.user.id, art.user.id]),
    );
    expect(await idsNear(viewer, { recentlyActive: true })).toEqual([art.user.id]);
    expect(await idsNear(viewer)).toContain(neither.user.id);
  });
});

describe('coordinates', () => {
  it('appear in no answer (cards, cursors, boosts)', async () => {
    const place = { latitude: 12.345678, longitude: 98.765432 };
    const viewer = await member(place, { user: planFieldsFor('professional', t.clock.now()) });
    await member({ latitude: 12.354321, longitude: 98.756789 });
    await member({ latitude: 12.333333, longitude: 98.777777 });
    const bodies = [
      await discover(viewer, { maxDistanceKm: 10, limit: 1 }),
      await discover(viewer, { limit: 1 }),
      await request(t.app).post('/api/boost').set('Cookie', viewer.cookie),
      await request(t.app).get('/api/boost').set('Cookie', viewer.cookie),
    ].map((res) => {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      const cursor = res.body.nextCursor as string | undefined;
      return cursor ? text + Buffer.from(cursor, 'base64url').toString('utf8') : text;
    });
    for (const body of bodies) {
      expect(body).not.toMatch(/latitude|longitude|"lat"|"lon"|"lng"|geo/i);
      for (const digits of ['345678', '765432', '354321', '756789', '333333', '777777']) {
        expect(body).not.toContain(digits);
      }
    }
  });
});
