import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie sessions need a defence against cross-site request forgery. Browsers label every request
 * with where it came from (`Sec-Fetch-Site`, `Origin`); a state-changing request that another site
 * caused is refused. SameSite=Lax cookies are the second layer.
 */
export function refuseCrossSiteRequests(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    if (fetchSite === 'cross-site') throw new AppError(403, 'Cross-site request refused');
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== ownOrigin && !allowed.has(origin)) {
        throw new AppError(403, 'Cross-site request refused');
      }
    } else if (origin === 'null') {
      throw new AppError(403, 'Cross-site request refused');
    }
    next();
  };
}

/**
 * JSON endpoints take JSON only: an HTML form (which a foreign page can submit without CORS) can
 * only send urlencoded, multipart or text bodies. Upload endpoints are listed and take multipart.
 */
export function refuseNonJsonBodies(multipartPaths: readonly string[]): RequestHandler {
  const multipart = new Set(multipartPaths);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || !hasBody(req.headers)) return next();
    if (req.is('application/json')) return next();
    if (multipart.has(req.path) && req.is('multipart/form-data')) return next();
    const expected = multipart.has(req.path) ? 'multipart/form-data' : 'application/json';
    throw new AppError(415, `Unsupported content type: send ${expected}`);
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}
