import { and, desc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import session, { type SessionData } from 'express-session';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { systemClock, type Clock } from '../platform/clock.js';

/** A browser-session cookie still needs an end on the server: idle sessions expire after this. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * "Last active" is kept to the minute: a request within a minute of the last recorded activity
 * writes nothing (express-session touches the session on every request; most touches stop here).
 */
export const LAST_ACTIVE_RESOLUTION_MS = 60 * 1000;
/** User-Agent headers are client-supplied: only this much is kept. */
const USER_AGENT_MAX_LENGTH = 512;

declare module 'express-session' {
  interface SessionData {
    /** The browser's User-Agent when the session was started (shown in Sessions & devices). */
    userAgent?: string;
  }
}

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** A session the store has just ended, named by its member and its public id. */
export interface EndedSession {
  userId: string;
  publicId: string;
}

/** Told after sessions are deleted (logout, revoked, password reset, account disabled, expiry). */
export type SessionsEndedListener = (ended: EndedSession[]) => void;

const endedColumns = { userId: sessions.userId, publicId: sessions.publicId };

/** One of a member's sessions, as the account's owner may see it: never the cookie's secret id. */
export interface StoredSession {
  publicId: string;
  current: boolean;
  userAgent: string | null;
  createdAt: Date;
  lastActiveAt: Date;
}

/**
 * express-session store kept in the app's own database, so it works the same on PGlite and on a
 * PostgreSQL server (connect-pg-simple needs a node-postgres pool). Each row also records the
 * member it belongs to, so every session of a member can be ended at once, and what the member
 * sees of it in Settings: a public id, the browser's User-Agent, when it started and when it was
 * last used. This is the only writer of the `sessions` table.
 */
export class DatabaseSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    /** Stamps "started" and "last active" (the app's clock, so tests can move it). */
    private readonly clock: Clock = systemClock,
    /** Hears every session this store ends (open notification streams end with their session). */
    private readonly onSessionsEnded: SessionsEndedListener = () => {},
  ) {
    super();
    this.pruneTimer = setInterval(
      () => void this.pruneExpired().catch(() => {}),
      PRUNE_INTERVAL_MS,
    );
    this.pruneTimer.unref();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .select({ data: sessions.data, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(undefined, null);
        callback(undefined, row.data as SessionData);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    const expiresAt = expiryOf(data);
    const userId = data.auth?.userId ?? null;
    const userAgent = data.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
    const now = this.clock.now();
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt, userId, userAgent, createdAt: now, lastActiveAt: now })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, expiresAt, userId, userAgent, lastActiveAt: now },
      })
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /**
   * Called by express-session on requests that did not change the session. It records activity
   * (and pushes the server-side expiry along with the cookie's) at most once a minute per session,
   * so a member browsing costs no write per request; the expiry may lag the cookie by that minute.
   */
  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const now = this.clock.now();
    this.db
      .update(sessions)
      .set({ expiresAt: expiryOf(data), lastActiveAt: now })
      .where(
        and(
          eq(sessions.sid, sid),
          lte(sessions.lastActiveAt, new Date(now.getTime() - LAST_ACTIVE_RESOLUTION_MS)),
        ),
      )
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .returning(endedColumns)
      .then(
        (ended) => {
          this.announce(ended);
          callback?.();
        },
        (error: unknown) => callback?.(error),
      );
  }

  /** Ends every session of a member, on every device. */
  async destroyAllForUser(userId: string): Promise<void> {
    this.announce(
      await this.db.delete(sessions).where(eq(sessions.userId, userId)).returning(endedColumns),
    );
  }

  /**
   * The member's live signed-in sessions (past the second factor; a sign-in still half-way is not
   * one), most recently active first; `currentSid` marks this request's.
   */
  async listForUser(userId: string, currentSid: string): Promise<StoredSession[]> {
    const rows = await this.db
      .select({
        sid: sessions.sid,
        publicId: sessions.publicId,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`${sessions.expiresAt} > now()`,
          sql`${sessions.data} -> 'auth' ->> 'stage' = 'full'`,
        ),
      )
      .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
    return rows.map(({ sid, ...row }) => ({ ...row, current: sid === currentSid }));
  }

  /**
   * Ends one session of the member, named by its public id. False when the member has no such
   * session (someone else's id matches nothing here, so nothing changes).
   */
  async destroyForUser(userId: string, publicId: string): Promise<boolean> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
      .returning(endedColumns);
    this.announce(ended);
    return ended.length > 0;
  }

  /** Ends every session of the member except `keepSid` (the one asking); how many ended. */
  async destroyOthersForUser(userId: string, keepSid: string): Promise<number> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
      .returning(endedColumns);
    this.announce(ended);
    return ended.length;
  }

  async pruneExpired(): Promise<void> {
    this.announce(
      await this.db
        .delete(sessions)
        .where(lt(sessions.expiresAt, sql`now()`))
        .returning(endedColumns),
    );
  }

  /** The public id of the session a cookie's secret names, while it lasts. */
  async publicIdOf(sid: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), sql`${sessions.expiresAt} > now()`));
    return row?.publicId;
  }

  private announce(ended: { userId: string | null; publicId: string }[]): void {
    const ofMembers = ended.filter((row): row is EndedSession => row.userId !== null);
    if (ofMembers.length > 0) this.onSessionsEnded(ofMembers);
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}

function expiryOf(data: SessionData): Date {
  const expires = data.cookie?.expires;
  if (expires) return new Date(expires);
  return new Date(Date.now() + DEFAULT_TTL_MS);
}
