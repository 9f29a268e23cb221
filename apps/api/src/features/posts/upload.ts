import { POST_MESSAGES, POST_VIDEO_MAX_BYTES } from '@kindred/contracts';
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { receiveMultipart } from '../../http/uploads.js';

/**
 * Receives POST /posts/create: text fields plus at most one file in the `media` field, streamed to
 * a temporary file (http/uploads.ts) and sniffed, and images re-encoded, before anything is
 * stored. The hard cap is the video limit; the 10 MB image limit is checked once the bytes say it
 * is an image.
 */
export function receivePostMedia(context: Pick<AppContext, 'config'>): RequestHandler {
  return receiveMultipart({
    dataDir: context.config.dataDir,
    field: 'media',
    limits: {
      fileSize: POST_VIDEO_MAX_BYTES,
      files: 1,
      fields: 8,
      // A 5000-character description is at most 20 kB of UTF-8.
      fieldSize: 64 * 1024,
      parts: 10,
    },
    tooLarge: () => new AppError(413, POST_MESSAGES.mediaTooLarge),
  });
}
