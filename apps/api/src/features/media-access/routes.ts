import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { mayViewMedia } from './access.js';
import { MEDIA_KEY_PATTERN } from '../media/index.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded media to the members allowed to see what it belongs to (see access.ts). Keys are
 * random and never reused, so a response can be cached for good by the member's browser;
 * `sendFile` answers HTTP Range requests, so videos seek and stream.
 */
export function mediaRoutes(context: AppContext): Router {
  const router = Router();
  router.get('/media/:key', requireMember, async (req, res, next) => {
    const key = String(req.params.key);
    // One answer for "no such file" and "not yours to see": a key's existence is not revealed.
    if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('Media not found');
    if (!(await mayViewMedia(context.db, memberId(req), key))) throw notFound('Media not found');
    res.sendFile(
      context.storage.localPath(key),
      {
        acceptRanges: true,
        cacheControl: false,
        headers: {
          // Members only (the cookie is required), so shared caches must not keep it.
          'Cache-Control': `private, max-age=${ONE_YEAR_SECONDS}, immutable`,
        },
      },
      (error?: Error & { status?: number; code?: string }) => {
        if (!error) return;
        if (error.code === 'ENOENT' || error.status === 404) {
          return next(notFound('Media not found'));
        }
        next(error);
      },
    );
  });
  return router;
}
