import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Fields an error may carry that hold a whole outgoing request or response: HTTP clients (axios,
 * under the Twilio SDK) attach their config with the `Authorization` header and the request body.
 * They are dropped from every logged error; an error's message, type, stack and `code` stay.
 */
const REQUEST_CARRYING_FIELDS = ['config', 'request', 'headers', 'body', 'data', 'auth'] as const;

export function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  for (const field of REQUEST_CARRYING_FIELDS) delete serialized[field];
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
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
