import { and, desc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import session, { type SessionData } from 'express-session';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { systemClock, type Clock } from '../platform/clock.js';
import {
  CLOSED_EVENT,
  RESYNC_EVENT,
  SESSION_ENDED_EVENT,
  type LiveEvent,
  type LiveEvents,
} from '../platform/live-events.js';

/** A browser-session cookie still needs an end on the server: idle sessions expire after this. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * "Last active" is kept to the minute: a request within a minute of the last recorded activity
 * writes nothing (express-session touches the session on every request; most touches stop here).
 */
export const LAST_ACTIVE_RESOLUTION_MS = 60 * 1000;
/**
 * A signed-in session read from the database is kept in memory this long (real time), so a member's
 * requests do not each read their session row. Ending a session evicts it at once, in this process
 * directly and in every other one through the live-events bus; the TTL only bounds how long a change
 * to a full session's data made by another process goes unseen (full sessions' data does not change
 * in place today: signing in regenerates the session).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** At most this many sessions are cached; the oldest go first. */
const SESSION_CACHE_MAX_ENTRIES = 20_000;
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

interface CachedSession {
  /** The row's data as JSON: parsing it is a cheaper private copy per request than a deep clone. */
  json: string;
  userId: string;
  publicId: string;
  /** Epoch ms: the row's expiry and last recorded activity. */
  expiresAt: number;
  lastActiveAt: number;
  /** performance.now() after which the row is read again. */
  freshUntil: number;
}

/** The live-events subscription that evicts a member's cached sessions when one ends elsewhere. */
interface MemberWatch {
  sids: Set<string>;
  /** Reads started after this sequence number may be cached: the watch was already listening. */
  since: number;
  stop: () => void;
}

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
  /** Full (signed-in) sessions by cookie secret; pending ones are always read from the database. */
  private readonly cache = new Map<string, CachedSession>();
  private readonly sidByPublicId = new Map<string, string>();
  private readonly watches = new Map<string, MemberWatch>();
  private readSequence = 0;

  constructor(
    private readonly db: Database,
    /** Stamps "started" and "last active" (the app's clock, so tests can move it). */
    private readonly clock: Clock = systemClock,
    /** Hears every session this store ends (open notification streams end with their session). */
    private readonly onSessionsEnded: SessionsEndedListener = () => {},
    /**
     * Where other processes announce the sessions they end (SESSION_ENDED_EVENT): without it
     * nothing is cached, as another process's logout could not reach this one.
     */
    private readonly liveEvents?: Pick<LiveEvents, 'subscribe'>,
  ) {
    super();
    this.pruneTimer = setInterval(
      () => void this.pruneExpired().catch(() => {}),
      PRUNE_INTERVAL_MS,
    );
    this.pruneTimer.unref();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    const cached = this.cache.get(sid);
    if (cached && cached.freshUntil > performance.now() && cached.expiresAt > Date.now()) {
      // express-session changes the object it is given: each request gets its own copy.
      return callback(undefined, JSON.parse(cached.json) as SessionData);
    }
    if (cached) this.evict(sid);
    const readNumber = ++this.readSequence;
    this.db
      .select({
        data: sessions.data,
        expiresAt: sessions.expiresAt,
        userId: sessions.userId,
        publicId: sessions.publicId,
        lastActiveAt: sessions.lastActiveAt,
        memberStatus: users.status,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sid))
      .then(({ 0: row }) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return callback(undefined, null);
        const data = row.data as SessionData;
        // A signed-in session serves an active member only. Every status change ends the
        // member's sessions; this holds even if one was missed (a change made outside the app).
        // A half-signed-in session may belong to a disabled member: signing in re-enables.
        if (data.auth?.stage === 'full' && row.memberStatus !== 'active') {
          return callback(undefined, null);
        }
        if (row.userId && data.auth?.stage === 'full') {
          this.remember(sid, readNumber, {
            // The row's data is JSON (a jsonb column): nothing is lost on the way back.
            json: JSON.stringify(data),
            userId: row.userId,
            publicId: row.publicId,
            expiresAt: row.expiresAt.getTime(),
            lastActiveAt: row.lastActiveAt.getTime(),
            freshUntil: performance.now() + SESSION_CACHE_TTL_MS,
          });
        }
        callback(undefined, data);
      }, callback);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    const expiresAt = expiryOf(data);
    const userId = data.auth?.userId ?? null;
    const userAgent = data.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
    const now = this.clock.now();
    this.evict(sid);
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt, userId, userAgent, createdAt: now, lastActiveAt: now })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, expiresAt, userId, userAgent, lastActiveAt: now },
      })
      .then(
        () => {
          // A read that raced this write may have cached the old data.
          this.evict(sid);
          callback?.();
        },
        (error: unknown) => callback?.(error),
      );
  }

  /**
   * Called by express-session on requests that did not change the session. It records activity
   * (and pushes the server-side expiry along with the cookie's) at most once a minute per session,
   * so a member browsing costs no write per request; the expiry may lag the cookie by that minute.
   * A cached session that was active within the minute runs no statement at all.
   */
  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const now = this.clock.now();
    const cached = this.cache.get(sid);
    if (cached && now.getTime() - cached.lastActiveAt < LAST_ACTIVE_RESOLUTION_MS) {
      callback?.();
      return;
    }
    if (cached) cached.lastActiveAt = now.getTime();
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
    // Rows a cascade already removed (a deleted account) are announced by no DELETE here: the
    // member's sessions cached in this process go regardless.
    for (const sid of [...(this.watches.get(userId)?.sids ?? [])]) this.evict(sid);
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
    for (const { publicId } of ended) this.evictByPublicId(publicId);
    const ofMembers = ended.filter((row): row is EndedSession => row.userId !== null);
    if (ofMembers.length > 0) this.onSessionsEnded(ofMembers);
  }

  /**
   * Caches a session read as read number `readNumber`, only when its member's watch was already
   * listening before that read began: an end announced while the read was in flight is then
   * certain to have been heard. A member's first read starts the watch and is not cached.
   */
  private remember(sid: string, readNumber: number, entry: CachedSession): void {
    if (!this.liveEvents) return;
    const watch = this.watches.get(entry.userId);
    if (!watch) {
      if (this.watches.size >= SESSION_CACHE_MAX_ENTRIES) this.stopIdleWatches();
      this.watches.set(entry.userId, {
        sids: new Set(),
        since: this.readSequence,
        stop: this.liveEvents.subscribe(entry.userId, (event) => this.hear(event)),
      });
      return;
    }
    if (watch.since >= readNumber) return;
    if (this.cache.size >= SESSION_CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.evict(oldest.value);
    }
    this.evict(sid);
    this.cache.set(sid, entry);
    this.sidByPublicId.set(entry.publicId, sid);
    watch.sids.add(sid);
  }

  private hear(event: LiveEvent): void {
    if (event.event === SESSION_ENDED_EVENT) {
      const { sessionPublicId } = event.data as { sessionPublicId?: unknown };
      if (typeof sessionPublicId === 'string') this.evictByPublicId(sessionPublicId);
    } else if (event.event === RESYNC_EVENT || event.event === CLOSED_EVENT) {
      // Ends may have been lost (or will no longer be heard): trust nothing cached.
      this.forgetAll();
    }
  }

  private evictByPublicId(publicId: string): void {
    const sid = this.sidByPublicId.get(publicId);
    if (sid !== undefined) this.evict(sid);
  }

  private evict(sid: string): void {
    const entry = this.cache.get(sid);
    if (!entry) return;
    this.cache.delete(sid);
    this.sidByPublicId.delete(entry.publicId);
    const watch = this.watches.get(entry.userId);
    if (!watch) return;
    watch.sids.delete(sid);
    if (watch.sids.size === 0) {
      watch.stop();
      this.watches.delete(entry.userId);
    }
  }

  /** Watches started by a member's first read that no cached session followed. */
  private stopIdleWatches(): void {
    for (const [userId, watch] of this.watches) {
      if (watch.sids.size > 0) continue;
      watch.stop();
      this.watches.delete(userId);
    }
  }

  private forgetAll(): void {
    this.cache.clear();
    this.sidByPublicId.clear();
    for (const watch of this.watches.values()) watch.stop();
    this.watches.clear();
  }

  close(): void {
    clearInterval(this.pruneTimer);
    this.forgetAll();
  }
}

function expiryOf(data: SessionData): Date {
  const expires = data.cookie?.expires;
  if (expires) return new Date(expires);
  return new Date(Date.now() + DEFAULT_TTL_MS);
}
