import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Digits distinctive enough that finding them anywhere in a response means a leak.
const LATITUDE = 51.5072178;
const LONGITUDE = -0.1275862;
const LEAKS = /51\.507|0\.12758|latitude|longitude/i;

describe("another member's coordinates", () => {
  it('appear in no response: profile, user, search, mention lookup, subscription refusal', async () => {
    const a = await signedInUser(t.context, { firstName: 'Coordina', lastName: 'Private' });
    const photos = await uploadPhotos(t, a.cookie, 1);
    await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', a.cookie)
      .send(
        validProfile({
          firstName: 'Coordina',
          lastName: 'Private',
          photos,
          location: {
            formatted_address: 'London, England, United Kingdom',
            city: 'London',
            country: 'United Kingdom',
            latitude: LATITUDE,
            longitude: LONGITUDE,
          },
        }),
      );
    await t.context.db
      .update(users)
      .set({ lastLoginLatitude: LATITUDE, lastLoginLongitude: LONGITUDE })
      .where(eq(users.id, a.user.id));

    // The owner does get them back.
    const own = await request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', a.cookie);
    expect(own.body.profile.location).toMatchObject({ latitude: LATITUDE, longitude: LONGITUDE });

    const b = await signedInUser(t.context);
    const responses = await Promise.all([
      request(t.app).get(`/api/profile/${a.user.id}`).set('Cookie', b.cookie),
      request(t.app).get(`/api/users/${a.user.id}`).set('Cookie', b.cookie),
      request(t.app).get('/api/users/search?searchText=coordina').set('Cookie', b.cookie),
      request(t.app)
        .get('/api/users/search?searchText=coordina private&limit=50')
        .set('Cookie', b.cookie),
      request(t.app).get('/api/users/search?q=coord').set('Cookie', b.cookie),
      request(t.app).get(`/api/users/${a.user.id}/subscription`).set('Cookie', b.cookie),
    ]);
    const [profile, user, search, fullName, mention] = responses;
    expect(profile!.status).toBe(200);
    expect(user!.status).toBe(200);
    expect(search!.body.totalCount).toBe(1);
    expect(fullName!.body.totalCount).toBe(1);
    expect(mention!.body.users).toHaveLength(1);
    for (const res of responses) {
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
      expect(JSON.stringify(res.headers)).not.toMatch(LEAKS);
    }
  });
});
