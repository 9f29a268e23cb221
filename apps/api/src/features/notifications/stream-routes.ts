import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, NOT_SIGNED_IN_MESSAGE, requireMember } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { openNotificationStream } from './stream.js';

/** Longest `Last-Event-ID` taken; ours are short keyset cursors. */
const LAST_EVENT_ID_MAX_LENGTH = 200;

/**
 * GET /api/notifications/stream — the signed-in member's live notifications as Server-Sent Events
 * (see stream.ts). A browser's EventSource resumes with the `Last-Event-ID` header by itself.
 */
export function notificationStreamRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/notifications/stream', requireMember, async (req, res) => {
    const header = req.get('Last-Event-ID');
    const lastEventId = header && header.length <= LAST_EVENT_ID_MAX_LENGTH ? header : undefined;
    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or rewrite it; X-Accel-Buffering: nginx must not hold it.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    // The client may go away while the stream is still starting: remember it, and stop it then.
    let clientGone = false;
    res.once('close', () => (clientGone = true));
    const stream = await openNotificationStream(context, {
      memberId: memberId(req),
      sid: req.sessionID,
      lastEventId,
      sink: {
        write: (chunk) => {
          if (!res.headersSent) res.flushHeaders();
          res.write(chunk);
        },
        end: () => res.end(),
      },
    });
    if (!stream) {
      // Signed out between the session's read and now: nothing was written yet.
      res.removeHeader('Content-Type');
      throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
    }
    // The client went away (tab closed, network lost): stop listening for it.
    if (clientGone) stream.close();
    else res.once('close', () => stream.close());
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);
  });

  return router;
}
