import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENTITLEMENTS, MEGABYTE, TRIAL_DAYS } from '@kindred/contracts';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client.js';
import { photos, posts, users } from './db/schema.js';
import { pngImage } from './features/posts/test-factories.js';
import {
  plainJpeg,
  uploadPhoto,
  uploadPhotos,
  validProfile,
} from './features/profiles/test-fixtures.js';
import { runTrialReminders } from './jobs/trial-reminders.js';
import { LOOSE_RATE_LIMITS, signUp } from './test/account-entry.js';
import { createTestApp, type TestApp } from './test/app.js';
import { buildUser, sessionCookieFor, signedInUser } from './test/factories.js';
import { createMailCatcher } from './test/mail.js';

/**
 * The free trial's end (issue 14), with the manual clock: the trial runs 60 days from sign-up;
 * 7 days and 1 day before the end a reminder goes out, once each; at the end the entitlements drop
 * to the post-trial state, and everything the member stored stays (only new uploads are refused).
 */

const DAY = 24 * 60 * 60 * 1000;
const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const get = (path: string, cookie: string) => request(t.app).get(path).set('Cookie', cookie);

/** A post whose (unstored) media takes `bytes`, standing for everything else the member stores. */
async function addStoredMedia(userId: string, bytes: number) {
  await t.context.db.insert(posts).values({
    authorId: userId,
    title: 'Earlier upload',
    privacy: 'public',
    mediaKey: `${randomBytes(12).toString('hex')}.webp`,
    mediaType: 'image',
    mediaMime: 'image/webp',
    mediaBytes: bytes,
    createdAt: t.clock.now(),
  });
}

async function postWithImage(cookie: string) {
  return request(t.app)
    .post('/api/posts/create')
    .set('Cookie', cookie)
    .field('title', 'Holiday')
    .attach('media', await pngImage(), { filename: 'holiday.png', contentType: 'image/png' });
}

describe('the free trial runs from sign-up', () => {
  it('records the end at sign-up, and choosing the free plan later keeps it', async () => {
    const signedUpAt = t.clock.now();
    const { userId } = await signUp(request.agent(t.app));
    const trialEnd = new Date(signedUpAt.getTime() + TRIAL_DAYS * DAY);
    expect((await userRow(userId)).trialEndDate).toEqual(trialEnd);

    t.clock.advance(10 * DAY); // the wizard's plan step, ten days later
    const cookie = await sessionCookieFor(t.context, userId);
    const chosen = await request(t.app)
      .post('/api/subscription/select-plan')
      .set('Cookie', cookie)
      .send({ planId: 'free' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.subscription).toEqual({
      planName: 'free',
      status: 'trial',
      trialEndDate: trialEnd.toISOString(),
    });
    expect((await get(`/api/users/${userId}`, cookie)).body.user).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'trial',
      trialEndDate: trialEnd.toISOString(),
    });
  });
});

