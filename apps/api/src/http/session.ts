import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SessionData } from 'express-session';
import type { Config } from '../config.js';
import { createCookieSigner, type CookieSigner } from './cookie-signatures.js';
import type { DatabaseSessionStore } from './session-store.js';

/** The session cookie's name outside production (tests and journeys read it). */
export const SESSION_COOKIE_NAME = 'kindred.sid';

/**
 * A remembered session's cookie is sent again once it is this old, with a new expiry
 * (REMEMBER_ME_DAYS from then). Sending it on every response, as express-session's `rolling` did,
 * cost every request a signature, a serialized cookie and a header for a date that moved by
 * seconds; the session row is written once at each renewal so every process sees the new date.
 */
export const COOKIE_RENEWAL_MS = 24 * 60 * 60 * 1000;

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
  }
}

/**
 * The session as a request sees it (`req.session`), with express-session's shape — the store, its
 * rows and the routes were written for it — but made by our own middleware (below): its data
 * (`auth`, `userAgent`) as own properties, `cookie`, and the methods the routes call.
 */
class RequestSession {
  declare readonly id: string;
  cookie: SessionCookie;
  [key: string]: unknown;

  constructor(run: SessionRun, id: string, cookie: SessionCookie, data?: Record<string, unknown>) {
    Object.defineProperty(this, 'id', { value: id });
    Object.defineProperty(this, RUN, { value: run });
    if (data) {
      for (const key in data) if (!(key in this)) this[key] = data[key];
    }
    this.cookie = cookie;
  }

  /** A new id (and cookie) in place of this session, whose row is deleted (session fixation). */
  regenerate(callback: (error?: unknown) => void): this {
    const run = runOf(this);
    run.store.destroy(this.id, (error) => {
      run.generate();
      callback(error);
    });
    return this;
  }

  save(callback?: (error?: unknown) => void): this {
    const run = runOf(this);
    run.saved = { id: this.id, json: dataJson(this), expires: expiryTime(this.cookie) };
    run.store.set(this.id, this as unknown as SessionData, callback ?? noop);
    return this;
  }

  /** Deletes the session's row; the request then has no session (none is saved at its end). */
  destroy(callback?: (error?: unknown) => void): this {
    const run = runOf(this);
    run.req.session = undefined as unknown as Request['session'];
    run.store.destroy(this.id, callback ?? noop);
    return this;
  }

  reload(callback: (error?: unknown) => void): this {
    const run = runOf(this);
    run.store.get(this.id, (error, data) => {
      if (error) return callback(error);
      if (!data) return callback(new Error('failed to load session'));
      run.inflate(this.id, data);
      callback();
    });
    return this;
  }

  /** The cookie's expiry, moved on as express-session's `touch` did (used by nothing here). */
  touch(): this {
    return this.resetMaxAge();
  }

  resetMaxAge(): this {
    this.cookie.maxAge = this.cookie.originalMaxAge;
    return this;
  }
}

const RUN = Symbol('sessionRun');

function runOf(session: RequestSession): SessionRun {
  return (session as unknown as { [RUN]: SessionRun })[RUN];
}

function noop(): void {}

/**
 * The session cookie's settings, stored with the session as express-session stored them
 * (`originalMaxAge` null and no `expires`: a browser-session cookie).
 */
class SessionCookie {
  originalMaxAge: number | null;
  expires: Date | null;
  secure: boolean;
  httpOnly = true;
  path = '/';
  sameSite = 'lax' as const;

  constructor(secure: boolean, stored?: { originalMaxAge?: unknown; expires?: unknown }) {
    this.secure = secure;
    const expires = stored?.expires;
    this.expires =
      typeof expires === 'string' || expires instanceof Date ? new Date(expires) : null;
    this.originalMaxAge = typeof stored?.originalMaxAge === 'number' ? stored.originalMaxAge : null;
  }

  get maxAge(): number | null {
    return this.expires ? this.expires.getTime() - Date.now() : null;
  }

  /** A lifetime in ms makes a persistent cookie; null a browser-session one. */
  set maxAge(milliseconds: number | null) {
    this.expires = typeof milliseconds === 'number' ? new Date(Date.now() + milliseconds) : null;
    this.originalMaxAge = milliseconds;
  }

  toJSON() {
    return {
      originalMaxAge: this.originalMaxAge,
      expires: this.expires,
      secure: this.secure,
      httpOnly: this.httpOnly,
      path: this.path,
      sameSite: this.sameSite,
    };
  }
}

/** The session's data as it is compared to tell whether it changed (the cookie aside). */
function dataJson(session: RequestSession): string {
  const { cookie: _cookie, ...data } = session;
  return JSON.stringify(data);
}

