import {
  IdSchema,
  IMAGE_SAFETY_MESSAGES,
  PHOTO_MESSAGES,
  PhotoAltTextRequestSchema,
  PhotoUploadFieldsSchema,
  PhotoReorderRequestSchema,
  PROFILE_MESSAGES,
  ProfileCreateRequestSchema,
  ProfileIdSchema,
  ProfileUpdateRequestSchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { assertActingAs, memberId, requireMember } from '../../http/auth.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { badRequest, parse } from '../../http/errors.js';
import { recheckMainPhoto } from '../photo-verification/index.js';
import { deletePhoto, setPhotoAltText, setPhotoOrder, uploadPhoto } from './photos.js';
import { getProfile, saveProfile, updateProfile } from './service.js';
import { receivePhoto } from './upload.js';

export function profileRoutes(context: AppContext): Router {
  const router = Router();
  // After the photos change, the photo-verified mark stays only if the main photo still matches.
  const recheckMark = (member: string) =>
    context.background.run('photo verification: main photo re-check', () =>
      recheckMainPhoto(context, member),
    );

  router.post('/profile/create', requireMember, async (req, res) => {
    const input = parseBody(ProfileCreateRequestSchema, req);
    const viewerId = assertActingAs(req, input.userId);
    const { created } = await saveProfile(context, viewerId, input);
    res.status(created ? 201 : 200).json({
      success: true,
      message: created ? PROFILE_MESSAGES.created : PROFILE_MESSAGES.updated,
    });
  });

  router.post(
    '/profile/upload-photo',
    requireMember,
    limitPerMember(context.rateLimiters, 'photoUploadPerMember'),
    receivePhoto(context),
    async (req, res) => {
      if (!req.file) throw badRequest(PHOTO_MESSAGES.missingFile);
      const { altText } = parseBody(PhotoUploadFieldsSchema, req);
      const uploaded = await uploadPhoto(context, memberId(req), req.file, altText ?? null);
      res.status(201).json({ success: true, ...uploaded, message: PHOTO_MESSAGES.uploaded });
      recheckMark(memberId(req));
    },
  );

  // The wizard's photo list after each upload, or (after the wizard) any of the profile's details.
  router.post('/profile/update/:userId', requireMember, async (req, res) => {
    const userId = parse(IdSchema, req.params.userId);
    const update = parseBody(ProfileUpdateRequestSchema, req);
    const updated = await updateProfile(context, memberId(req), userId, update);
    res.json({ success: true, ...updated });
    if (update.photos) recheckMark(memberId(req));
  });

  router.put('/profile/photos/order', requireMember, async (req, res) => {
    const { photos } = parseBody(PhotoReorderRequestSchema, req);
    const kept = await setPhotoOrder(context, memberId(req), photos);
    res.json({ success: true, message: PHOTO_MESSAGES.reordered, ...kept });
    recheckMark(memberId(req));
  });

  router.patch('/profile/photos/:filename', requireMember, async (req, res) => {
    const { altText } = parseBody(PhotoAltTextRequestSchema, req);
    const photos = await setPhotoAltText(
      context,
      memberId(req),
      String(req.params.filename),
      altText,
    );
    res.json({ success: true, message: IMAGE_SAFETY_MESSAGES.altTextSaved, ...photos });
  });

  router.delete('/profile/photo/:userId/:filename', requireMember, async (req, res) => {
    const userId = parse(IdSchema, req.params.userId);
    await deletePhoto(context, memberId(req), userId, String(req.params.filename));
    res.json({ success: true, message: PHOTO_MESSAGES.deleted });
    recheckMark(memberId(req));
  });

  router.get('/profile/:id', requireMember, async (req, res) => {
    const id = parse(ProfileIdSchema, req.params.id);
    const profile = await getProfile(context, memberId(req), id);
    res.json({ success: true, profile });
  });

  return router;
}