describe('the end of the free trial (manual clock)', () => {
  it('reminds once 7 days and once 1 day before; at the end entitlements drop and everything stored stays', async () => {
    const { user, cookie } = await signedInUser(t.context, {
      plan: 'free',
      subscriptionStatus: 'trial',
      trialEndDate: new Date(t.clock.now().getTime() + TRIAL_DAYS * DAY),
      createdAt: t.clock.now(),
    });
    const trialEnd = user.trialEndDate!;

    // During the trial: three photos (the free allowance), a profile, a post with an image, and
    // 60 MB of earlier media (within the trial's 200 MB, over the post-trial 50 MB).
    const photoUrls = await uploadPhotos(t, cookie, 3);
    const created = await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', cookie)
      .send(validProfile({ photos: photoUrls }));
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    expect((await postWithImage(cookie)).status).toBe(201);
    await addStoredMedia(user.id, 60 * MEGABYTE);
    expect((await get('/api/entitlements', cookie)).body.planState).toBe('free');

    // Day by day to the end, the hourly job running twice a day: two reminders, once each.
    for (let day = 1; day < TRIAL_DAYS; day += 1) {
      t.clock.advance(DAY);
      await runTrialReminders(t.context);
      await runTrialReminders(t.context);
    }
    expect(mail.to(user.email).map((message) => message.subject)).toEqual([
      'Your Kindred free trial ends in 7 days',
      'Your Kindred free trial ends tomorrow',
    ]);

    // The last minute of the trial: still the free plan, uploads still fit.
    t.clock.set(new Date(trialEnd.getTime() - 60 * 1000));
    expect((await get('/api/entitlements', cookie)).body.planState).toBe('free');
    expect((await postWithImage(cookie)).status).toBe(201);

    // The end.
    t.clock.set(new Date(trialEnd.getTime() + 60 * 1000));
    await runTrialReminders(t.context);
    expect(mail.to(user.email)).toHaveLength(2); // nothing after the end

    const subscription = await get(`/api/users/${user.id}/subscription`, cookie);
    expect(subscription.body.subscription).toEqual({
      planName: 'free',
      status: 'expired',
      trialEndDate: trialEnd.toISOString(),
    });
    const entitlements = await get('/api/entitlements', cookie);
    expect(entitlements.body).toMatchObject({
      planState: 'trial-ended',
      entitlements: ENTITLEMENTS['trial-ended'],
    });

    // Everything stored stays, and is still shown: the three photos (over the post-trial
    // allowance of 1), the posts and their media.
    const profile = await get(`/api/profile/${user.id}`, cookie);
    expect(profile.status).toBe(200);
    expect(profile.body.profile.photos).toEqual(photoUrls);
    const photoFile = await get(photoUrls[0]!, cookie);
    expect(photoFile.status).toBe(200);
    const stored = await t.context.db.select().from(photos).where(eq(photos.userId, user.id));
    expect(stored).toHaveLength(3);
    const storedPosts = await t.context.db.select().from(posts).where(eq(posts.authorId, user.id));
    expect(storedPosts).toHaveLength(3);
    for (const key of stored.map((photo) => photo.storageKey)) {
      expect(existsSync(t.context.storage.localPath(key)), key).toBe(true);
    }

    // Only new uploads are refused, naming the plan that allows them.
    const photo = await uploadPhoto(t, cookie, await plainJpeg(40, 40), 'fourth.jpg');
    expect(photo.status).toBe(403);
    expect(photo.body).toMatchObject({
      code: 'PLAN_LIMIT',
      feature: 'photoAllowance',
      requiredPlan: 'beginner',
    });
    const post = await postWithImage(cookie);
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({
      code: 'PLAN_LIMIT',
      feature: 'mediaStorageBytes',
      requiredPlan: 'beginner',
    });
    // A post without media still goes out: the member keeps using Kindred.
    const textPost = await request(t.app)
      .post('/api/posts/create')
      .set('Cookie', cookie)
      .field('title', 'Still here');
    expect(textPost.status).toBe(201);
    expect(await t.context.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(
      3,
    );
  });
});

describe('members who signed up before the trial end was recorded at sign-up', () => {
  it('get sign-up + 60 days from the migration; a recorded end date is kept', async () => {
    const migration = readFileSync(path.join(migrationsFolder, '0007_trial_reminders.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => statement.includes('UPDATE "users"'));
    expect(backfill).toBeDefined();

    const signedUpAt = new Date(t.clock.now().getTime() - 100 * DAY);
    const without = await buildUser(t.context, { createdAt: signedUpAt, trialEndDate: null });
    const recordedEnd = new Date(t.clock.now().getTime() + 20 * DAY);
    const recorded = await buildUser(t.context, {
      createdAt: signedUpAt,
      plan: 'free',
      subscriptionStatus: 'trial',
      trialEndDate: recordedEnd,
    });
    await t.context.db.execute(sql.raw(backfill!));

    expect((await userRow(without.id)).trialEndDate).toEqual(
      new Date(signedUpAt.getTime() + TRIAL_DAYS * DAY),
    );
    expect((await userRow(recorded.id)).trialEndDate).toEqual(recordedEnd);
  });
});
