import { FollowSchema, IdSchema, PageQuerySchema, PRIVACY_MESSAGES } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { assertActingAs, memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import {
  answerFollowRequest,
  connectionCounts,
  isFollowing,
  listConnections,
  listFollowRequests,
  toggleFollow,
} from './service.js';

/** /api/connections — following members. */
export function connectionRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/connections/isFollowing', requireMember, async (req, res) => {
    const input = parseBody(FollowSchema, req);
    const followerId = assertActingAs(req, input.userId);
    const state = await isFollowing(context, followerId, input.followedUserId);
    res.json({ success: true, ...state });
  });

  router.post(
    '/connections/follow',
    requireMember,
    limitPerMember(context.rateLimiters, 'followPerMember'),
    async (req, res) => {
      const input = parseBody(FollowSchema, req);
      const followerId = assertActingAs(req, input.userId);
      const result = await toggleFollow(context, followerId, input.followedUserId);
      res.json({
        success: true,
        isFollowing: result.isFollowing,
        isRequested: result.isRequested,
        message: result.message,
        followersCount: result.followersCount,
      });
    },
  );

  router.get('/connections/getFollowersAndFollowings/:id', requireMember, async (req, res) => {
    const counts = await connectionCounts(context, memberId(req), parse(IdSchema, req.params.id));
    res.json({ success: true, ...counts });
  });

  for (const direction of ['followers', 'following'] as const) {
    router.get(`/connections/${direction}/:id`, requireMember, async (req, res) => {
      const userId = parse(IdSchema, req.params.id);
      const query = parse(PageQuerySchema, req.query);
      const page = await listConnections(context, memberId(req), userId, direction, query);
      res.json({ success: true, ...page });
    });
  }

  // Follow requests made to the signed-in member (they approve their followers).
  router.get('/connections/requests', requireMember, async (req, res) => {
    const query = parse(PageQuerySchema, req.query);
    const page = await listFollowRequests(context, memberId(req), query);
    res.json({ success: true, ...page });
  });

  router.post('/connections/requests/:id/approve', requireMember, async (req, res) => {
    await answerFollowRequest(context, memberId(req), parse(IdSchema, req.params.id), 'approve');
    res.json({ success: true, message: PRIVACY_MESSAGES.requestApproved });
  });

  router.post('/connections/requests/:id/decline', requireMember, async (req, res) => {
    await answerFollowRequest(context, memberId(req), parse(IdSchema, req.params.id), 'decline');
    res.json({ success: true, message: PRIVACY_MESSAGES.requestDeclined });
  });

  return router;
}
