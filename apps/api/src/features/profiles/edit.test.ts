import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { mediaKeyFromUrl } from '../media/storage.js';
import { uploadPhotos, validProfile } from './test-fixtures.js';

/**
 * Changing the profile after the wizard: POST /profile/update/{userId} with details, and
 * PUT /profile/photos/order (reorder, choose the profile picture).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A member who went through the wizard with `photoCount` photos. */
async function memberWithProfile(photoCount = 1) {
  const member = await signedInUser(t.context);
  const urls = await uploadPhotos(t, member.cookie, photoCount);
  const created = await request(t.app)
    .post('/api/profile/create')
    .set('Cookie', member.cookie)
    .send(validProfile({ photos: urls }));
  expect(created.status).toBe(201);
  return { ...member, urls };
}

const updateProfile = (userId: string, cookie: string, body: Record<string, unknown>) =>
  request(t.app).post(`/api/profile/update/${userId}`).set('Cookie', cookie).send(body);

const reorder = (cookie: string, body: unknown) =>
  request(t.app)
    .put('/api/profile/photos/order')
    .set('Cookie', cookie)
    .send(body as object);

async function profileRow(userId: string) {
  const [row] = await t.context.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}
async function memberRow(userId: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, userId));
  return row;
}
async function photoKeys(userId: string) {
  const rows = await t.context.db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position));
  return rows.map((row) => [row.position, row.storageKey]);
}
const keyOf = (url: string) => mediaKeyFromUrl(url)!;

