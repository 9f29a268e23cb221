import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function healthRoutes(context: AppContext): Router {
  const router = Router();
  router.get('/health', async (req, res) => {
    try {
      await context.database.ping();
      res.json({ success: true, database: context.database.engine });
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable');
      res
        .status(503)
        .json({ success: false, message: 'Database unavailable', code: 'UNAVAILABLE' });
    }
  });
  return router;
}