function expiryTime(cookie: SessionCookie): number | null {
  return cookie.expires ? cookie.expires.getTime() : null;
}

interface SessionSettings {
  name: string;
  store: DatabaseSessionStore;
  signer: CookieSigner;
  secure: boolean;
  /** Whether X-Forwarded-Proto is believed when deciding if a Secure cookie may be sent. */
  proxy: boolean;
}

/** What the middleware knows about one request's session, from its start to its end. */
class SessionRun {
  /** The id the request's cookie carried (verified), whether or not the store knew it. */
  cookieId: string | undefined;
  /** The session as last written (or read): a session equal to it at the end is not written. */
  saved: { id: string; json: string; expires: number | null } | undefined;
  /** A new session as made: left unchanged, it is neither stored nor sent. */
  pristine: { id: string; json: string } | undefined;
  /** The cookie's expiry as the browser last received it (a loaded session's). */
  sentExpires: number | null = null;
  private ended = false;

  constructor(
    readonly settings: SessionSettings,
    readonly req: Request,
    readonly res: Response,
    private readonly next: NextFunction,
  ) {}

  get store(): DatabaseSessionStore {
    return this.settings.store;
  }

  generate(): void {
    const id = randomBytes(24).toString('base64url');
    const session = new RequestSession(this, id, new SessionCookie(this.settings.secure));
    this.install(id, session);
    this.pristine = { id, json: dataJson(session) };
  }

  inflate(id: string, data: SessionData): void {
    const { cookie: stored, ...rest } = data as SessionData & { cookie?: object };
    const cookie = new SessionCookie(this.settings.secure, stored);
    const session = new RequestSession(this, id, cookie, rest);
    this.install(id, session);
    const expires = expiryTime(cookie);
    this.saved = { id, json: dataJson(session), expires };
    this.sentExpires = expires;
    if (expires !== null && cookie.originalMaxAge !== null) {
      // The cookie was sent `originalMaxAge` before it expires.
      const sentAt = expires - cookie.originalMaxAge;
      if (Date.now() - sentAt >= COOKIE_RENEWAL_MS) {
        cookie.maxAge = cookie.originalMaxAge;
      }
    }
  }

  private install(id: string, session: RequestSession): void {
    this.req.sessionID = id;
    this.req.session = session as unknown as Request['session'];
  }

  /** The session, if the request still has one worth keeping (not destroyed, not left empty). */
  private current(): RequestSession | undefined {
    const session = this.req.session as unknown as RequestSession | undefined;
    if (!session) return undefined;
    const pristine = this.pristine;
    if (
      this.saved?.id !== session.id &&
      pristine?.id === session.id &&
      pristine.json === dataJson(session)
    ) {
      return undefined;
    }
    return session;
  }

  /** Sends the cookie when the browser does not have this one yet, or its expiry moved. */
  beforeHeaders(): void {
    const session = this.current();
    if (!session) return;
    const expires = expiryTime(session.cookie);
    if (session.id === this.cookieId && (expires === null || expires === this.sentExpires)) return;
    if (this.settings.secure && !this.isSecure()) return;
    const { name, signer } = this.settings;
    const value = encodeURIComponent(`s:${signer.sign(session.id)}`);
    const line =
      `${name}=${value}; Path=/` +
      (session.cookie.expires ? `; Expires=${session.cookie.expires.toUTCString()}` : '') +
      `; HttpOnly${this.settings.secure ? '; Secure' : ''}; SameSite=Lax`;
    const previous = this.res.getHeader('Set-Cookie');
    this.res.setHeader(
      'Set-Cookie',
      previous === undefined
        ? [line]
        : Array.isArray(previous)
          ? [...previous, line]
          : [String(previous), line],
    );
  }

  /**
   * Before the response ends: a changed (or newly filled, or regenerated) session is written, and
   * the response ends once it is stored, so the browser's next request finds it; an unchanged one
   * is touched (the store records activity at most once a minute).
   */
  end(finish: () => void): void {
    if (this.ended) return;
    this.ended = true;
    const session = this.current();
    if (!session) {
      finish();
      return;
    }
    const json = dataJson(session);
    const expires = expiryTime(session.cookie);
    const saved = this.saved;
    const done = (error?: unknown) => {
      finish();
      // As express-session did: the response goes out, and the error reaches the error handler.
      if (error) setImmediate(() => this.next(error));
    };
    if (saved?.id !== session.id || saved.json !== json || saved.expires !== expires) {
      this.saved = { id: session.id, json, expires };
      this.store.set(session.id, session as unknown as SessionData, done);
    } else if (session.id === this.cookieId) {
      this.store.touch(session.id, session as unknown as SessionData, done);
    } else {
      finish();
    }
  }

