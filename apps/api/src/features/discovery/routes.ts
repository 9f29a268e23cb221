import { DISCOVER_MESSAGES, DiscoverQuerySchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parse } from '../../http/errors.js';
import { boostMember, boostStatus, discover } from './service.js';

/** /api/discover and /api/boost — the signed-in member's Discover and their own boost. */
export function discoveryRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/discover', requireMember, async (req, res) => {
    const page = await discover(context, memberId(req), parse(DiscoverQuerySchema, req.query));
    res.json({ success: true, ...page });
  });

  router.get('/boost', requireMember, async (req, res) => {
    res.json({ success: true, ...(await boostStatus(context, memberId(req))) });
  });

  router.post('/boost', requireMember, async (req, res) => {
    const boost = await boostMember(context, memberId(req));
    res.json({ success: true, message: DISCOVER_MESSAGES.boosted, ...boost });
  });

  return router;
}
