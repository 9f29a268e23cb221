import { PHOTO_MESSAGES, PROFILE_LIMITS } from '@kindred/contracts';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '../../http/errors.js';
import { receiveMultipart } from '../../http/uploads.js';
import { displayFileName } from './photos.js';

export const PHOTO_FIELD = 'photo';

/**
 * Receives the one `photo` file of a multipart upload into memory. Multer stops reading as soon
 * as the file passes 5 MB; the refusal names the file as the spec's message does.
 */
const photoUpload = multer({
  storage: multer.memoryStorage(),
  // Browsers send UTF-8 file names without declaring a charset.
  defParamCharset: 'utf8',
  limits: {
    fileSize: PROFILE_LIMITS.maxPhotoBytes,
    files: 1,
    fields: 10,
    fieldSize: 10_000,
    parts: 12,
    headerPairs: 50,
  },
  fileFilter(req, file, accept) {
    // Remembered for the size refusal, which multer raises without the file's details.
    if (req.res) req.res.locals.uploadName = file.originalname;
    accept(null, true);
  },
}).single(PHOTO_FIELD);

export const receivePhoto: RequestHandler = receiveMultipart(photoUpload, (_req, res) => {
  const name = displayFileName(String(res.locals.uploadName ?? ''));
  return new AppError(413, PHOTO_MESSAGES.tooLarge(name));
});
