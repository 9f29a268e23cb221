import { PHOTO_MESSAGES, PROFILE_LIMITS } from '@kindred/contracts';
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { receiveMultipart } from '../../http/uploads.js';
import { displayFileName } from './photos.js';

export const PHOTO_FIELD = 'photo';

/**
 * Receives the one `photo` file of a multipart upload into a temporary file (http/uploads.ts).
 * Multer stops reading as soon as the file passes 5 MB; the refusal names the file as the spec's
 * message does.
 */
export function receivePhoto(context: Pick<AppContext, 'config'>): RequestHandler {
  return receiveMultipart({
    dataDir: context.config.dataDir,
    field: PHOTO_FIELD,
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
    tooLarge: (_req, res) => {
      const name = displayFileName(String(res.locals.uploadName ?? ''));
      return new AppError(413, PHOTO_MESSAGES.tooLarge(name));
    },
  });
}
