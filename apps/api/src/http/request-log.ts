import { randomUUID } from 'node:crypto';
import type { Express, RequestHandler, Response } from 'express';
import { loggableUrl, serializeError, type Logger } from '../platform/logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: a sane incoming X-Request-Id, else a new UUID (also sent back). */
    id: string;
    /** A logger whose lines name this request (id, method, URL). */
    log: Logger;
  }
}

/** An incoming X-Request-Id is echoed only when it is a plain token. */
const REQUEST_ID = /^[\w-]{1,64}$/;
const REQUEST_LOGGER = Symbol('requestLogger');

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  originalUrl?: string;
  readableAborted?: boolean;
  [REQUEST_LOGGER]?: Logger;
}

/**
 * One short JSON line per request once it is answered (or abandoned), carrying its id, method,
 * URL (query values redacted by `loggableUrl`), status and response time — headers, cookies
 * included, stay out of the logs — and `req.log` for what a route has to say about the request.
 *
 * `req.log` is made on first use: most requests never log anything of their own, and a pino child
 * per request (its bindings serialized up front) was a measurable part of every request's cost.
 */
export function logRequests(
  app: Express,
  logger: Logger,
  /** Requests too frequent and too uniform to deserve a line each (probes, scrapes). */
  unloggedPaths: ReadonlySet<string>,
): RequestHandler {
  // Our serializers see the raw request, response and error: a database error keeps its code
  // (and loses its parameters) in serializeError.
  const accessLogger = logger.child(
    {},
    {
      serializers: {
        req: (req: LoggedRequest) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.originalUrl ?? req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
  );
  const requestLogger = (req: LoggedRequest): Logger =>
    (req[REQUEST_LOGGER] ??= accessLogger.child({ req }));
  // On the app's own request prototype, so a request that never logs costs nothing.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      return requestLogger(this);
    },
    set(this: LoggedRequest, value: Logger) {
      this[REQUEST_LOGGER] = value;
    },
  });

  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = Date.now();
    // Below the info level no access line is written: nothing is made for one either.
    const logged = !unloggedPaths.has(req.url) && accessLogger.isLevelEnabled('info');
    const onDone = (error?: unknown) => {
      res.off('close', onDone);
      res.off('finish', onDone);
      res.off('error', onDone);
      if (!logged) return;
      accessLine(requestLogger(req), req, res, Date.now() - started, error);
    };
    if (logged) {
      res.on('close', onDone);
      res.on('finish', onDone);
    }
    res.on('error', onDone);
    next();
  };
}

function accessLine(
  log: Logger,
  req: LoggedRequest,
  res: Response,
  responseTime: number,
  error: unknown,
): void {
  if (error !== undefined || res.statusCode >= 500) {
    const err = error ?? new Error(`failed with status code ${res.statusCode}`);
    log.info({ res, err, responseTime }, 'request errored');
    return;
  }
  const message =
    !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
  log.info({ res, responseTime }, message);
}
