import { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/client.js';
import { checkReadiness } from './readiness.js';

export function healthRoutes(context: AppContext): Router {
  const router = Router();
  const ping = sharedPing(context.database);
  router.get('/health', async (req, res) => {
    try {
      await ping();
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

/**
 * The database ping, shared by the health checks that arrive while one is under way: each gets
 * the answer of a round trip no older than its own would have been, and a burst of checks (many
 * probes, a load balancer per node) costs the database one statement instead of one each. Nothing
 * is remembered once the ping settles: the next check pings afresh.
 */
export function sharedPing(database: Pick<DatabaseHandle, 'ping'>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return () => {
    inFlight ??= database.ping().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
