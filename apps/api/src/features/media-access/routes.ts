import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { mayViewMedia } from './access.js';
import { MEDIA_KEY_PATTERN } from '../media/index.js';
import { sendStoredMedia } from './serve.js';

/**
 * Serves uploaded media to the members allowed to see what it belongs to (see access.ts), from
 * whichever store holds it (local disk or S3): the API is the one place media authorization is
 * decided, and the bucket stays private. Keys are random and never reused, so a response can be
 * cached for good by the member's browser; Range requests are answered, so videos seek and stream.
 */
export function mediaRoutes(context: AppContext): Router {
  const router = Router();
  router.get('/media/:key', requireMember, async (req, res) => {
    const key = String(req.params.key);
    // One answer for "no such file" and "not yours to see": a key's existence is not revealed.
    if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('Media not found');
    if (!(await mayViewMedia(context, memberId(req), key))) throw notFound('Media not found');
    if (!(await sendStoredMedia(context.storage, key, req, res))) throw notFound('Media not found');
  });
  return router;
}
