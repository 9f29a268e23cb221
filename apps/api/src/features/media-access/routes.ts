import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { mayViewMedia } from './access.js';
import { MEDIA_KEY_PATTERN, mediaCopyKey } from '../media/index.js';
import { makeMediaCopy } from './copies.js';
import { sendStoredMedia } from './serve.js';

/**
 * Serves uploaded media to the members allowed to see what it belongs to (see access.ts), from
 * whichever store holds it (local disk or S3): the API is the one place media authorization is
 * decided, and the bucket stays private. Keys are random and never reused, so a response can be
 * cached for good by the member's browser; Range requests are answered, so videos seek and stream.
 * `?w=<width>` asks for an image's smaller copy (media/variants.ts); access is the image's own.
 */
export function mediaRoutes(context: AppContext): Router {
  const router = Router();
  router.get('/media/:key', requireMember, async (req, res) => {
    const key = String(req.params.key);
    // One answer for "no such file" and "not yours to see": a key's existence is not revealed.
    if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('Media not found');
    if (!(await mayViewMedia(context, memberId(req), key))) throw notFound('Media not found');
    // `?w=640`: the smaller copy of an image for a card or an avatar, else the image itself.
    const width = Number(req.query.w);
    const copyKey = mediaCopyKey(key, width);
    if (copyKey) {
      if (await sendStoredMedia(context.storage, copyKey, req, res)) return;
      const made = await makeMediaCopy(context.storage, context.logger, key, copyKey, width);
      if (made && (await sendStoredMedia(context.storage, copyKey, req, res))) return;
    }
    if (!(await sendStoredMedia(context.storage, key, req, res))) throw notFound('Media not found');
  });
  return router;
}
