import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sessionCookieFor, signedInUser, TEST_PASSWORD } from '../../test/factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';
import { loadMemberSummaries } from './summary.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function memberWithProfile(overrides: Parameters<typeof signedInUser>[1] = {}) {
  const member = await signedInUser(t.context, overrides);
  const photos = await uploadPhotos(t, member.cookie, 2);
  const res = await request(t.app)
    .post('/api/profile/create')
    .set('Cookie', member.cookie)
    .send(
      validProfile({
        photos,
        firstName: overrides.firstName ?? member.user.firstName,
        lastName: overrides.lastName ?? member.user.lastName,
      }),
    );
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { ...member, photos };
}

describe('GET /users/{id}', () => {
  it('shows another member the public fields only: no email, phone, coordinates, plan or trial', async () => {
    const a = await memberWithProfile();
    const b = await signedInUser(t.context);
    const res = await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', b.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: {
        _id: a.user.id,
        firstName: a.user.firstName,
        lastName: a.user.lastName,
        age: 29,
        gender: 'female',
        sexuality: 'bisexual',
        location: {
          formatted_address: 'Paris, Île-de-France, France',
          city: 'Paris',
          country: 'France',
        },
        profilePicture: a.photos[0],
        photos: a.photos,
        verifiedBadge: true,
        photoVerified: false,
        isVerified: true,
        isPhoneVerified: true,
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|\+91|48\.85|2\.352/);
    expect(Object.keys(res.body.user)).not.toEqual(
      expect.arrayContaining(['plan', 'subscriptionStatus', 'trialEndDate', 'email', 'role']),
    );

    // The member's own view keeps their plan, subscription state and trial end.
    const own = await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', a.cookie);
    expect(own.body.user).toMatchObject({
      email: a.user.email,
      role: 'member',
      plan: 'free',
      subscriptionStatus: 'trial',
      trialEndDate: expect.any(String),
    });
  });

  it("shows another member's profile without their plan; the owner's has it", async () => {
    const a = await memberWithProfile();
    const b = await signedInUser(t.context);
    const other = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie);
    expect(other.status).toBe(200);
    expect(other.body.profile).not.toHaveProperty('plan');
    const own = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', a.cookie);
    expect(own.body.profile.plan).toBe('free');
  });

  it('includes the email for the member themself, and works before a profile exists', async () => {
    const { user, cookie } = await signedInUser(t.context, { phoneVerifiedAt: null });
    const res = await request(t.app).get(`/api/users/${user.id}`).set('Cookie', cookie);
    expect(res.body.user).toMatchObject({
      _id: user.id,
      email: user.email,
      age: null,
      location: null,
      photos: [],
      profilePicture: null,
      verifiedBadge: false,
      isPhoneVerified: false,
      plan: null,
      subscriptionStatus: null,
    });
  });

  it('answers 404 "User not found" for an unknown or disabled member, 400 for a malformed id, 401 signed out', async () => {
    const { cookie } = await signedInUser(t.context);
    const disabled = await signedInUser(t.context, { status: 'disabled', disabledAt: new Date() });
    for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', disabled.user.id]) {
      const res = await request(t.app).get(`/api/users/${id}`).set('Cookie', cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: 'User not found',
        code: 'MEMBER_NOT_FOUND',
      });
    }
    expect((await request(t.app).get('/api/users/42').set('Cookie', cookie)).status).toBe(400);
    expect((await request(t.app).get(`/api/users/${disabled.user.id}`)).status).toBe(401);
  });
});

describe('GET /users/{id}/subscription', () => {
  it("gives the member their own subscription and refuses another member's (403)", async () => {
    // A paid plan is switched on by checkout (features/billing); here it is simply stored.
    const a = await signedInUser(t.context, { plan: 'beginner', subscriptionStatus: 'active' });
    const b = await signedInUser(t.context);
    const own = await request(t.app)
      .get(`/api/users/${a.user.id}/subscription`)
      .set('Cookie', a.cookie);
    expect(own.body).toEqual({
      success: true,
      subscription: { planName: 'beginner', status: 'active', trialEndDate: null },
    });
    const other = await request(t.app)
      .get(`/api/users/${a.user.id}/subscription`)
      .set('Cookie', b.cookie);
    expect(other.status).toBe(403);
    expect(other.body.success).toBe(false);
  });
});

