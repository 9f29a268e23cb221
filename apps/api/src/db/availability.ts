import { DrizzleQueryError } from 'drizzle-orm';
import type pg from 'pg';
import { TRANSIENT_CODES } from './connect.js';

/**
 * What the app does while its PostgreSQL server is gone (a restart, a lost network): statements
 * fail with an error `isDatabaseUnavailable` recognises, and requests answer 503 UNAVAILABLE
 * (http/errors.ts) instead of 500; the pool connects again by itself once the server is back.
 */

/** Thrown instead of waiting for a connection while the server is known to be unreachable. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = 'DATABASE_UNAVAILABLE';

  /** `cause`: the failure that made the server count as unreachable (ECONNREFUSED…). */
  constructor(cause?: unknown) {
    super('the database server is unreachable; not waiting for another connection', { cause });
  }
}

/**
 * Network failures any client may report (object storage, SMTP, Twilio): they mean the database
 * is unavailable only when the database's driver raised them (`markDatabaseError`) or a query
 * (Drizzle's DrizzleQueryError wraps them), not when another service is unreachable.
 */
const NETWORK_CODES = new Set([...TRANSIENT_CODES, 'EPIPE']);

/** Codes only the database or its driver uses. */
const UNAVAILABLE_CODES = new Set([
  'DATABASE_UNAVAILABLE',
  '57P03', // the database system is starting up
  '57P01', // terminating connection due to administrator command (a restart, pg_terminate_backend)
  '57P02', // crash shutdown
]);

/** node-postgres and its pool say these without a code. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

type ErrorChain = { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };

const databaseErrors = new WeakSet<object>();
const isQueryError = (error: object): boolean => error instanceof DrizzleQueryError;

/** Records that the database driver raised this error (a failed connection, a lost socket). */
export function markDatabaseError(error: unknown): void {
  if (error && typeof error === 'object') databaseErrors.add(error);
}

/**
 * A statement failed because the server could not be reached or went away (a restart, a network
 * loss, no connection within the pool's timeout), not because of the statement itself. Drizzle
 * wraps the driver's error (`cause`); Node reports a refused `localhost` as an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let err = error as ErrorChain | undefined;
  let fromDatabase = false;
  for (let depth = 0; err && typeof err === 'object' && depth < 5; depth += 1) {
    fromDatabase ||= isQueryError(err) || databaseErrors.has(err);
    const { code, message } = err;
    // Class 08: connection exceptions.
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    if (typeof code === 'string' && fromDatabase && NETWORK_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      LOST_CONNECTION_MESSAGES.some((lost) => message.startsWith(lost))
    ) {
      return true;
    }
    err = (Array.isArray(err.errors) ? err.errors[0] : err.cause) as ErrorChain | undefined;
  }
  return false;
}

/** While the server is unreachable, a connection is tried in the background this often. */
export const PROBE_INTERVAL_MS = 1_000;

/**
 * Once a new connection to the server has failed, requests for a connection fail at once
 * (DatabaseUnavailableError) instead of each waiting the pool's whole connection timeout — a
 * request with several statements would otherwise hang several times that bound while a network
 * drops packets. Meanwhile a connection is tried in the background every PROBE_INTERVAL_MS; the
 * first that succeeds ends it. A wait for a free client of a busy pool is load, not an outage:
 * it never starts failing fast.
 */
export function failFastWhileUnreachable(pool: pg.Pool): void {
  let unreachable = false;
  let lastFailure: unknown;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;

  const probeLater = () => {
    setTimeout(() => {
      if (pool.ending) return;
      connect().then((client) => {
        client.release();
        unreachable = false;
      }, probeLater);
    }, PROBE_INTERVAL_MS).unref();
  };

  const acquire = async (): Promise<pg.PoolClient> => {
    if (unreachable) throw new DatabaseUnavailableError(lastFailure);
    try {
      return await connect();
    } catch (error) {
      markDatabaseError(error);
      const busy = (error as Error).message === 'timeout exceeded when trying to connect';
      if (!busy && !unreachable && isDatabaseUnavailable(error)) {
        unreachable = true;
        lastFailure = error;
        probeLater();
      }
      throw error;
    }
  };

  // pg-pool's own `query` calls `connect` with a callback; drizzle's transactions use the promise.
  pool.connect = ((
    callback?: (error?: Error, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    if (!callback) return acquire();
    acquire().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }) as typeof pool.connect;
}
