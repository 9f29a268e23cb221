import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_VERIFICATION_MESSAGES } from '@kindred/contracts';
import { photos, photoVerifications, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { mediaUrl } from '../media/index.js';
import type { DetectedFace, FaceAnalyzer } from './face-analyzer.js';
import { createFaceModelAnalyzer } from './face-model.js';
import { recheckMainPhoto, useFaceAnalyzer } from './service.js';
import { addProfilePhoto, faceFixture, tilted } from './test-faces.js';

/**
 * The real face model (one worker, loaded once for the file) on face pictures shipped in the
 * repository; a stand-in analyzer only where a test needs a similarity the pictures do not give
 * (the moderators' queue).
 */
let model: FaceAnalyzer;
let t: TestApp;

beforeAll(() => {
  model = createFaceModelAnalyzer({ workers: 1, logger: { info: () => {}, warn: () => {} } });
});
afterAll(async () => {
  await model.close();
});
beforeEach(async () => {
  t = await createTestApp();
  useFaceAnalyzer(t.context, model, { fixedPose: 'tilt-left' });
});
afterEach(async () => {
  await t.close();
});

/** Files under DATA_DIR/media (the local store): what a decision leaves behind. */
function storedFiles(): string[] {
  try {
    return readdirSync(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

async function challenge(cookie: string): Promise<{ _id: string; pose: string }> {
  const res = await request(t.app).post('/api/verification/photo/challenge').set('Cookie', cookie);
  expect(res.status).toBe(201);
  return res.body.challenge;
}

function submit(cookie: string, challengeId: string, selfie: Buffer) {
  return request(t.app)
    .post('/api/verification/photo')
    .set('Cookie', cookie)
    .field('challengeId', challengeId)
    .attach('selfie', selfie, { filename: 'selfie.jpg', contentType: 'image/jpeg' });
}

async function photoVerifiedAt(userId: string): Promise<Date | null> {
  const [row] = await t.context.db
    .select({ at: users.photoVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!.at;
}

describe('photo verification with the face model', () => {
  it('verifies a selfie of the same face copying the pose, and shows the mark', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const before = storedFiles();
    const { _id, pose } = await challenge(cookie);
    expect(pose).toBe('tilt-left');

    const res = await submit(cookie, _id, await tilted(faceFixture(7), 25));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'verified',
      message: PHOTO_VERIFICATION_MESSAGES.verified,
    });
    expect(await photoVerifiedAt(user.id)).not.toBeNull();
    // Nothing of the selfie is kept after the decision.
    expect(storedFiles()).toEqual(before);

    const other = await signedInUser(t.context);
    const seen = await request(t.app).get(`/api/users/${user.id}`).set('Cookie', other.cookie);
    expect(seen.body.user.photoVerified).toBe(true);
    const state = await request(t.app).get('/api/verification/photo').set('Cookie', cookie);
    expect(state.body.state).toBe('verified');
  });

  it("refuses someone else's face kindly, keeps no selfie and gives no mark", async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const before = storedFiles();
    const { _id } = await challenge(cookie);

    const res = await submit(cookie, _id, await tilted(faceFixture(20), 25));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'refused',
      message: PHOTO_VERIFICATION_MESSAGES.refused,
    });
    expect(await photoVerifiedAt(user.id)).toBeNull();
    expect(storedFiles()).toEqual(before);
    const [attempt] = await t.context.db.select().from(photoVerifications);
    expect(attempt!.similarity).toBeLessThan(0.5);
  });

  it('refuses the right face without the pose asked for', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const { _id } = await challenge(cookie);

    const res = await submit(cookie, _id, faceFixture(7));
    expect(res.body).toMatchObject({
      outcome: 'refused',
      message: PHOTO_VERIFICATION_MESSAGES.poseNotCopied,
    });
    expect(await photoVerifiedAt(user.id)).toBeNull();
  });

  it('verifies a mirrored selfie file (front cameras mirror): the flipped picture copies the pose', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const { _id } = await challenge(cookie);
    const mirrored = await sharp(await tilted(faceFixture(7), 25))
      .flop()
      .jpeg({ quality: 90 })
      .toBuffer();

    const res = await submit(cookie, _id, mirrored);
    expect(res.body).toMatchObject({
      outcome: 'verified',
      message: PHOTO_VERIFICATION_MESSAGES.verified,
    });
    expect(await photoVerifiedAt(user.id)).not.toBeNull();
  });

  it('says so when the selfie shows no face', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const { _id } = await challenge(cookie);
    const blank = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#8090a0' },
    })
      .jpeg()
      .toBuffer();
    const res = await submit(cookie, _id, blank);
    expect(res.body).toMatchObject({
      outcome: 'refused',
      message: PHOTO_VERIFICATION_MESSAGES.noFace,
    });
  });

  it('keeps the mark when the new main photo shows the verified face, and drops it otherwise', async () => {
    const { user, cookie } = await signedInUser(t.context);
    const own = await addProfilePhoto(t.context, user.id, faceFixture(7));
    const other = await addProfilePhoto(t.context, user.id, faceFixture(20), 1);
    const { _id } = await challenge(cookie);
    expect((await submit(cookie, _id, await tilted(faceFixture(7), 25))).body.outcome).toBe(
      'verified',
    );

    await t.context.db.delete(photos).where(eq(photos.storageKey, own));
    const again = await addProfilePhoto(t.context, user.id, await tilted(faceFixture(7), -10));
    await recheckMainPhoto(t.context, user.id);
    expect(await photoVerifiedAt(user.id)).not.toBeNull();

    // Someone else's face becomes the main photo through Manage photos: the mark goes.
    const reorder = await request(t.app)
      .put('/api/profile/photos/order')
      .set('Cookie', cookie)
      .send({ photos: [mediaUrl(other), mediaUrl(again)] });
    expect(reorder.status).toBe(200);
    await t.context.background.settled();
    expect(await photoVerifiedAt(user.id)).toBeNull();
    const seen = await request(t.app).get(`/api/users/${user.id}`).set('Cookie', cookie);
    expect(seen.body.user.photoVerified).toBe(false);
  });
});

