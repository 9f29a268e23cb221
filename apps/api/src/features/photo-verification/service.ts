import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import {
  PHOTO_POSE_INSTRUCTIONS,
  PHOTO_POSES,
  PHOTO_VERIFICATION_LIMITS,
  PHOTO_VERIFICATION_MESSAGES as MESSAGES,
  type PhotoChallenge,
  type PhotoPose,
  type PhotoVerificationDecision,
  type PhotoVerificationOutcome,
  type PhotoVerificationReview,
  type PhotoVerificationState,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { deriveKey, openSecret, sealSecret } from '../../platform/secret-box.js';
import { deleteMediaFiles, mediaUrl, newMediaKey, readMediaBytes } from '../media/index.js';
import {
  clearPhotoVerified,
  markPhotoVerified,
  photosOf,
  readPhotoVerified,
} from '../users/index.js';
import {
  faceSimilarity,
  mainFace,
  matchesPose,
  type DetectedFace,
  type FaceAnalyzer,
} from './face-analyzer.js';
import { createFaceModelAnalyzer } from './face-model.js';
import { decideOutcome, mainPhotoKeepsMark } from './policy.js';
import * as repo from './repo.js';

const FACE_PURPOSE = 'photo-verification-face';

interface Engine {
  analyzer: FaceAnalyzer;
  /** Every challenge asks for this pose instead of a random one (journeys only: see config). */
  fixedPose?: PhotoPose;
}

const engines = new WeakMap<AppContext, Engine>();

/**
 * The face analyzer of an app: the model in `PHOTO_VERIFICATION_WORKERS` worker threads (default
 * 1), started on the first selfie. Tests may put a stand-in first with `useFaceAnalyzer`.
 */
function engineOf(context: AppContext): Engine {
  let engine = engines.get(context);
  if (!engine) {
    engine = {
      analyzer: createFaceModelAnalyzer({
        workers: context.config.photoVerification.workers,
        logger: context.logger,
      }),
      fixedPose: context.config.photoVerification.fixedPose,
    };
    engines.set(context, engine);
  }
  return engine;
}

export function useFaceAnalyzer(
  context: AppContext,
  analyzer: FaceAnalyzer,
  options: { fixedPose?: PhotoPose } = {},
): void {
  engines.set(context, { analyzer, ...options });
}

function faceKey(context: AppContext): Buffer {
  return deriveKey(context.config.dataEncryptionKey, FACE_PURPOSE);
}

function sealFace(context: AppContext, memberId: string, face: DetectedFace): string {
  return sealSecret(faceKey(context), JSON.stringify(face.descriptor), memberId);
}

function openFace(context: AppContext, memberId: string, sealed: string): number[] {
  return JSON.parse(openSecret(faceKey(context), sealed, memberId)) as number[];
}

async function analyze(context: AppContext, image: Uint8Array): Promise<DetectedFace[]> {
  try {
    return await engineOf(context).analyzer.analyze(image);
  } catch (error) {
    context.logger.warn({ err: error }, 'photo verification: an image could not be analysed');
    throw new AppError(503, MESSAGES.busy, { code: 'UNAVAILABLE' });
  }
}

export async function verificationState(
  context: AppContext,
  memberId: string,
): Promise<{ state: PhotoVerificationState; verifiedAt: string | null }> {
  const verified = await readPhotoVerified(context.db, memberId);
  if (verified?.verifiedAt)
    return { state: 'verified', verifiedAt: verified.verifiedAt.toISOString() };
  const inReview = await repo.findInReview(context.db, memberId);
  return { state: inReview ? 'in-review' : 'none', verifiedAt: null };
}

/** A new challenge: a pose chosen here at random, answerable once within a few minutes. */
export async function createChallenge(
  context: AppContext,
  memberId: string,
): Promise<PhotoChallenge> {
  if (await repo.findInReview(context.db, memberId)) {
    throw new AppError(409, MESSAGES.alreadyInReview, { code: 'PHOTO_VERIFICATION_IN_REVIEW' });
  }
  const pose = engineOf(context).fixedPose ?? PHOTO_POSES[randomInt(PHOTO_POSES.length)]!;
  const now = context.clock.now();
  const row = await repo.insertChallenge(context.db, {
    userId: memberId,
    pose,
    expiresAt: new Date(now.getTime() + PHOTO_VERIFICATION_LIMITS.challengeSeconds * 1000),
  });
  return {
    _id: row.id,
    pose,
    instruction: PHOTO_POSE_INSTRUCTIONS[pose],
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Why a challenge cannot be answered: the member's own only, once, in time. */
async function refuseChallenge(context: AppContext, memberId: string, id: string): Promise<never> {
  const row = await repo.findOwnAttempt(context.db, memberId, id);
  if (!row)
    throw new AppError(404, MESSAGES.challengeNotFound, { code: 'PHOTO_CHALLENGE_NOT_FOUND' });
  if (row.submittedAt || row.status !== 'challenged') {
    throw new AppError(409, MESSAGES.challengeUsed, { code: 'PHOTO_CHALLENGE_USED' });
  }
  throw new AppError(410, MESSAGES.challengeExpired, { code: 'PHOTO_CHALLENGE_EXPIRED' });
}

/** The faces of the member's profile photos, main photo first (an unreadable one is skipped). */
async function photoFaces(context: AppContext, memberId: string): Promise<DetectedFace[]> {
  const photos = await photosOf(context.db, memberId);
  if (photos.length === 0)
    throw new AppError(400, MESSAGES.noPhotos, { code: 'PHOTO_VERIFICATION_NO_PHOTOS' });
  const faces: DetectedFace[] = [];
  for (const photo of photos) {
    const bytes = await readMediaBytes(context.storage, photo.storageKey);
    if (!bytes) continue;
    const face = mainFace(await analyze(context, bytes));
    if (face) faces.push(face);
  }
  return faces;
}

/** Better outcomes first: a mirrored selfie's judgement replaces the one as taken only if better. */
const OUTCOME_RANK: Record<PhotoVerificationOutcome, number> = {
  refused: 0,
  'in-review': 1,
  verified: 2,
};

interface SelfieJudgement {
  selfieFace: DetectedFace;
  similarity: number;
  poseMatched: boolean;
  outcome: PhotoVerificationOutcome;
  /** The picture judged (the selfie as sent, or flipped). */
  image: Uint8Array;
}

/** The selfie's face against the profile photos' faces and the pose asked for. */
function judgeSelfie(
  selfieFace: DetectedFace,
  faces: readonly DetectedFace[],
  pose: PhotoPose,
  image: Uint8Array,
): SelfieJudgement {
  const similarity = Math.max(
    ...faces.map((face) => faceSimilarity(face.descriptor, selfieFace.descriptor)),
  );
  const poseMatched = matchesPose(selfieFace.pose, pose);
  return {
    selfieFace,
    similarity,
    poseMatched,
    outcome: decideOutcome(similarity, poseMatched),
    image,
  };
}

/**
 * Answers a challenge with a selfie: the pose, then the face against the profile photos' faces.
 * Verified marks the member at once; in review keeps the selfie (re-encoded) for a moderator;
 * refused keeps nothing. The uploaded file itself is removed by the upload handler.
 */
export async function submitSelfie(
  context: AppContext,
  memberId: string,
  challengeId: string,
  selfie: Uint8Array,
): Promise<{ outcome: PhotoVerificationOutcome; message: string }> {
  const now = context.clock.now();
  const challenge =
    (await repo.claimChallenge(context.db, memberId, challengeId, now)) ??
    (await refuseChallenge(context, memberId, challengeId));
  try {
    await sharp(selfie).metadata();
  } catch {
    await repo.saveOutcome(context.db, challenge.id, { status: 'refused' });
    throw new AppError(400, MESSAGES.selfieUnreadable);
  }
  const asTakenFace = mainFace(await analyze(context, selfie));
  if (!asTakenFace) {
    await repo.saveOutcome(context.db, challenge.id, { status: 'refused' });
    return { outcome: 'refused', message: MESSAGES.noFace };
  }
  const faces = await photoFaces(context, memberId);
  if (faces.length === 0) {
    await repo.saveOutcome(context.db, challenge.id, { status: 'refused' });
    return { outcome: 'refused', message: MESSAGES.noPhotoFace };
  }
  let judged = judgeSelfie(asTakenFace, faces, challenge.pose, selfie);
  if (judged.outcome !== 'verified') {
    // A selfie file from a front camera may be stored mirrored, so its turn or tilt reads the
    // other way: the flipped picture is judged too, and the better of the two decides.
    const flipped = await sharp(selfie).rotate().flop().jpeg({ quality: 92 }).toBuffer();
    const flippedFace = mainFace(await analyze(context, flipped));
    if (flippedFace) {
      const flippedJudged = judgeSelfie(flippedFace, faces, challenge.pose, flipped);
      if (OUTCOME_RANK[flippedJudged.outcome] > OUTCOME_RANK[judged.outcome])
        judged = flippedJudged;
    }
  }
  const { selfieFace, similarity, poseMatched, outcome } = judged;
  if (outcome === 'verified') {
    await context.db.transaction(async (tx) => {
      await repo.saveOutcome(tx, challenge.id, {
        status: 'verified',
        similarity,
        poseMatched,
        decidedAt: now,
      });
      await markPhotoVerified(tx, memberId, now, sealFace(context, memberId, selfieFace));
    });
    return { outcome, message: MESSAGES.verified };
  }
  if (outcome === 'refused') {
    await repo.saveOutcome(context.db, challenge.id, {
      status: 'refused',
      similarity,
      poseMatched,
      decidedAt: now,
    });
    return { outcome, message: poseMatched ? MESSAGES.refused : MESSAGES.poseNotCopied };
  }
  const key = newMediaKey('webp');
  // The picture as judged (flipped when that is what copied the pose), for the moderator.
  const stored = await sharp(judged.image)
    .rotate()
    .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await context.storage.put(key, stored, { contentType: 'image/webp' });
  await repo.saveOutcome(context.db, challenge.id, {
    status: 'in-review',
    similarity,
    poseMatched,
    selfieKey: key,
    selfieFace: sealFace(context, memberId, selfieFace),
  });
  return { outcome, message: MESSAGES.inReview };
}

/** The moderators' queue: each selfie beside the member's photos. */
export async function listReviews(context: AppContext): Promise<PhotoVerificationReview[]> {
  const rows = await repo.listInReview(context.db, 50);
  return Promise.all(
    rows.map(async ({ attempt, firstName, lastName }) => {
      const selfie = attempt.selfieKey
        ? await readMediaBytes(context.storage, attempt.selfieKey)
        : undefined;
      const photos = await photosOf(context.db, attempt.userId);
      return {
        _id: attempt.id,
        member: { _id: attempt.userId, firstName, lastName },
        pose: attempt.pose,
        instruction: PHOTO_POSE_INSTRUCTIONS[attempt.pose],
        poseMatched: attempt.poseMatched ?? false,
        similarity: attempt.similarity ?? 0,
        submittedAt: (attempt.submittedAt ?? attempt.createdAt).toISOString(),
        selfie: selfie ? `data:image/webp;base64,${selfie.toString('base64')}` : '',
        photos: photos.map((photo) => mediaUrl(photo.storageKey)),
      };
    }),
  );
}

/** A moderator's decision; the selfie is deleted once it is recorded. */
export async function decideReview(
  context: AppContext,
  moderatorId: string,
  id: string,
  { decision }: PhotoVerificationDecision,
): Promise<string> {
  const now = context.clock.now();
  const selfieKey = await context.db.transaction(async (tx) => {
    const attempt = await repo.lockInReview(tx, id);
    if (!attempt) throw new AppError(404, MESSAGES.decisionNotFound);
    await repo.saveOutcome(tx, id, {
      status: decision === 'approve' ? 'verified' : 'refused',
      decidedAt: now,
      decidedBy: moderatorId,
      selfieKey: null,
      selfieFace: null,
    });
    if (decision === 'approve' && attempt.selfieFace) {
      await markPhotoVerified(tx, attempt.userId, now, attempt.selfieFace);
    }
    return attempt.selfieKey;
  });
  if (selfieKey) await deleteMediaFiles(context.storage, context.logger, [selfieKey]);
  return decision === 'approve' ? MESSAGES.approved : MESSAGES.declined;
}

/**
 * After the member's photos change: the mark stays only while the main photo shows the verified
 * face. Runs after the reply (the face model may take a second).
 */
export async function recheckMainPhoto(context: AppContext, memberId: string): Promise<void> {
  const verified = await readPhotoVerified(context.db, memberId);
  if (!verified?.verifiedAt || !verified.sealedFace) return;
  const [main] = await photosOf(context.db, memberId);
  const bytes = main ? await readMediaBytes(context.storage, main.storageKey) : undefined;
  const face = bytes ? mainFace(await engineOf(context).analyzer.analyze(bytes)) : undefined;
  const similarity = face
    ? faceSimilarity(face.descriptor, openFace(context, memberId, verified.sealedFace))
    : undefined;
  if (!mainPhotoKeepsMark(similarity)) await clearPhotoVerified(context.db, memberId);
}
