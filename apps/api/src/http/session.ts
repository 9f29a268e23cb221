import session from 'express-session';
import type { Config } from '../config.js';
import type { DatabaseSessionStore } from './session-store.js';

export const SESSION_COOKIE_NAME = 'kindred.sid';

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
  }
}

export function sessionMiddleware(config: Config, store: DatabaseSessionStore) {
  return session({
    name: SESSION_COOKIE_NAME,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    // Extend the server-side expiry while the member is active.
    rolling: true,
    proxy: config.trustProxy !== false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction ? 'auto' : false,
      path: '/',
    },
  });
}