describe('pose challenges', () => {
  it('cannot be answered twice: an old selfie is not replayed', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const { _id } = await challenge(cookie);
    const selfie = await tilted(faceFixture(20), 25);
    expect((await submit(cookie, _id, selfie)).body.outcome).toBe('refused');

    const again = await submit(cookie, _id, await tilted(faceFixture(7), 25));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PHOTO_CHALLENGE_USED');
    expect(await photoVerifiedAt(user.id)).toBeNull();
  });

  it('expires', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await addProfilePhoto(t.context, user.id, faceFixture(7));
    const { _id } = await challenge(cookie);
    t.clock.advance(5 * 60 * 1000 + 1);
    const res = await submit(cookie, _id, await tilted(faceFixture(7), 25));
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('PHOTO_CHALLENGE_EXPIRED');
    expect(await photoVerifiedAt(user.id)).toBeNull();
  });

  it("belongs to the member who asked: another member's challenge is not found", async () => {
    const owner = await signedInUser(t.context);
    const other = await signedInUser(t.context);
    await addProfilePhoto(t.context, other.user.id, faceFixture(7));
    const { _id } = await challenge(owner.cookie);
    const res = await submit(other.cookie, _id, await tilted(faceFixture(7), 25));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PHOTO_CHALLENGE_NOT_FOUND');
    expect(await photoVerifiedAt(other.user.id)).toBeNull();
  });

  it('asks for the member to sign in', async () => {
    expect((await request(t.app).post('/api/verification/photo/challenge')).status).toBe(401);
    expect((await request(t.app).get('/api/verification/photo')).status).toBe(401);
  });

  it('picks poses at random', async () => {
    useFaceAnalyzer(t.context, model);
    const { cookie } = await signedInUser(t.context);
    const poses = new Set<string>();
    for (let i = 0; i < 24; i += 1) poses.add((await challenge(cookie)).pose);
    expect(poses.size).toBeGreaterThan(1);
  });
});

/** Faces whose similarity is exactly `similarity` (a unit vector and one at that angle). */
function facesAt(similarity: number): { photo: DetectedFace; selfie: DetectedFace } {
  const size = 1024;
  const photo = new Array<number>(size).fill(0);
  const selfie = new Array<number>(size).fill(0);
  photo[0] = 1;
  selfie[0] = similarity;
  selfie[1] = Math.sqrt(1 - similarity * similarity);
  const face = (descriptor: number[], roll: number): DetectedFace => ({
    score: 1,
    box: [10, 10, 120, 120],
    descriptor,
    pose: { yaw: 0, pitch: 0, roll },
  });
  return { photo: face(photo, 0), selfie: face(selfie, 0.5) };
}

