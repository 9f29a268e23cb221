import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { uploadPhotos, validProfile } from './test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function memberWithPhotos(count = 1, overrides: Parameters<typeof signedInUser>[1] = {}) {
  const member = await signedInUser(t.context, overrides);
  const photos = await uploadPhotos(t, member.cookie, count);
  return { ...member, photos };
}

function createProfile(cookie: string, body: Record<string, unknown>) {
  return request(t.app).post('/api/profile/create').set('Cookie', cookie).send(body);
}

async function profileRow(userId: string) {
  const [row] = await t.context.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

describe('POST /profile/create', () => {
  it('creates the profile, renames the member (search keys too) and records the free trial', async () => {
    const { user, cookie, photos } = await memberWithPhotos(2);
    const res = await createProfile(cookie, validProfile({ userId: user.id, photos, age: '29' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Profile created successfully' });

    const row = await profileRow(user.id);
    expect(row).toMatchObject({
      age: 29,
      gender: 'female',
      sexuality: 'bisexual',
      bio: 'Coffee, books and long walks.',
      locationText: 'Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
      latitude: 48.8566123,
      longitude: 2.3522456,
      interests: ['Travel', 'Reading', 'Art'],
    });
    const [member] = await t.context.db.select().from(users).where(eq(users.id, user.id));
    expect(member).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Dupont',
      nameSearch: 'zoe dupont',
      lastNameSearch: 'dupont',
      plan: 'free',
      subscriptionStatus: 'trial',
    });
    expect(member!.trialEndDate!.getTime()).toBe(t.clock.now().getTime() + 60 * DAY);
  });

  it('updates an existing profile ("Profile updated successfully") and applies the photo order', async () => {
    const { user, cookie, photos } = await memberWithPhotos(2);
    expect((await createProfile(cookie, validProfile({ photos }))).status).toBe(201);
    const res = await createProfile(
      cookie,
      validProfile({
        firstName: 'Ana',
        age: 31,
        photos: [photos[1], photos[0]],
        location: 'Lyon, France',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Profile updated successfully' });
    const profile = (await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie)).body
      .profile;
    expect(profile).toMatchObject({
      firstName: 'Ana',
      age: 31,
      photos: [photos[1], photos[0]],
      profilePicture: photos[1],
      location: {
        formatted_address: 'Lyon, France',
        city: 'Lyon',
        country: 'France',
        latitude: null,
        longitude: null,
      },
    });
  });

  it.each([
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ age: 17 }, 'You must be at least 18 years old'],
    [{ age: 121 }, 'Age must be at most 120'],
    [{ age: 27.5 }, 'Age must be a whole number'],
    [{ age: 'twenty' }, 'Age must be a whole number'],
    [{ gender: 'robot' }, 'Please choose a gender'],
    [{ sexuality: undefined }, 'Please choose a sexuality'],
    [{ interests: [] }, 'Please select at least 1 interest'],
    [{ interests: ['Knitting'] }, 'Please choose interests from the list'],
    [{ bio: 'x'.repeat(501) }, 'Bio can be at most 500 characters'],
    [{ plan: 'gold' }, 'Please choose a valid plan'],
    [{ location: '' }, 'Location is required'],
    [
      { location: { formatted_address: 'Somewhere', city: 'X', latitude: 120, longitude: 2 } },
      'Coordinates are not valid',
    ],
    [{ photos: [] }, 'Please add at least 1 photo'],
  ])('refuses %j with %j and saves nothing', async (override, message) => {
    const { user, cookie, photos } = await memberWithPhotos(1);
    const res = await createProfile(cookie, validProfile({ photos, ...override }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(await profileRow(user.id)).toBeUndefined();
  });

  it('accepts every listed interest (25) but not 26 entries', async () => {
    const { INTERESTS } = await import('@kindred/contracts');
    const { cookie, photos } = await memberWithPhotos(1);
    expect(
      (await createProfile(cookie, validProfile({ photos, interests: [...INTERESTS] }))).status,
    ).toBe(201);
    const tooMany = await createProfile(
      cookie,
      validProfile({ photos, interests: [...INTERESTS, 'Travel'] }),
    );
    expect(tooMany.body.message).toBe('Please select at most 25 interests');
  });

  it('refuses a photo list naming photos the member does not own', async () => {
    const other = await memberWithPhotos(1);
    const { user, cookie } = await memberWithPhotos(1);
    const res = await createProfile(cookie, validProfile({ photos: other.photos }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Photos must be ones you uploaded');
    expect(await profileRow(user.id)).toBeUndefined();
  });

  it("refuses to create or change member A's profile as member B (403), nothing changed", async () => {
    const a = await memberWithPhotos(1);
    await createProfile(a.cookie, validProfile({ photos: a.photos }));
    const b = await memberWithPhotos(1);
    const res = await createProfile(
      b.cookie,
      validProfile({ userId: a.user.id, firstName: 'Hacked', photos: b.photos }),
    );
    expect(res.status).toBe(403);
    const [aRow] = await t.context.db.select().from(users).where(eq(users.id, a.user.id));
    expect(aRow!.firstName).toBe('Zoë');
    expect(await profileRow(b.user.id)).toBeUndefined();
  });

  it('never stores coordinates as the place name: "lat, lon" text becomes the nearest city', async () => {
    const a = await memberWithPhotos(1);
    const b = await signedInUser(t.context);
    const res = await createProfile(
      a.cookie,
      validProfile({ photos: a.photos, location: '48.8566123, 2.3522456' }),
    );
    expect(res.status).toBe(201);
    expect(await profileRow(a.user.id)).toMatchObject({
      locationText: 'Paris, France',
      city: 'Paris',
      country: 'France',
      latitude: 48.8566123,
      longitude: 2.3522456,
    });
    const seen = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie);
    expect(seen.body.profile.location).toEqual({
      formatted_address: 'Paris, France',
      city: 'Paris',
      country: 'France',
    });
  });

  it("resolves the wizard's coordinate fallback object to the nearest city too", async () => {
    const { user, cookie, photos } = await memberWithPhotos(1);
    const location = {
      formatted_address: '38.72230, -9.13930',
      city: null,
      country: null,
      latitude: 38.7223,
      longitude: -9.1393,
    };
    expect((await createProfile(cookie, validProfile({ photos, location }))).status).toBe(201);
    expect(await profileRow(user.id)).toMatchObject({
      locationText: 'Lisbon, Portugal',
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7223,
      longitude: -9.1393,
    });
  });

  it.each([
    ['0, -30', 'mid-ocean coordinates'],
    [{ formatted_address: '0.00000, -30.00000', latitude: 0, longitude: -30 }, 'the object form'],
    ['12345', 'digits only'],
  ])(
    'refuses %j (%s) with 400 "Please type a city for your location" and saves nothing',
    async (location, _why) => {
      const { user, cookie, photos } = await memberWithPhotos(1);
      const res = await createProfile(cookie, validProfile({ photos, location }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Please type a city for your location',
      });
      expect(await profileRow(user.id)).toBeUndefined();
    },
  );

  it('shows "Lisbon, Portugal", not "Lisbon, Lisbon, Portugal"', async () => {
    const { user, cookie, photos } = await memberWithPhotos(1);
    const location = {
      formatted_address: 'Lisbon, Lisbon, Portugal',
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7223,
      longitude: -9.1393,
    };
    await createProfile(cookie, validProfile({ photos, location }));
    expect(await profileRow(user.id)).toMatchObject({
      locationText: 'Lisbon, Portugal',
      city: 'Lisbon',
      country: 'Portugal',
    });
  });

  it.each([
    ['lyon', 'Lyon, France', 'Lyon', 'France'],
    ['  são paulo , brazil ', 'São Paulo, Brazil', 'São Paulo', 'Brazil'],
    ['Paris, US', 'Paris, United States', 'Paris', 'United States'],
    ['Lyon, Rhône, France', 'Lyon, Rhône, France', 'Lyon', 'France'],
    ['Smallville, Narnia', 'Smallville, Narnia', null, null],
  ])('stores a typed %j as %j (city %j, country %j)', async (typed, text, city, country) => {
    const { user, cookie, photos } = await memberWithPhotos(1);
    const res = await createProfile(cookie, validProfile({ photos, location: typed }));
    expect(res.status).toBe(201);
    expect(await profileRow(user.id)).toMatchObject({
      locationText: text,
      city,
      country,
      latitude: null,
      longitude: null,
    });
  });

  it('answers 401 without a full session (a half-signed-in one included)', async () => {
    expect((await request(t.app).post('/api/profile/create').send(validProfile())).status).toBe(
      401,
    );
    const { user } = await signedInUser(t.context);
    const { sessionCookieFor } = await import('../../test/factories.js');
    const pending = await sessionCookieFor(t.context, user.id, 'pending');
    expect((await createProfile(pending, validProfile())).status).toBe(401);
  });
});

describe('GET /profile/{id}', () => {
  it('answers 404 "Profile not found" before the member has created one', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'Profile not found',
      code: 'PROFILE_NOT_FOUND',
    });
  });

  it('shows the owner their whole profile, coordinates included', async () => {
    const { user, cookie, photos } = await memberWithPhotos(2);
    await createProfile(cookie, validProfile({ photos }));
    const res = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      profile: {
        _id: user.id,
        userId: user.id,
        plan: 'free',
        firstName: 'Zoë',
        lastName: 'Dupont',
        age: 29,
        gender: 'female',
        sexuality: 'bisexual',
        bio: 'Coffee, books and long walks.',
        interests: ['Travel', 'Reading', 'Art'],
        location: {
          formatted_address: 'Paris, Île-de-France, France',
          city: 'Paris',
          country: 'France',
          latitude: 48.8566123,
          longitude: 2.3522456,
        },
        photos,
        thumbnails: [
          expect.stringMatching(/^\/api\/media\//),
          expect.stringMatching(/^\/api\/media\//),
        ],
        // No descriptions were given: one null per photo, in the photos' order.
        photoAlts: [null, null],
        profilePicture: photos[0],
        verifiedBadge: true,
        photoVerified: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('shows another member the profile without the coordinates', async () => {
    const a = await memberWithPhotos(1);
    await createProfile(a.cookie, validProfile({ photos: a.photos }));
    const b = await signedInUser(t.context);
    const res = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie);
    expect(res.status).toBe(200);
    expect(res.body.profile.location).toEqual({
      formatted_address: 'Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/48\.85|2\.352|latitude|longitude/);
    expect(JSON.stringify(res.body)).not.toContain(a.user.email);
  });

  it("hides a disabled member's profile from others (404)", async () => {
    const a = await memberWithPhotos(1);
    await createProfile(a.cookie, validProfile({ photos: a.photos }));
    await t.context.db.update(users).set({ status: 'disabled' }).where(eq(users.id, a.user.id));
    const b = await signedInUser(t.context);
    const res = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Profile not found');
  });

  it('answers 400 "Invalid profile ID" for a malformed id and 401 without a session', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app).get('/api/profile/123').set('Cookie', cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid profile ID');
    expect((await request(t.app).get('/api/profile/123')).status).toBe(401);
  });
});
