import { PLAN_MESSAGES, SelectPlanRequestSchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { assertActingAs, requireMember } from '../../http/auth.js';
import { parse } from '../../http/errors.js';
import { selectPlan } from './service.js';

export function subscriptionRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/subscription/select-plan', requireMember, async (req, res) => {
    const input = parse(SelectPlanRequestSchema, req.body);
    const userId = assertActingAs(req, input.userId);
    const subscription = await selectPlan(context, userId, input.planId);
    res.json({ success: true, message: PLAN_MESSAGES.selected, subscription });
  });

  return router;
}
