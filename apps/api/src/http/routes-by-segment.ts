import { Router, type RequestHandler } from 'express';

/**
 * Express walks a router's layers in order for every request, matching each route against the
 * path, and a router with no route for the request hands it on only at the next turn of the event
 * loop (the router package leaves through setImmediate): with some 25 feature routers under /api,
 * a request for the last one paid for every match before it and waited some 24 turns.
 *
 * This sends a request only through the routers that can answer its first path segment
 * (`/discover?…` → the routers with a route under `/discover`), still in their given order, so
 * which route answers a request does not change. A router whose reach cannot be told from its
 * routes — a middleware for every path, a parameter or a pattern as the first segment — is walked
 * for every request, exactly as before; a request whose path is not a plain `/segment…` walks
 * every router.
 */
export function routeByFirstSegment(routers: readonly Router[]): RequestHandler {
  const reaches = routers.map(firstSegmentsOf);
  const segments = new Set(reaches.flatMap((reach) => (reach ? [...reach] : [])));
  const bySegment = new Map<string, readonly Router[]>();
  for (const segment of segments) {
    bySegment.set(
      segment,
      routers.filter((_router, index) => reaches[index]?.has(segment) ?? true),
    );
  }
  const everyPath = routers.filter((_router, index) => reaches[index] === null);
  const handler: RequestHandler = (req, res, next) => {
    const segment = firstSegmentOf(req.url);
    const chosen =
      segment === undefined ? routers : (bySegment.get(segment.toLowerCase()) ?? everyPath);
    // As a router runs the routers mounted in it: each passes the request on to the next when no
    // route of its own answered it, and an error skips the rest.
    let index = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      const router = chosen[index];
      index += 1;
      if (router === undefined) return next();
      router(req, res, step);
    };
    step();
  };
  // Shown as a router holding them all, so what walks an app's routes (the route table's test)
  // still finds every one.
  const all = Router();
  for (const router of routers) all.use(router);
  return Object.assign(handler, { stack: all.stack });
}

/**
 * The first path segment of a URL relative to the mount point (`/posts/1?x` → `posts`); undefined
 * when the URL does not start with `/` (an absolute-form request target).
 */
function firstSegmentOf(url: string): string | undefined {
  if (url.charCodeAt(0) !== SLASH) return undefined;
  let end = 1;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === SLASH || code === QUESTION_MARK) break;
    end += 1;
  }
  return url.slice(1, end);
}

const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/** What of a router's layers this module reads (Express's router keeps the path as `rawPath`). */
interface InspectedLayer {
  rawPath?: unknown;
  slash?: boolean;
  handle?: unknown;
}

/** A first segment made only of literal characters (no parameter, wildcard, group or escape). */
const LITERAL_SEGMENT = /^[\w.~-]+$/;

/**
 * The first path segments (lowercased: routes match regardless of case) that can reach one of the
 * router's layers, or null when any path may.
 */
export function firstSegmentsOf(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack as InspectedLayer[]) {
    if (layer.slash) {
      // Mounted at the root: a nested router's own routes say where it reaches; anything else
      // runs for every path.
      if (!isRouter(layer.handle)) return null;
      const inner = firstSegmentsOf(layer.handle);
      if (!inner) return null;
      for (const segment of inner) segments.add(segment);
      continue;
    }
    const paths: unknown[] = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of paths) {
      if (typeof path !== 'string' || !path.startsWith('/')) return null;
      const segment = path.slice(1).split('/', 1)[0]!;
      if (!LITERAL_SEGMENT.test(segment)) return null;
      segments.add(segment.toLowerCase());
    }
  }
  return segments;
}

function isRouter(handle: unknown): handle is Router {
  return typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack);
}
