import { readFile } from 'node:fs/promises';
import { Router } from 'express';
import {
  IdSchema,
  PHOTO_VERIFICATION_LIMITS,
  PHOTO_VERIFICATION_MESSAGES,
  PhotoVerificationDecisionSchema,
  PhotoVerificationFieldsSchema,
  type PhotoChallengeResponse,
  type PhotoVerificationQueueResponse,
  type PhotoVerificationResponse,
  type PhotoVerificationStatusResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { memberId, requireMember, requireRole } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { AppError, parse } from '../../http/errors.js';
import { receiveMultipart } from '../../http/uploads.js';
import {
  createChallenge,
  decideReview,
  listReviews,
  submitSelfie,
  verificationState,
} from './service.js';

export const SELFIE_FIELD = 'selfie';

/**
 * /api/verification/photo* for the signed-in member (identity from the session only);
 * /api/moderation/photo-verifications* for moderators and admins (`requireRole`).
 */
export function photoVerificationRoutes(context: AppContext): Router {
  const router = Router();
  const moderatorsOnly = requireRole(context.db, 'moderator');
  const receiveSelfie = receiveMultipart({
    dataDir: context.config.dataDir,
    field: SELFIE_FIELD,
    limits: {
      fileSize: PHOTO_VERIFICATION_LIMITS.maxSelfieBytes,
      files: 1,
      fields: 2,
      fieldSize: 200,
      parts: 3,
      headerPairs: 20,
    },
    tooLarge: () => new AppError(413, PHOTO_VERIFICATION_MESSAGES.selfieUnreadable),
  });

  router.get('/verification/photo', requireMember, async (req, res) => {
    const state = await verificationState(context, memberId(req));
    res.json({ success: true, ...state } satisfies PhotoVerificationStatusResponse);
  });

  router.post('/verification/photo/challenge', requireMember, async (req, res) => {
    const challenge = await createChallenge(context, memberId(req));
    res.status(201).json({ success: true, challenge } satisfies PhotoChallengeResponse);
  });

  router.post('/verification/photo', requireMember, receiveSelfie, async (req, res) => {
    const { challengeId } = parseBody(PhotoVerificationFieldsSchema, req);
    if (!req.file) throw new AppError(400, PHOTO_VERIFICATION_MESSAGES.selfieMissing);
    const selfie = await readFile(req.file.path);
    const result = await submitSelfie(context, memberId(req), challengeId, selfie);
    res.json({ success: true, ...result } satisfies PhotoVerificationResponse);
  });

  router.get('/moderation/photo-verifications', moderatorsOnly, async (_req, res) => {
    const items = await listReviews(context);
    res.json({ success: true, items } satisfies PhotoVerificationQueueResponse);
  });

  router.post('/moderation/photo-verifications/:id/decision', moderatorsOnly, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    const decision = parseBody(PhotoVerificationDecisionSchema, req);
    const message = await decideReview(context, memberId(req), id, decision);
    res.json({ success: true, message });
  });

  return router;
}
