import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { checkReadiness } from './readiness.js';

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
  // Readiness: 503 until the database, its migrations and media storage are all usable.
  router.get('/ready', async (req, res) => {
    const readiness = await checkReadiness(context);
    if (!readiness.success) req.log.warn({ checks: readiness.checks }, 'not ready');
    res.setHeader('Cache-Control', 'no-store');
    res.status(readiness.success ? 200 : 503).json(readiness);
  });
  return router;
}
