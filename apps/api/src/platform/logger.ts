import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Fields an error may carry that hold a whole outgoing request or response: HTTP clients (axios,
 * under the Twilio SDK) attach their config with the `Authorization` header and the request body.
 * They are dropped from every logged error; an error's message, type, stack and `code` stay.
 */
const REQUEST_CARRYING_FIELDS = ['config', 'request', 'headers', 'body', 'data', 'auth'] as const;
/** A database error's fields that may quote a row's values ("Key (email)=(…) already exists"). */
const VALUE_CARRYING_FIELDS = ['detail', 'where', 'internalQuery', 'params', 'parameters'] as const;

/**
 * A failed database statement: Drizzle's error carries the SQL with every parameter (a bcrypt hash,
 * an email, profile fields) in its message and stack, and the database's own error may repeat a
 * value in its message or detail ("Key (email)=(…) already exists", "invalid input syntax …: "…"").
 */
interface QueryFailure {
  query: string;
  params: unknown[];
  cause?: unknown;
}

// Duck-typed: the error may come from another copy of Drizzle than the one this module would import.
const isQueryFailure = (error: unknown): error is Error & QueryFailure =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as Partial<QueryFailure>).query === 'string' &&
  Array.isArray((error as Partial<QueryFailure>).params);

/** `insert into "users"`, `select … from "posts"`: what the statement did, never its values. */
export function statementName(query: string): string {
  const verb = /^\s*(with|select|insert into|update|delete from)\b/i
    .exec(query)?.[1]
    ?.toLowerCase();
  const table =
    verb === 'select' || verb === 'with'
      ? /\bfrom\s+("[^"]+"|\w+)/i.exec(query)?.[1]
      : /^\s*(?:insert into|update|delete from)\s+("[^"]+"|\w+)/i.exec(query)?.[1];
  return [verb ?? 'statement', table].filter(Boolean).join(' ');
}

/** Only the statement's name and the database's error code (and constraint/table names). */
function serializeQueryFailure(error: Error & QueryFailure): Record<string, unknown> {
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  const pick = (key: string) => (typeof cause[key] === 'string' ? cause[key] : undefined);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    message: `Failed query: ${statementName(error.query)}`,
    statement: statementName(error.query),
    code: pick('code'),
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
    stack: [`${error.name}: Failed query: ${statementName(error.query)}`, ...frames].join('\n'),
  };
}

export function serializeError(error: unknown): unknown {
  if (isQueryFailure(error)) return serializeQueryFailure(error);
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  for (const field of [...REQUEST_CARRYING_FIELDS, ...VALUE_CARRYING_FIELDS]) {
    delete serialized[field];
  }
  // An SMTP server's reply is a string worth keeping; an HTTP response object is not.
  if (typeof serialized.response === 'object') delete serialized.response;
  return serialized;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'kindred-api' },
      serializers: { err: serializeError },
      redact: {
        // Secrets and personal data that must never reach the logs. Verification codes are named
        // where they live (`devCode`, a request body's `code`); `err.code` (ENOTFOUND, …) stays readable.
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'password',
          'otp',
          'token',
          'devCode',
          'verificationCode',
          '*.password',
          '*.otp',
          '*.token',
          '*.devCode',
          '*.verificationCode',
          'body.code',
          '*.body.code',
          // Personal data and secrets no log call should carry, censored should one ever do.
          'email',
          'phoneNumber',
          'currentPassword',
          'newPassword',
          'recoveryCode',
          'secret',
          '*.email',
          '*.phoneNumber',
          '*.currentPassword',
          '*.newPassword',
          '*.recoveryCode',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Query parameters that carry a place; an access log keeps them to one decimal (about 11 km). */
const COORDINATE_PARAMETERS = new Set(['lat', 'lon', 'lng', 'latitude', 'longitude']);

/**
 * Query parameters whose values the access log keeps as sent: paging and filters, never what a
 * member typed or was sent (a search for a name or an address, a code, a token). Any other
 * parameter's value is logged as `[redacted]`: a new parameter is private until listed here.
 */
export const LOGGED_QUERY_PARAMETERS = new Set(['cursor', 'limit', 'page', 'status', 'action']);

/** A request's URL as the access log keeps it: coordinates rounded, unlisted values redacted. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const entries = [...new URLSearchParams(url.slice(queryStart + 1))];
  const kept = entries.map(([name, value]): [string, string] => {
    if (LOGGED_QUERY_PARAMETERS.has(name)) return [name, value];
    if (!COORDINATE_PARAMETERS.has(name.toLowerCase())) return [name, '[redacted]'];
    const number = Number(value);
    return [name, Number.isFinite(number) ? number.toFixed(1) : '[redacted]'];
  });
  if (kept.every(([, value], index) => entries[index]?.[1] === value)) return url;
  return `${url.slice(0, queryStart)}?${new URLSearchParams(kept).toString()}`;
}
