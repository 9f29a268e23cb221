import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { myEntitlements, plansListing } from './service.js';

export function entitlementRoutes(context: AppContext): Router {
  const router = Router();

  // Public: what the plans offer is no secret, and the cards render before a plan is chosen.
  router.get('/plans', (_req, res) => {
    res.json({ success: true, ...plansListing() });
  });

  router.get('/entitlements', requireMember, async (req, res) => {
    res.json({ success: true, ...(await myEntitlements(context, memberId(req))) });
  });

  return router;
}
