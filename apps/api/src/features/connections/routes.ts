import { CONNECTION_MESSAGES, FollowSchema, IdSchema, PageQuerySchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { assertActingAs, memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import { connectionCounts, isFollowing, listConnections, toggleFollow } from './service.js';

/** /api/connections — following members. */
export function connectionRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/connections/isFollowing', requireMember, async (req, res) => {
    const input = parseBody(FollowSchema, req);
    const followerId = assertActingAs(req, input.userId);
    const isConnection = await isFollowing(context, followerId, input.followedUserId);
    res.json({ success: true, isConnection });
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
        message: result.isFollowing ? CONNECTION_MESSAGES.followed : CONNECTION_MESSAGES.unfollowed,
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

  return router;
}
