import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'kindred-api' },
    redact: {
      // Secrets and personal data that must never reach the logs.
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.otp',
        '*.token',
        '*.code',
      ],
      censor: '[redacted]',
    },
  });
}
