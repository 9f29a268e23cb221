import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.js';
import type { Mailer } from './mailer.js';
import type { SmsSender } from './sms.js';

/**
 * Prometheus metrics of one app (one registry per context, so tests may build many apps). Read
 * at GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_class'>;
  httpDuration: Histogram<'method' | 'route'>;
  mails: Counter<'outcome'>;
  sms: Counter<'outcome'>;
  jobRuns: Counter<'job' | 'outcome'>;
  /** Responses under way (the open event streams are counted from these). */
  openResponses: Set<Response>;
}

/** What a route template is labelled when no route matched (404s, static files). */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const openResponses = new Set<Response>();

  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'kindred_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status class (2xx, 4xx, 5xx)',
      labelNames: ['method', 'route', 'status_class'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'kindred_http_request_duration_seconds',
      help: 'Time from request to the end of the response, by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    mails: new Counter({
      name: 'kindred_mails_total',
      help: 'Emails handed to the mail transport, by outcome (sent, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    sms: new Counter({
      name: 'kindred_sms_total',
      help: 'Text messages handed to the SMS provider, by outcome (sent, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'kindred_job_runs_total',
      help: 'Scheduled job runs, by job and outcome (succeeded, failed)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    openResponses,
  };

  new Gauge({
    name: 'kindred_sse_connections',
    help: 'Open Server-Sent Events streams (notification streams) of this process',
    registers: [registry],
    collect() {
      let streams = 0;
      for (const res of openResponses) {
        const type = String(res.getHeader('Content-Type') ?? '');
        if (res.headersSent && type.startsWith('text/event-stream')) streams += 1;
      }
      this.set(streams);
    },
  });

  const pool = database.pool;
  if (pool) {
    // node-postgres: connections open, idle in the pool, and queries waiting for one.
    new Gauge({
      name: 'kindred_db_pool_connections',
      help: 'PostgreSQL pool: total and idle connections, and clients waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return metrics;
}

/**
 * The Express pattern a request matched (`/api/posts/:postId`), never the raw path: labels stay
 * few, and no id or personal data becomes a label.
 */
export function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : UNMATCHED_ROUTE;
}

/** Counts and times every request once it ends (finished, or closed by the client). */
export function measureRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    metrics.openResponses.add(res);
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      metrics.openResponses.delete(res);
      const route = routeTemplate(req);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe({ method: req.method, route }, seconds);
      metrics.httpRequests.inc({
        method: req.method,
        route,
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      });
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

/**
 * GET /metrics: the text format Prometheus scrapes. Off (404) without METRICS_TOKEN; with it,
 * only a request bearing the token is answered (401 otherwise).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return next();
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.type('text/plain').send('Unauthorized');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}

/** The mailer, counting each message as sent or failed. */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    mode: mailer.mode,
    close: () => mailer.close(),
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mails.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.mails.inc({ outcome: 'failed' });
        throw error;
      }
    },
  };
}

/** The SMS sender, counting each text as sent or failed (development mode counts as sent). */
export function countedSms(sms: SmsSender, metrics: Metrics): SmsSender {
  return {
    devMode: sms.devMode,
    async send(to, body) {
      try {
        await sms.send(to, body);
        metrics.sms.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.sms.inc({ outcome: 'failed' });
        throw error;
      }
    },
  };
}
