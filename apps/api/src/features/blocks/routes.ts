import {
  BLOCK_MESSAGES,
  IdSchema,
  MemberTargetSchema,
  MUTE_MESSAGES,
  PageQuerySchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { parse } from '../../http/errors.js';
import {
  blockMember,
  isMuted,
  listBlocked,
  listMuted,
  muteMember,
  unblockMember,
  unmuteMember,
} from './service.js';

/** /api/blocks and /api/mutes — the signed-in member's own blocks and mutes. */
export function blockRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/blocks', requireMember, async (req, res) => {
    const { userId } = parseBody(MemberTargetSchema, req);
    await blockMember(context, memberId(req), userId);
    res.json({ success: true, message: BLOCK_MESSAGES.blocked });
  });

  router.delete('/blocks/:userId', requireMember, async (req, res) => {
    await unblockMember(context, memberId(req), parse(IdSchema, req.params.userId));
    res.json({ success: true, message: BLOCK_MESSAGES.unblocked });
  });

  router.get('/blocks', requireMember, async (req, res) => {
    const page = await listBlocked(context, memberId(req), parse(PageQuerySchema, req.query));
    res.json({ success: true, ...page });
  });

  router.post('/mutes', requireMember, async (req, res) => {
    const { userId } = parseBody(MemberTargetSchema, req);
    await muteMember(context, memberId(req), userId);
    res.json({ success: true, message: MUTE_MESSAGES.muted });
  });

  router.delete('/mutes/:userId', requireMember, async (req, res) => {
    await unmuteMember(context, memberId(req), parse(IdSchema, req.params.userId));
    res.json({ success: true, message: MUTE_MESSAGES.unmuted });
  });

  router.get('/mutes', requireMember, async (req, res) => {
    const page = await listMuted(context, memberId(req), parse(PageQuerySchema, req.query));
    res.json({ success: true, ...page });
  });

  router.get('/mutes/:userId', requireMember, async (req, res) => {
    const muted = await isMuted(context, memberId(req), parse(IdSchema, req.params.userId));
    res.json({ success: true, muted });
  });

  return router;
}
