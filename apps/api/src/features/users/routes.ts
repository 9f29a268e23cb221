import {
  IdSchema,
  PRIVACY_MESSAGES,
  PrivacySettingsSchema,
  USER_MESSAGES,
  UserSearchQuerySchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import { endSession } from '../../http/session.js';
import {
  deleteAccount,
  disableAccount,
  getMember,
  getPrivacySettings,
  getSubscription,
  mentionCandidates,
  searchMembers,
  updatePrivacySettings,
} from './service.js';

export function userRoutes(context: AppContext): Router {
  const router = Router();

  // Before /users/:id, which would otherwise take "search" as an id.
  router.get(
    '/users/search',
    requireMember,
    limitPerMember(context.rateLimiters, 'searchPerMember'),
    async (req, res) => {
      const query = parse(UserSearchQuerySchema, req.query);
      const searcherId = memberId(req);
      if (query.q !== undefined) {
        const users = await mentionCandidates(context, searcherId, query.q);
        res.json({ success: true, users });
        return;
      }
      const { suggestions, totalCount, totalCountCapped } = await searchMembers(
        context,
        searcherId,
        {
          text: query.searchText ?? '',
          page: query.page,
          limit: query.limit,
        },
      );
      res.json({
        success: true,
        suggestions,
        totalCount,
        totalCountCapped,
        page: query.page,
        limit: query.limit,
      });
    },
  );

  // The signed-in member's contact controls; before /users/:id, which would take "me" as an id.
  router.get('/users/me/privacy', requireMember, async (req, res) => {
    const privacy = await getPrivacySettings(context, memberId(req));
    res.json({ success: true, privacy });
  });

  router.put('/users/me/privacy', requireMember, async (req, res) => {
    const input = parseBody(PrivacySettingsSchema, req);
    const privacy = await updatePrivacySettings(context, memberId(req), input);
    res.json({ success: true, message: PRIVACY_MESSAGES.saved, privacy });
  });

  router.get('/users/:id', requireMember, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    const user = await getMember(context, memberId(req), id);
    res.json({ success: true, user });
  });

  router.get('/users/:id/subscription', requireMember, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    const subscription = await getSubscription(context, memberId(req), id);
    res.json({ success: true, subscription });
  });

  router.post('/users/:id/disable', requireMember, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    await disableAccount(context, memberId(req), id);
    await endSession(req, res);
    res.json({ success: true, message: USER_MESSAGES.disabled });
  });

  router.delete('/users/:id', requireMember, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    await deleteAccount(context, memberId(req), id);
    await endSession(req, res);
    res.json({ success: true, message: USER_MESSAGES.deleted });
  });

  return router;
}
