import { IdSchema, MATCH_MESSAGES, PageQuerySchema, ProfileTargetSchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { parse } from '../../http/errors.js';
import {
  likeMember,
  likesYou,
  listMatches,
  listVisitors,
  passMember,
  unmatchMember,
} from './service.js';

/** /api/matches (likes, passes, matches, who liked me) and /api/profile/visitors. */
export function matchRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/matches/like', requireMember, async (req, res) => {
    const { userId } = parseBody(ProfileTargetSchema, req);
    const result = await likeMember(context, memberId(req), userId);
    res.json({ success: true, ...result });
  });

  router.post('/matches/pass', requireMember, async (req, res) => {
    const { userId } = parseBody(ProfileTargetSchema, req);
    await passMember(context, memberId(req), userId);
    res.json({ success: true, message: MATCH_MESSAGES.passed });
  });

  router.get('/matches', requireMember, async (req, res) => {
    const page = await listMatches(context, memberId(req), parse(PageQuerySchema, req.query));
    res.json({ success: true, ...page });
  });

  router.get('/matches/likes-you', requireMember, async (req, res) => {
    const answer = await likesYou(context, memberId(req), parse(PageQuerySchema, req.query));
    res.json({ success: true, ...answer });
  });

  router.delete('/matches/:userId', requireMember, async (req, res) => {
    await unmatchMember(context, memberId(req), parse(IdSchema, req.params.userId));
    res.json({ success: true, message: MATCH_MESSAGES.unmatched });
  });

  // Before profiles' /profile/:id, which would take "visitors" for an id.
  router.get('/profile/visitors', requireMember, async (req, res) => {
    const page = await listVisitors(context, memberId(req), parse(PageQuerySchema, req.query));
    res.json({ success: true, ...page });
  });

  return router;
}
