import { PLAN_MESSAGES, SelectPlanRequestSchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { assertActingAs, requireMember } from '../../http/auth.js';
import { selectPlan } from './service.js';

export function subscriptionRoutes(context: AppContext): Router {
  const router = Router();

  router.post('/subscription/select-plan', requireMember, async (req, res) => {
    const input = parseBody(SelectPlanRequestSchema, req);
    const userId = assertActingAs(req, input.userId);
    const subscription = await selectPlan(context, userId, input.planId);
    res.json({ success: true, message: PLAN_MESSAGES.selected, subscription });
  });

  return router;
}
