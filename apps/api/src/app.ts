import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import express, { Router, type Express, type Request, type Response } from 'express';
import { findProjectRoot } from './config.js';
import type { AppContext } from './context.js';
import { apiDocsRoutes } from './features/api-docs/index.js';
import { accountCredentialRoutes, authRoutes } from './features/auth/index.js';
import { billingRoutes, billingWebhookRoutes } from './features/billing/index.js';
import { blockRoutes } from './features/blocks/index.js';
import { commentRoutes } from './features/comments/index.js';
import { connectionRoutes } from './features/connections/index.js';
import { discoveryRoutes } from './features/discovery/index.js';
import { entitlementRoutes } from './features/entitlements/index.js';
import { geoRoutes } from './features/geo/index.js';
import { healthRoutes } from './features/health/index.js';
import { imageSafetyRoutes } from './features/image-safety/index.js';
import { mediaRoutes } from './features/media-access/index.js';
import { matchRoutes } from './features/matches/index.js';
import { messageRoutes } from './features/messages/index.js';
import { moderationRoutes } from './features/moderation/index.js';
import { photoVerificationRoutes } from './features/photo-verification/index.js';
import { notificationRoutes, notificationStreamRoutes } from './features/notifications/index.js';
import { postRoutes } from './features/posts/index.js';
import { profileRoutes } from './features/profiles/index.js';
import { subscriptionRoutes } from './features/subscriptions/index.js';
import { memberSessionRoutes, userRoutes } from './features/users/index.js';
import { refuseCrossSiteRequests, refuseNonJsonBodies } from './http/csrf.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { compressBufferedBodies } from './http/compressed-bodies.js';
import { staticWithPrecompressedTwins } from './http/precompressed-files.js';
import { logRequests } from './http/request-log.js';
import { routeByFirstSegment } from './http/routes-by-segment.js';
import { securityHeaders } from './http/security-headers.js';
import { sessionMiddleware } from './http/session.js';
import { measureRequests, metricsEndpoint } from './platform/metrics.js';

/** Requests too frequent and too uniform to deserve a log line each. */
const UNLOGGED_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

/** API paths (relative to /api) whose requests are multipart uploads rather than JSON. */
export const MULTIPART_PATHS = [
  '/profile/upload-photo',
  '/posts/create',
  '/verification/photo',
  // A message with an image (a text message is JSON).
  /^\/conversations\/[^/]+\/messages$/,
] as const;

const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Builds the Express app without listening, so tests can drive it with supertest. */
export function createApp(context: AppContext): Express {
  const { config, logger } = context;
  const app = express();
  app.disable('x-powered-by');
  // res.send's ETag hashes every body it sends, which cost as much as serializing it: the API's
  // answers are a member's own and are computed in full even for a 304, so they carry none. Files
  // keep theirs (express.static and sendFile make it from the file's size and time, not its bytes).
  app.set('etag', noETagForSentBodies);
  app.set('trust proxy', config.trustProxy);
  app.use(measureRequests(context.metrics));

  app.use(logRequests(app, logger, UNLOGGED_PATHS));
  app.use(securityHeaders(config.publicUrl.startsWith('https://')));
  app.use(compression({ filter: shouldCompress, brotli: BROTLI_OPTIONS }));
  app.use(compressBufferedBodies(BROTLI_QUALITY));
  // For Prometheus, not members: outside /api, and only with METRICS_TOKEN (README: Watching it).
  app.get('/metrics', metricsEndpoint(context.metrics, config.metricsToken));
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(ROBOTS_TXT);
  });

  const api = Router();
  // Stripe's server calls it with a signed raw body: before CSRF, the JSON parser and the session.
  api.use(billingWebhookRoutes(context));
  const allowedOrigins = config.isProduction
    ? [config.publicUrl]
    : [config.publicUrl, VITE_DEV_ORIGIN];
  api.use(refuseCrossSiteRequests(allowedOrigins));
  api.use(refuseNonJsonBodies(MULTIPART_PATHS));
  api.use(express.json({ limit: '100kb' }));
  api.use(sessionMiddleware(config, context.sessionStore));

  api.use(routeByFirstSegment(featureRoutes(context)));
  api.use(apiNotFound);
  api.use(errorHandler);
  app.use('/api', api);

  serveWebApp(app, config.webDistDir ?? path.join(findProjectRoot(), 'apps', 'web', 'dist'));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler);
  return app;
}