describe('POST /profile/update/{userId} with details', () => {
  it("changes every wizard field and answers 'Profile updated successfully' with the profile", async () => {
    const { user, cookie, urls } = await memberWithProfile(1);
    t.clock.advance(60_000);
    const res = await updateProfile(user.id, cookie, {
      firstName: 'Chloé',
      lastName: 'Martin',
      age: '34',
      gender: 'non-binary',
      sexuality: 'pansexual',
      location: 'lyon',
      bio: '  Climbing and jazz.  ',
      interests: ['Music', 'Sports', 'Music'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      photos: urls,
      profilePicture: urls[0],
      profile: {
        _id: user.id,
        firstName: 'Chloé',
        lastName: 'Martin',
        age: 34,
        gender: 'non-binary',
        sexuality: 'pansexual',
        bio: 'Climbing and jazz.',
        interests: ['Music', 'Sports'],
        location: { formatted_address: 'Lyon, France', city: 'Lyon', country: 'France' },
        photos: urls,
        updatedAt: t.clock.now().toISOString(),
      },
    });
    // The typed city carries no coordinates: the old ones must not stay behind.
    expect(await profileRow(user.id)).toMatchObject({
      age: 34,
      locationText: 'Lyon, France',
      latitude: null,
      longitude: null,
      bio: 'Climbing and jazz.',
    });
    // Names live in users (through the users feature), with their search keys.
    expect(await memberRow(user.id)).toMatchObject({
      firstName: 'Chloé',
      lastName: 'Martin',
      nameSearch: 'chloe martin',
      lastNameSearch: 'martin',
    });
    const seen = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    expect(seen.body.profile).toMatchObject({ bio: 'Climbing and jazz.', age: 34 });
  });

  it('changes only the fields given (one name keeps the other), and leaves the plan alone', async () => {
    const { user, cookie } = await memberWithProfile(1);
    const before = await memberRow(user.id);
    const res = await updateProfile(user.id, cookie, { lastName: 'Durand', plan: 'professional' });
    expect(res.status).toBe(200);
    expect(await memberRow(user.id)).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Durand',
      nameSearch: 'zoe durand',
      plan: before!.plan,
    });
    expect(await profileRow(user.id)).toMatchObject({
      age: 29,
      bio: 'Coffee, books and long walks.',
      locationText: 'Paris, Île-de-France, France',
      interests: ['Travel', 'Reading', 'Art'],
    });
  });

  it('clears the bio with an empty text', async () => {
    const { user, cookie } = await memberWithProfile(1);
    expect((await updateProfile(user.id, cookie, { bio: '' })).status).toBe(200);
    expect((await profileRow(user.id))?.bio).toBe('');
  });

  it.each([
    ['a blank first name', 'First name is required', { firstName: '  ' }],
    [
      'a 51-character last name',
      'Names can be at most 50 characters',
      { lastName: 'x'.repeat(51) },
    ],
    ['age 17', 'You must be at least 18 years old', { age: 17 }],
    ['age 27.5', 'Age must be a whole number', { age: 27.5 }],
    ['an unknown gender', 'Please choose a gender', { gender: 'robot' }],
    ['an unknown sexuality', 'Please choose a sexuality', { sexuality: 'x' }],
    ['an empty location', 'Location is required', { location: '' }],
    [
      'coordinates far from any city',
      'Please type a city for your location',
      { location: '0, -160' },
    ],
    ['a 501-character bio', 'Bio can be at most 500 characters', { bio: 'x'.repeat(501) }],
    ['no interests', 'Please select at least 1 interest', { interests: [] }],
    ['an unlisted interest', 'Please choose interests from the list', { interests: ['Knitting'] }],
  ])(
    'refuses %s with 400 %j (the rules of creation), changing nothing',
    async (_case, message, body) => {
      const { user, cookie } = await memberWithProfile(1);
      const before = { profile: await profileRow(user.id), member: await memberRow(user.id) };
      // Valid fields sent alongside are not saved either.
      const res = await updateProfile(user.id, cookie, { bio: 'Should not stay', ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect({ profile: await profileRow(user.id), member: await memberRow(user.id) }).toEqual(
        before,
      );
    },
  );

  it("refuses an empty update with 400 'Please change at least one detail'", async () => {
    const { user, cookie } = await memberWithProfile(1);
    const res = await updateProfile(user.id, cookie, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please change at least one detail' });
  });

  it("refuses member B changing member A's details (403), nothing changed", async () => {
    const a = await memberWithProfile(1);
    const b = await memberWithProfile(1);
    const before = { profile: await profileRow(a.user.id), member: await memberRow(a.user.id) };
    const res = await updateProfile(a.user.id, b.cookie, { firstName: 'Mallory', bio: 'pwned' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'You can only change your own profile',
      code: 'FORBIDDEN',
    });
    expect({ profile: await profileRow(a.user.id), member: await memberRow(a.user.id) }).toEqual(
      before,
    );
    // And B's own profile is untouched too.
    expect((await profileRow(b.user.id))?.bio).toBe('Coffee, books and long walks.');
  });

  it("answers 404 'Profile not found' before the wizard has created the profile", async () => {
    const { user, cookie } = await signedInUser(t.context);
    const res = await updateProfile(user.id, cookie, { bio: 'Hello' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Profile not found', code: 'PROFILE_NOT_FOUND' });
  });

  it('still takes the wizard’s photo list alone (the photos-only answer)', async () => {
    const { user, cookie, urls } = await memberWithProfile(2);
    const res = await updateProfile(user.id, cookie, { photos: [urls[1], urls[0]] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Photos updated',
      photos: [urls[1], urls[0]],
      thumbnails: expect.any(Array),
      photoAlts: [null, null],
      profilePicture: urls[1],
    });
  });
});

describe('PUT /profile/photos/order', () => {
  it('puts the photos in the given order; the first becomes the profile picture everywhere', async () => {
    const { user, cookie, urls } = await memberWithProfile(3);
    const [a, b, c] = urls as [string, string, string];
    const res = await reorder(cookie, { photos: [c, a, b] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Photos updated',
      photos: [c, a, b],
      profilePicture: c,
    });
    expect(await photoKeys(user.id)).toEqual([
      [0, keyOf(c)],
      [1, keyOf(a)],
      [2, keyOf(b)],
    ]);
    const profile = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    expect(profile.body.profile).toMatchObject({ profilePicture: c, photos: [c, a, b] });
    const member = await request(t.app).get(`/api/users/${user.id}`).set('Cookie', cookie);
    expect(member.body.user).toMatchObject({ profilePicture: c });
  });

  it('accepts thumbnail URLs for the photos', async () => {
    const { user, cookie, urls } = await memberWithProfile(2);
    const profile = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    const thumbnails = profile.body.profile.thumbnails as string[];
    const res = await reorder(cookie, { photos: [thumbnails[1], thumbnails[0]] });
    expect(res.status).toBe(200);
    expect(res.body.photos).toEqual([urls[1], urls[0]]);
  });

  it.each([
    [
      'a photo left out',
      'The new order must list each of your photos exactly once',
      (u: string[]) => [u[1], u[0]],
    ],
    ['a photo twice', 'Each photo can appear only once', (u: string[]) => [u[0], u[0], u[1]]],
    ['an empty list', 'The new order must list each of your photos exactly once', () => []],
    [
      'a URL that is not theirs',
      'Photos must be ones you uploaded',
      (u: string[]) => [u[0], u[1], '/api/media/aaaaaaaaaaaaaaaaaaaaaaaa.webp'],
    ],
    ['no list', 'The new order must list each of your photos exactly once', () => undefined],
  ])('refuses %s with 400 %j and nothing moves or goes', async (_case, message, list) => {
    const { user, cookie, urls } = await memberWithProfile(3);
    const before = await photoKeys(user.id);
    const res = await reorder(cookie, { photos: list(urls) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await photoKeys(user.id)).toEqual(before);
  });

  it("refuses member A's photos in member B's order (400), and neither member's photos change", async () => {
    const a = await memberWithProfile(2);
    const b = await memberWithProfile(2);
    const beforeA = await photoKeys(a.user.id);
    const beforeB = await photoKeys(b.user.id);
    const res = await reorder(b.cookie, { photos: [a.urls[1], a.urls[0]] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Photos must be ones you uploaded' });
    expect(await photoKeys(a.user.id)).toEqual(beforeA);
    expect(await photoKeys(b.user.id)).toEqual(beforeB);
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).put('/api/profile/photos/order').send({ photos: [] });
    expect(res.status).toBe(401);
  });
});
