import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Config } from '../config.js';
import { memoiseSessionCookieSignatures } from './cookie-signatures.js';
import type { DatabaseSessionStore } from './session-store.js';

/** The session cookie's name outside production (tests and journeys read it). */
export const SESSION_COOKIE_NAME = 'kindred.sid';

/**
 * In production the name carries the `__Host-` prefix: browsers then take the cookie only with
 * Secure, from this host (no Domain), for the whole site — a sibling subdomain cannot plant one.
 */
export function sessionCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

/**
 * What a session knows about who is signing in. `pending` sessions may only take the next step of
 * their own account-entry chain; `full` sessions (after the second factor) act as the member.
 */
export interface SessionAuth {
  userId: string;
  stage: 'pending' | 'full';
  /** A public handle of this session (the spec's `sessionId`): never the cookie secret. */
  handle: string;
  /** The second-factor challenge a pending login is answering. */
  challengeId?: string;
  /** The login asked to be remembered: the full session's cookie then lasts 30 days. */
  rememberMe?: boolean;
}

declare module 'express-session' {
  interface SessionData {
    auth?: SessionAuth;
    /** When a remembered session's cookie was last sent again with a new expiry (ms). */
    cookieRenewedAt?: number;
  }
}

/**
 * A remembered session's cookie is sent again, with REMEMBER_ME_DAYS from then, once it is this
 * old. express-session's `rolling` re-sent (and re-signed) the cookie on every response, a header
 * for a date that moved by seconds; a browser-session cookie has no date to move at all.
 */
export const COOKIE_RENEWAL_MS = 24 * 60 * 60 * 1000;

export function sessionMiddleware(config: Config, store: DatabaseSessionStore): RequestHandler {
  const name = sessionCookieName(config);
  memoiseSessionCookieSignatures();
  const handler = session({
    name,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    // The server-side expiry still moves while the member is active (the store's touch); the
    // browser's cookie is renewed by renewRememberedCookie below.
    rolling: false,
    proxy: config.trustProxy !== false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // `__Host-` cookies must be Secure: production is served over HTTPS only.
      secure: config.isProduction,
      path: '/',
    },
  });
  return (req, res, next) => {
    res.locals.sessionCookieName = name;
    handler(req, res, (error?: unknown) => {
      if (error === undefined) renewRememberedCookie(req);
      next(error);
    });
  };
}

/**
 * The session as stored carries the cookie's expiry as last sent (express-session moves it only
 * in memory, at the end of each request, and saves it when the session changed). A persistent
 * cookie sent a day or more ago is marked changed, so express-session saves the session and sends
 * the cookie again with a full lifetime from now.
 */
function renewRememberedCookie(req: Request): void {
  const cookie = req.session?.cookie;
  if (!cookie?.expires || typeof cookie.originalMaxAge !== 'number') return;
  const sentAt = cookie.expires.getTime() - cookie.originalMaxAge;
  const now = Date.now();
  if (now - sentAt >= COOKIE_RENEWAL_MS) req.session.cookieRenewedAt = now;
}

/**
 * Ends the request's session: its store row is destroyed (so express-session does not write it
 * back at the end of the response) and the browser is told to drop the cookie, with the
 * attributes it was set with. Sign-out and closing one's account both end a session this way.
 */
export async function endSession(req: Request, res: Response): Promise<void> {
  const secure = req.session?.cookie.secure === true;
  if (req.session) {
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((error: unknown) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
      ),
    );
  }
  const name = (res.locals.sessionCookieName as string | undefined) ?? SESSION_COOKIE_NAME;
  res.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
