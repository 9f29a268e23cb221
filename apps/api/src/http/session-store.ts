import { eq, lt, sql } from 'drizzle-orm';
import session, { type SessionData } from 'express-session';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';

/** A browser-session cookie still needs an end on the server: idle sessions expire after this. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

type Callback<T = void> = (error?: unknown, value?: T) => void;

/**
 * express-session store kept in the app's own database, so it works the same on PGlite and on a
 * PostgreSQL server (connect-pg-simple needs a node-postgres pool). Each row also records the
 * member it belongs to, so every session of a member can be ended at once.
 */
export class DatabaseSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(private readonly db: Database) {
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
    this.db
      .insert(sessions)
      .values({ sid, data, expiresAt, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { data, expiresAt, userId } })
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    this.db
      .update(sessions)
      .set({ expiresAt: expiryOf(data) })
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /** Ends every session of a member, on every device. */
  async destroyAllForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async pruneExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
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