describe('GET /users/search', () => {
  // Names unique to this describe block, so other tests' members do not interfere.
  let searcher: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    searcher = await signedInUser(t.context, { firstName: 'Quilla', lastName: 'Searcher' });
    await memberWithProfile({ firstName: 'Quinoë', lastName: 'Dupont' });
    await signedInUser(t.context, { firstName: 'Quino', lastName: 'Martin' });
    await signedInUser(t.context, { firstName: 'Anna', lastName: 'Quinnell' });
    await signedInUser(t.context, { firstName: 'Quinox', lastName: 'Hidden', status: 'disabled' });
    await signedInUser(t.context, { firstName: 'Qu_x', lastName: 'Percent%' });
  });

  const search = (query: Record<string, string | number>) =>
    request(t.app).get('/api/users/search').query(query).set('Cookie', searcher.cookie);

  it('matches first-name, last-name and "first last" prefixes, ignoring case and accents, excluding the searcher and disabled members', async () => {
    const res = await search({ searchText: 'QUINO' });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.suggestions.map((s: { firstName: string }) => s.firstName)).toEqual([
      'Quino',
      'Quinoë',
    ]);
    expect(res.body.suggestions[1]).toEqual({
      _id: expect.any(String),
      firstName: 'Quinoë',
      lastName: 'Dupont',
      profilePicture: expect.stringMatching(/^\/api\/media\/.+\.webp$/),
      verifiedBadge: true,
      photoVerified: false,
    });

    const lastName = await search({ searchText: 'quinn' });
    expect(lastName.body.suggestions.map((s: { lastName: string }) => s.lastName)).toEqual([
      'Quinnell',
    ]);

    const fullName = await search({ searchText: 'quinoe du' });
    expect(fullName.body.suggestions.map((s: { lastName: string }) => s.lastName)).toEqual([
      'Dupont',
    ]);

    const self = await search({ searchText: 'quilla' });
    expect(self.body).toMatchObject({ suggestions: [], totalCount: 0 });
    const hidden = await search({ searchText: 'quinox' });
    expect(hidden.body.totalCount).toBe(0);
  });

  it('lists members whose "first last" starts with the query before those matched by last name alone', async () => {
    await signedInUser(t.context, { firstName: 'Bea', lastName: 'Zephyr' });
    await signedInUser(t.context, { firstName: 'Zéphyrine', lastName: 'Alba' });
    await signedInUser(t.context, { firstName: 'Zephyrin', lastName: 'Moreau' });
    await signedInUser(t.context, { firstName: 'Ada', lastName: 'Zephyrson' });
    const res = await search({ searchText: 'zephyr' });
    expect(
      res.body.suggestions.map((s: { firstName: string; lastName: string }) => s.lastName),
    ).toEqual(['Moreau', 'Alba', 'Zephyr', 'Zephyrson']);
    expect(res.body.totalCount).toBe(4);
  });

  it('treats % _ and \\ in the query as plain characters', async () => {
    expect((await search({ searchText: 'q_' })).body.totalCount).toBe(0);
    expect((await search({ searchText: 'qu_' })).body.totalCount).toBe(1);
    expect((await search({ searchText: '%' })).body.totalCount).toBe(0);
    expect((await search({ searchText: 'percent%' })).body.totalCount).toBe(1);
    expect((await search({ searchText: '\\' })).body.totalCount).toBe(0);
  });

  it('pages with page/limit (default 10) in a stable order', async () => {
    for (let index = 0; index < 12; index += 1) {
      await signedInUser(t.context, {
        firstName: 'Pagewise',
        lastName: `Member${String(index).padStart(2, '0')}`,
      });
    }
    const first = await search({ searchText: 'pagewise' });
    expect(first.body).toMatchObject({ totalCount: 12, page: 1, limit: 10 });
    expect(first.body.suggestions).toHaveLength(10);
    const second = await search({ searchText: 'pagewise', page: 2, limit: 10 });
    expect(second.body.suggestions).toHaveLength(2);
    const all = [...first.body.suggestions, ...second.body.suggestions].map(
      (s: { lastName: string }) => s.lastName,
    );
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(12);
    const small = await search({ searchText: 'pagewise', page: 3, limit: 5 });
    expect(small.body.suggestions.map((s: { lastName: string }) => s.lastName)).toEqual(
      all.slice(10, 12),
    );
    const past = await search({ searchText: 'pagewise', page: 4, limit: 10 });
    expect(past.body).toMatchObject({ suggestions: [], totalCount: 12, totalCountCapped: false });
  });

  it('refuses a limit over 50 or a page below 1, and answers an empty query with no results', async () => {
    expect((await search({ searchText: 'a', limit: 51 })).status).toBe(400);
    expect((await search({ searchText: 'a', page: 0 })).status).toBe(400);
    expect((await search({ searchText: 'x'.repeat(101) })).status).toBe(400);
    expect((await search({ searchText: '   ' })).body).toMatchObject({
      suggestions: [],
      totalCount: 0,
    });
  });

  it('answers ?q= with at most 8 member summaries for @mentions', async () => {
    const res = await search({ q: 'pagewise' });
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(8);
    expect(Object.keys(res.body.users[0]).sort()).toEqual([
      '_id',
      'firstName',
      'lastName',
      'photoVerified',
      'profilePicture',
      'verifiedBadge',
    ]);
  });

  it('reads a page and its count in one statement, however many results', async () => {
    const statements: string[] = [];
    const stop = t.context.database.onQuery((query) => {
      if (!/"sessions"/.test(query)) statements.push(query);
    });
    try {
      await search({ searchText: 'pagewise', limit: 12 });
      const forTwelve = statements.length;
      statements.length = 0;
      await search({ searchText: 'quino', limit: 12 });
      expect(forTwelve).toBe(1);
      expect(statements).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('needs a signed-in member', async () => {
    expect((await request(t.app).get('/api/users/search?searchText=q')).status).toBe(401);
  });
});

describe('POST /users/{id}/disable', () => {
  it('disables the account, ends every session, and hides the member from search, profile, users and summaries', async () => {
    const a = await memberWithProfile({ firstName: 'Disabella', lastName: 'Gone' });
    const secondDevice = await sessionCookieFor(t.context, a.user.id);
    const b = await signedInUser(t.context);

    const res = await request(t.app)
      .post(`/api/users/${a.user.id}/disable`)
      .set('Cookie', a.cookie)
      .send({ currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Account temporarily disabled' });

    const [row] = await t.context.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ status: 'disabled' });
    expect(row!.disabledAt).toBeInstanceOf(Date);
    expect(
      await t.context.db.select().from(sessions).where(eq(sessions.userId, a.user.id)),
    ).toHaveLength(0);
    for (const cookie of [a.cookie, secondDevice]) {
      expect(
        (await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', cookie)).status,
      ).toBe(401);
    }

    expect(
      (await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', b.cookie)).status,
    ).toBe(404);
    expect(
      (await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie)).status,
    ).toBe(404);
    const found = await request(t.app)
      .get('/api/users/search?searchText=disabella')
      .set('Cookie', b.cookie);
    expect(found.body.totalCount).toBe(0);
    expect((await loadMemberSummaries(t.context.db, b.user.id, [a.user.id])).size).toBe(0);
  });

  it('refuses member B disabling member A (403); A stays active and signed in', async () => {
    const a = await signedInUser(t.context);
    const b = await signedInUser(t.context);
    const res = await request(t.app)
      .post(`/api/users/${a.user.id}/disable`)
      .set('Cookie', b.cookie)
      .send({});
    expect(res.status).toBe(403);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.status).toBe('active');
    expect(
      (await request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', a.cookie)).status,
    ).toBe(200);
  });

  it('needs the full session of that member', async () => {
    const a = await signedInUser(t.context);
    const pending = await sessionCookieFor(t.context, a.user.id, 'pending');
    expect(
      (await request(t.app).post(`/api/users/${a.user.id}/disable`).set('Cookie', pending).send({}))
        .status,
    ).toBe(401);
    expect((await request(t.app).post(`/api/users/${a.user.id}/disable`).send({})).status).toBe(
      401,
    );
  });
});
