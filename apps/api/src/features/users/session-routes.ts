import {
  ACCOUNT_MESSAGES,
  SessionIdSchema,
  type EndOtherSessionsResponse,
  type SessionsResponse,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { endMemberSession, endOtherMemberSessions, listMemberSessions } from './sessions.js';

/** Settings → Sessions & devices: the signed-in member's own sessions. */
export function memberSessionRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/users/me/sessions', requireMember, async (req, res) => {
    const sessions = await listMemberSessions(context, memberId(req), req.sessionID);
    res.json({ success: true, sessions } satisfies SessionsResponse);
  });

  router.delete('/users/me/sessions/:id', requireMember, async (req, res) => {
    // Not a session id at all: as unknown as any other id that is not the member's.
    const id = SessionIdSchema.safeParse(req.params.id);
    if (!id.success) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
    await endMemberSession(context, memberId(req), id.data);
    res.json({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
  });

  router.delete('/users/me/sessions', requireMember, async (req, res) => {
    const ended = await endOtherMemberSessions(context, memberId(req), req.sessionID);
    res.json({
      success: true,
      message: ACCOUNT_MESSAGES.otherSessionsEnded(ended),
      ended,
    } satisfies EndOtherSessionsResponse);
  });

  return router;
}
