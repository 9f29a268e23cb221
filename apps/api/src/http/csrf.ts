import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths called by other servers, never by a browser, and authenticated by a signature over the
 * body rather than by a cookie (payment provider webhooks): a forged request has no cookie to
 * ride on, and such callers send neither Origin nor Sec-Fetch-Site.
 */
const SIGNED_SERVER_TO_SERVER_PATHS = new Set(['/subscription/webhook']);

export const CSRF_MESSAGES = {
  crossSite: 'Cross-site request refused',
  unlabelled:
    'Request refused: it did not say which site sent it (no Origin or Sec-Fetch-Site header). Please use the Kindred app in a current browser.',
} as const;

/**
 * Cookie sessions need a defence against cross-site request forgery. Browsers label every
 * state-changing request with where it came from (`Origin`, and `Sec-Fetch-Site` in current
 * browsers); one that is not from our own origin is refused. Our origin is the configured
 * PUBLIC_URL (plus `allowedOrigins`), never the request's own Host header, which the sender
 * chooses. A request with neither label is refused too: every browser we support sends one, so
 * its absence means a client we cannot place (or a very old browser). SameSite=Lax cookies are the
 * second layer.
 */
export function refuseCrossSiteRequests(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    if (SIGNED_SERVER_TO_SERVER_PATHS.has(req.path)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (fetchSite !== undefined && fetchSite !== 'same-origin') {
      throw new AppError(403, CSRF_MESSAGES.crossSite);
    }
    if (origin !== undefined && !allowed.has(origin)) {
      throw new AppError(403, CSRF_MESSAGES.crossSite);
    }
    if (fetchSite === undefined && origin === undefined) {
      throw new AppError(403, CSRF_MESSAGES.unlabelled);
    }
    next();
  };
}

/**
 * JSON endpoints take JSON only: an HTML form (which a foreign page can submit without CORS) can
 * only send urlencoded, multipart or text bodies. Upload endpoints are listed and take multipart.
 */
export function refuseNonJsonBodies(multipartPaths: readonly (string | RegExp)[]): RequestHandler {
  const isMultipart = (path: string) =>
    multipartPaths.some((pattern) =>
      typeof pattern === 'string' ? pattern === path : pattern.test(path),
    );
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || !hasBody(req.headers)) return next();
    if (req.is('application/json')) return next();
    if (isMultipart(req.path) && req.is('multipart/form-data')) return next();
    const expected = isMultipart(req.path) ? 'multipart/form-data' : 'application/json';
    throw new AppError(415, `Unsupported content type: send ${expected}`);
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}
