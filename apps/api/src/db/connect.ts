import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../platform/startup-error.js';
import type { DatabaseHandle } from './client.js';

/** `postgres://kindred:***@db:5432/kindred`: safe to print. */
export function maskDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Failures that end once the server is up (compose starting the app before the database). */
export const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P03', // the database system is starting up
]);

interface FailureInfo {
  code: string | undefined;
  text: string;
}

function describeFailure(error: unknown): FailureInfo {
  // The query builder wraps the driver's error ("Failed query: …"), and the pool's fail-fast
  // DATABASE_UNAVAILABLE (db/availability.ts) the connection failure behind it: the cause says
  // what failed.
  let err = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  while (
    (err.code === undefined || err.code === 'DATABASE_UNAVAILABLE') &&
    err.cause &&
    typeof err.cause === 'object'
  ) {
    err = err.cause as typeof err;
  }
  // Node reports a refused `localhost` (tried on IPv4 and IPv6) as an AggregateError.
  const first = Array.isArray(err.errors) ? (err.errors[0] as typeof err | undefined) : undefined;
  const code = typeof err.code === 'string' ? err.code : (first?.code as string | undefined);
  const message =
    typeof err.message === 'string' && err.message
      ? err.message
      : typeof first?.message === 'string'
        ? first.message
        : '';
  const text =
    code && message && !message.includes(code) ? `${code} (${message})` : message || code;
  return { code, text: text ?? 'unknown error' };
}

export interface ConnectOptions {
  url: string;
  timeoutMs: number;
  logger: { warn: (object: object, message: string) => void };
}

/**
 * Waits for the PostgreSQL server, retrying with backoff for at most `timeoutMs`, so the order in
 * which compose starts the services does not matter. Fails with one line naming DATABASE_URL
 * (without its password) and what went wrong.
 */
export async function waitForDatabase(
  database: DatabaseHandle,
  options: ConnectOptions,
): Promise<void> {
  const where = `DATABASE_URL=${maskDatabaseUrl(options.url)}`;
  const deadline = Date.now() + options.timeoutMs;
  let delayMs = 250;
  for (;;) {
    try {
      await database.ping();
      return;
    } catch (error) {
      const failure = describeFailure(error);
      const transient = failure.code !== undefined && TRANSIENT_CODES.has(failure.code);
      const remainingMs = deadline - Date.now();
      if (!transient || remainingMs <= 0) {
        const gaveUp = transient
          ? `; gave up after ${options.timeoutMs / 1000} s (DATABASE_CONNECT_TIMEOUT_MS)`
          : '';
        throw new StartupError(
          `${transient ? 'cannot reach' : 'cannot connect to'} the database at ${where}: ${failure.text}${gaveUp}`,
        );
      }
      const waitMs = Math.min(delayMs, remainingMs);
      options.logger.warn(
        { code: failure.code },
        `database not reachable yet at ${where} (${failure.code}); retrying in ${waitMs} ms`,
      );
      await sleep(waitMs);
      delayMs = Math.min(delayMs * 2, 5000);
    }
  }
}
