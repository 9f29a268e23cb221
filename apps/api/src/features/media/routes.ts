import { Router } from 'express';
import { requireMember } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { MEDIA_KEY_PATTERN, type MediaStorage } from './storage.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded media to signed-in members. Keys are random and never reused, so a response can
 * be cached for good; `sendFile` answers HTTP Range requests, so videos seek and stream.
 */
export function mediaRoutes(storage: MediaStorage): Router {
  const router = Router();
  router.get('/media/:key', requireMember, (req, res, next) => {
    const key = String(req.params.key);
    if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('Media not found');
    res.sendFile(
      storage.localPath(key),
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
        if (error.code === 'ENOENT' || error.status === 404)
          return next(notFound('Media not found'));
        next(error);
      },
    );
  });
  return router;
}