/** Answers the profile photo with one face and anything rotated (the selfie) with the other. */
function analyzerAt(similarity: number): FaceAnalyzer {
  const { photo, selfie } = facesAt(similarity);
  let calls = 0;
  return {
    async analyze() {
      calls += 1;
      // submitSelfie analyses the selfie first, then the photos.
      return [calls % 2 === 1 ? selfie : photo];
    },
    async close() {},
  };
}

describe('the moderators’ queue for close calls', () => {
  async function inReview() {
    useFaceAnalyzer(t.context, analyzerAt(0.6), { fixedPose: 'tilt-left' });
    const member = await signedInUser(t.context);
    await addProfilePhoto(t.context, member.user.id, faceFixture(7));
    const moderator = await signedInUser(t.context, { role: 'moderator' });
    const before = storedFiles();
    const { _id } = await challenge(member.cookie);
    const res = await submit(member.cookie, _id, await tilted(faceFixture(7), 25));
    expect(res.body).toMatchObject({
      outcome: 'in-review',
      message: PHOTO_VERIFICATION_MESSAGES.inReview,
    });
    // The selfie is kept while it waits, and only then.
    expect(storedFiles().length).toBe(before.length + 1);
    return { member, moderator, before };
  }

  it('shows the selfie beside the photos; approving marks the member and deletes the selfie', async () => {
    const { member, moderator, before } = await inReview();
    const state = await request(t.app).get('/api/verification/photo').set('Cookie', member.cookie);
    expect(state.body.state).toBe('in-review');
    const again = await request(t.app)
      .post('/api/verification/photo/challenge')
      .set('Cookie', member.cookie);
    expect(again.body.code).toBe('PHOTO_VERIFICATION_IN_REVIEW');

    const queue = await request(t.app)
      .get('/api/moderation/photo-verifications')
      .set('Cookie', moderator.cookie);
    expect(queue.status).toBe(200);
    expect(queue.body.items).toHaveLength(1);
    const [item] = queue.body.items;
    expect(item.member._id).toBe(member.user.id);
    expect(item.selfie).toMatch(/^data:image\/webp;base64,/);
    expect(item.photos).toHaveLength(1);
    expect(item.similarity).toBeCloseTo(0.6, 5);

    const decided = await request(t.app)
      .post(`/api/moderation/photo-verifications/${item._id}/decision`)
      .set('Cookie', moderator.cookie)
      .send({ decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(await photoVerifiedAt(member.user.id)).not.toBeNull();
    expect(storedFiles()).toEqual(before);
    const twice = await request(t.app)
      .post(`/api/moderation/photo-verifications/${item._id}/decision`)
      .set('Cookie', moderator.cookie)
      .send({ decision: 'refuse' });
    expect(twice.status).toBe(404);
    expect(await photoVerifiedAt(member.user.id)).not.toBeNull();
  });

  it('refusing leaves no mark and deletes the selfie', async () => {
    const { member, moderator, before } = await inReview();
    const [item] = (
      await request(t.app)
        .get('/api/moderation/photo-verifications')
        .set('Cookie', moderator.cookie)
    ).body.items;
    await request(t.app)
      .post(`/api/moderation/photo-verifications/${item._id}/decision`)
      .set('Cookie', moderator.cookie)
      .send({ decision: 'refuse' })
      .expect(200);
    expect(await photoVerifiedAt(member.user.id)).toBeNull();
    expect(storedFiles()).toEqual(before);
  });

  it('is for moderators only: a member can neither read nor decide, and nothing changes', async () => {
    const { member, before } = await inReview();
    const [row] = await t.context.db.select().from(photoVerifications);
    const list = await request(t.app)
      .get('/api/moderation/photo-verifications')
      .set('Cookie', member.cookie);
    expect(list.status).toBe(403);
    const decide = await request(t.app)
      .post(`/api/moderation/photo-verifications/${row!.id}/decision`)
      .set('Cookie', member.cookie)
      .send({ decision: 'approve' });
    expect(decide.status).toBe(403);
    expect(await photoVerifiedAt(member.user.id)).toBeNull();
    expect(storedFiles().length).toBe(before.length + 1);
  });
});
