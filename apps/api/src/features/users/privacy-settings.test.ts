import { PRIVACY_DEFAULTS } from '@kindred/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacySettings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildFollow } from '../posts/test-factories.js';
import { uploadPhotos, validProfile } from '../profiles/test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DEFAULTS = PRIVACY_DEFAULTS;

function savePrivacy(cookie: string, settings: Record<string, unknown>) {
  return request(t.app)
    .put('/api/users/me/privacy')
    .set('Cookie', cookie)
    .send({ ...DEFAULTS, ...settings });
}

describe('GET/PUT /api/users/me/privacy', () => {
  it('answers the defaults to a member who never saved any, without writing a row', async () => {
    const me = await signedInUser(t.context);
    const res = await request(t.app).get('/api/users/me/privacy').set('Cookie', me.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, privacy: DEFAULTS });
    const rows = await t.context.db
      .select()
      .from(privacySettings)
      .where(eq(privacySettings.userId, me.user.id));
    expect(rows).toHaveLength(0);
  });

  it("saves all five settings: 'Privacy settings saved', and GET answers them afterwards", async () => {
    const me = await signedInUser(t.context);
    const chosen = {
      whoCanFollow: 'approve',
      defaultCommentPolicy: 'followers',
      whoCanMention: 'nobody',
      searchable: false,
      showLocation: false,
    };
    const saved = await savePrivacy(me.cookie, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Privacy settings saved',
      privacy: { ...DEFAULTS, ...chosen },
    });
    const read = await request(t.app).get('/api/users/me/privacy').set('Cookie', me.cookie);
    expect(read.body.privacy).toEqual({ ...DEFAULTS, ...chosen });

    // Saving again replaces the row (one per member).
    const again = await savePrivacy(me.cookie, { whoCanFollow: 'nobody' });
    expect(again.body.privacy).toEqual({ ...DEFAULTS, whoCanFollow: 'nobody' });
    const rows = await t.context.db
      .select()
      .from(privacySettings)
      .where(eq(privacySettings.userId, me.user.id));
    expect(rows).toHaveLength(1);
  });

  it('saves the settings added later (visits, messages, read receipts, photo-verified senders), and a client that leaves them out keeps them', async () => {
    const me = await signedInUser(t.context);
    const chosen = {
      leaveVisits: false,
      whoCanMessage: 'matches',
      readReceipts: false,
      messagesFromPhotoVerifiedOnly: true,
    };
    const saved = await savePrivacy(me.cookie, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body.privacy).toEqual({ ...DEFAULTS, ...chosen });
    const read = await request(t.app).get('/api/users/me/privacy').set('Cookie', me.cookie);
    expect(read.body.privacy).toEqual({ ...DEFAULTS, ...chosen });

    const older = {
      whoCanFollow: 'approve',
      defaultCommentPolicy: 'everyone',
      whoCanMention: 'everyone',
      searchable: true,
      showLocation: true,
    };
    const fromOlderClient = await request(t.app)
      .put('/api/users/me/privacy')
      .set('Cookie', me.cookie)
      .send(older);
    expect(fromOlderClient.status).toBe(200);
    expect(fromOlderClient.body.privacy).toEqual({ ...DEFAULTS, ...chosen, ...older });
  });

  it('refuses a photo-verified-senders setting that is not true or false', async () => {
    const me = await signedInUser(t.context);
    const bad = await savePrivacy(me.cookie, { messagesFromPhotoVerifiedOnly: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Messages from photo-verified members only must be true or false',
    });
  });

  it('refuses an unknown value with a 400 naming the setting, and stores nothing', async () => {
    const me = await signedInUser(t.context);
    const bad = await savePrivacy(me.cookie, { whoCanFollow: 'friends' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Who can follow must be everyone, approve or nobody');
    const missing = await request(t.app)
      .put('/api/users/me/privacy')
      .set('Cookie', me.cookie)
      .send({ whoCanFollow: 'everyone' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Who can comment must be everyone, followers or nobody');
    const notBoolean = await savePrivacy(me.cookie, { searchable: 'no' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toBe('Searchable must be true or false');
    const rows = await t.context.db
      .select()
      .from(privacySettings)
      .where(eq(privacySettings.userId, me.user.id));
    expect(rows).toHaveLength(0);
  });

  it('is the signed-in member’s own: without a session 401', async () => {
    const res = await request(t.app).get('/api/users/me/privacy');
    expect(res.status).toBe(401);
    const put = await request(t.app).put('/api/users/me/privacy').send(DEFAULTS);
    expect(put.status).toBe(401);
  });
});

describe('searchable: false', () => {
  it('keeps the member out of search, its count and mention suggestions, but not their profile or lists', async () => {
    const unique = `Hideme${Math.random().toString(36).slice(2, 7)}`;
    const hidden = await signedInUser(t.context, { firstName: unique, lastName: 'Quiet' });
    const viewer = await signedInUser(t.context);
    const search = () =>
      request(t.app).get(`/api/users/search?searchText=${unique}`).set('Cookie', viewer.cookie);
    const mention = () =>
      request(t.app).get(`/api/users/search?q=${unique}`).set('Cookie', viewer.cookie);

    expect((await search()).body.totalCount).toBe(1);
    expect((await mention()).body.users).toHaveLength(1);

    await savePrivacy(hidden.cookie, { searchable: false });
    const after = await search();
    expect(after.body).toMatchObject({ suggestions: [], totalCount: 0 });
    expect((await mention()).body.users).toEqual([]);

    // Still reachable by link and in lists.
    const user = await request(t.app)
      .get(`/api/users/${hidden.user.id}`)
      .set('Cookie', viewer.cookie);
    expect(user.status).toBe(200);
    await buildFollow(t.context, hidden.user.id, viewer.user.id);
    const followers = await request(t.app)
      .get(`/api/connections/followers/${viewer.user.id}`)
      .set('Cookie', viewer.cookie);
    expect(followers.body.users.map((u: { _id: string }) => u._id)).toEqual([hidden.user.id]);
  });
});

describe('whoCanMention in mention suggestions', () => {
  it('suggests a member only to those they accept mentions from', async () => {
    const unique = `Picky${Math.random().toString(36).slice(2, 7)}`;
    const picky = await signedInUser(t.context, { firstName: unique, lastName: 'Member' });
    const friend = await signedInUser(t.context);
    const stranger = await signedInUser(t.context);
    await buildFollow(t.context, friend.user.id, picky.user.id);
    await savePrivacy(picky.cookie, { whoCanMention: 'followers' });
    const suggestionsFor = async (cookie: string) =>
      (await request(t.app).get(`/api/users/search?q=${unique}`).set('Cookie', cookie)).body.users;

    expect(await suggestionsFor(friend.cookie)).toHaveLength(1);
    expect(await suggestionsFor(stranger.cookie)).toEqual([]);
    // Search itself still finds them.
    const search = await request(t.app)
      .get(`/api/users/search?searchText=${unique}`)
      .set('Cookie', stranger.cookie);
    expect(search.body.totalCount).toBe(1);

    await savePrivacy(picky.cookie, { whoCanMention: 'nobody' });
    expect(await suggestionsFor(friend.cookie)).toEqual([]);
  });
});

describe('showLocation: false', () => {
  it('shows others no location on the profile or the user; the member still sees their own', async () => {
    const owner = await signedInUser(t.context);
    const photos = await uploadPhotos(t, owner.cookie, 1);
    const created = await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', owner.cookie)
      .send(validProfile({ firstName: owner.user.firstName, photos }));
    expect(created.status).toBeLessThan(300);
    const other = await signedInUser(t.context);
    const profileAs = (cookie: string) =>
      request(t.app).get(`/api/profile/${owner.user.id}`).set('Cookie', cookie);
    const userAs = (cookie: string) =>
      request(t.app).get(`/api/users/${owner.user.id}`).set('Cookie', cookie);

    expect((await profileAs(other.cookie)).body.profile.location.city).toBe('Paris');
    expect((await userAs(other.cookie)).body.user.location.city).toBe('Paris');

    await savePrivacy(owner.cookie, { showLocation: false });
    const profile = await profileAs(other.cookie);
    expect(profile.body.profile.location).toEqual({
      formatted_address: '',
      city: null,
      country: null,
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/Paris|France/);
    const user = await userAs(other.cookie);
    expect(user.body.user.location).toBeNull();

    const own = await profileAs(owner.cookie);
    expect(own.body.profile.location).toMatchObject({ city: 'Paris', country: 'France' });
    expect((await userAs(owner.cookie)).body.user.location.city).toBe('Paris');
  });
});