/** The features' routers under /api, in the order a request tries them. */
export function featureRoutes(context: AppContext): Router[] {
  return [
    healthRoutes(context),
    apiDocsRoutes(context),
    mediaRoutes(context),
    authRoutes(context),
    // Before profileRoutes: /profile/visitors must not reach /profile/:id.
    matchRoutes(context),
    profileRoutes(context),
    accountCredentialRoutes(context),
    memberSessionRoutes(context),
    // Before userRoutes: /users/me/notification-settings must not reach /users/:id.
    notificationRoutes(context),
    notificationStreamRoutes(context),
    imageSafetyRoutes(context),
    userRoutes(context),
    subscriptionRoutes(context),
    billingRoutes(context),
    entitlementRoutes(context),
    geoRoutes(context),
    postRoutes(context),
    commentRoutes(context),
    connectionRoutes(context),
    moderationRoutes(context),
    photoVerificationRoutes(context),
    blockRoutes(context),
    messageRoutes(context),
    discoveryRoutes(context),
  ];
}

/**
 * Members' pages are private and reachable only after signing in: crawlers may index the sign-in
 * and sign-up pages, nothing else.
 */
const ROBOTS_TXT = `# Kindred: members' pages are private.
User-agent: *
Allow: /$
Allow: /signup$
Disallow: /
`;

/**
 * gzip or brotli, as the client accepts, for compressible types (JSON, HTML, JS, CSS, SVG). Range
 * requests (video streaming) are answered byte for byte, and an event stream is never buffered.
 * An answer already encoded (the web build's precompressed twins) is sent as it is.
 */
function shouldCompress(req: Request, res: Response): boolean {
  if (req.headers.range) return false;
  if (res.getHeader('Content-Encoding')) return false;
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/**
 * Brotli at quality 2 rather than the middleware's 4. Every answer is compressed anew, on the
 * request's own CPU: quality 2 spends half as much on a feed page (46 instead of 102 µs for
 * 12.5 KB) and a third less on a 200-comment page (276 instead of 415 µs for 85 KB), for output
 * 6 % larger on the feed page and no larger on the comments. gzip (clients without brotli) keeps
 * its default level. Answers the app has whole (every API answer) are compressed in one call
 * instead (http/compressed-bodies.ts); the middleware's stream is left with index.html and
 * answers too large for one call.
 */
const BROTLI_QUALITY = 2;
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/** Express's `etag` setting as a function: enabled (for sendFile), but no tag for any sent body. */
function noETagForSentBodies(): undefined {
  return undefined;
}

/** Last path segments that name a file (`favicon.ico`, `index-abc123.js`), not a client route. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (client-side routes).
 * A path that names a file (`/favicon.ico`, `/assets/gone.js`) and is not there is a 404, not the app.
 * The build's `.br`/`.gz` twins of its scripts and styles are sent in their place to browsers that
 * accept them (http/precompressed-files.ts); index.html and files without one are compressed here.
 */
function serveWebApp(app: Express, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  // Source maps would publish the app's source: the build makes none, and none is ever served.
  app.use((req, res, next) => {
    if (req.path.endsWith('.map')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    next();
  });
  app.use(
    staticWithPrecompressedTwins(distDir, {
      index: false,
      setHeaders(res, file) {
        // Vite fingerprints everything under assets/, so it can be cached for good. Anything else
        // (index.html asked for by name, the favicon) keeps its name across releases: the browser
        // revalidates it (ETag / Last-Modified) before each use, so a deploy is seen at once.
        const fingerprinted = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  app.get('/{*path}', (req, res, next) => {
    if (!req.accepts('html') || FILE_NAME.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
}