  /** As express-session decided it: the socket is TLS, or (behind a proxy) the proxy says so. */
  private isSecure(): boolean {
    if ((this.req.socket as { encrypted?: boolean }).encrypted) return true;
    if (!this.settings.proxy) return false;
    const header = this.req.headers['x-forwarded-proto'];
    if (typeof header !== 'string') return false;
    const comma = header.indexOf(',');
    return (comma === -1 ? header : header.slice(0, comma)).trim().toLowerCase() === 'https';
  }
}

/**
 * Cookie sessions kept in our own database table (`DatabaseSessionStore`), in the cookie and row
 * formats express-session used, so sessions started before it still work. It replaced
 * express-session, whose fixed cost every request paid: three SHA-1 hashes of the session, a
 * cookie parsed, signed and sent again on every response, header hooks. Here a session is
 * compared as JSON once at its end, the cookie is sent only when the browser lacks it or its
 * expiry moves (a remembered session's, at most daily: COOKIE_RENEWAL_MS), and an unchanged
 * session is only touched.
 */
export function sessionMiddleware(config: Config, store: DatabaseSessionStore): RequestHandler {
  const settings: SessionSettings = {
    name: sessionCookieName(config),
    store,
    signer: createCookieSigner(config.sessionSecret),
    // `__Host-` cookies must be Secure: production is served over HTTPS only.
    secure: config.isProduction,
    proxy: config.trustProxy !== false,
  };
  return (req, res, next) => {
    res.locals.sessionCookieName = settings.name;
    if (req.session) return next();
    const run = new SessionRun(settings, req, res, next);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      res.writeHead = writeHead;
      run.beforeHeaders();
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    const end = res.end;
    res.end = function (this: Response, ...args: unknown[]) {
      // Once only: a second end (while the session is being stored) is ignored.
      run.end(() => (end as (...a: unknown[]) => Response).apply(res, args));
      return this;
    } as Response['end'];

    const cookieId = sessionIdOf(req.headers.cookie, settings);
    run.cookieId = cookieId;
    if (cookieId === undefined) {
      run.generate();
      return next();
    }
    store.get(cookieId, (error, data) => {
      if (error) return next(error);
      try {
        if (data) run.inflate(cookieId, data);
        else run.generate();
      } catch (thrown) {
        return next(thrown);
      }
      next();
    });
  };
}

/** The verified session id the Cookie header carries (`s:` + the signed id), if any. */
function sessionIdOf(header: string | undefined, settings: SessionSettings): string | undefined {
  if (!header) return undefined;
  const raw = cookieValue(header, settings.name);
  if (!raw?.startsWith('s:')) return undefined;
  const id = settings.signer.unsign(raw.slice(2));
  return id === false ? undefined : id;
}

/**
 * The first value of cookie `name` in a Cookie header, read as the `cookie` package (express-
 * session's parser) reads it: pairs split at `;`, names and values trimmed of spaces and tabs,
 * one pair of double quotes removed, percent-escapes decoded when they are valid.
 */
export function cookieValue(header: string, name: string): string | undefined {
  const length = header.length;
  let index = 0;
  while (index < length) {
    const equals = header.indexOf('=', index);
    if (equals === -1) return undefined;
    const semicolon = header.indexOf(';', index);
    const end = semicolon === -1 ? length : semicolon;
    if (equals > end) {
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    const keyStart = skipBlanks(header, index, equals);
    const keyEnd = skipBlanksBack(header, equals, keyStart);
    if (header.slice(keyStart, keyEnd) === name) {
      let valueStart = skipBlanks(header, equals + 1, end);
      let valueEnd = skipBlanksBack(header, end, valueStart);
      if (header.charCodeAt(valueStart) === QUOTE && header.charCodeAt(valueEnd - 1) === QUOTE) {
        valueStart += 1;
        valueEnd -= 1;
      }
      const value = header.slice(valueStart, valueEnd);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

const QUOTE = 0x22;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function skipBlanks(text: string, index: number, max: number): number {
  while (index < max && isBlank(text.charCodeAt(index))) index += 1;
  return index;
}

function skipBlanksBack(text: string, index: number, min: number): number {
  while (index > min && isBlank(text.charCodeAt(index - 1))) index -= 1;
  return index;
}

/**
 * Ends the request's session: its store row is destroyed (so nothing is written back at the end
 * of the response) and the browser is told to drop the cookie, with the attributes it was set
 * with. Sign-out and closing one's account both end a session this way.
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
