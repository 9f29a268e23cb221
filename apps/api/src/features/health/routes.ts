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

/** A database that answered a health check this recently is taken to be up without asking again. */
export const HEALTHY_PING_REUSE_MS = 1_000;

/**
 * The database ping behind health checks. Checks that arrive while one is under way share it, and
 * a successful answer serves the checks of the next second: probes (a load balancer per node,
 * monitors, benchmarks) then cost the database one statement a second, not one each. A failure is
 * never reused: during an outage every check asks the database again, so recovery shows at once.
 */
export function sharedPing(
  database: Pick<DatabaseHandle, 'ping'>,
  now: () => number = () => performance.now(),
): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let answeredAt = -Infinity;
  return () => {
    if (now() - answeredAt < HEALTHY_PING_REUSE_MS) return Promise.resolve();
    inFlight ??= database.ping().then(
      () => {
        inFlight = undefined;
        answeredAt = now();
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };
}
