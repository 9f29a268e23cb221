import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** `smtp` sends for real; `outbox` writes .eml files under DATA_DIR/outbox (development). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /**
   * Bound on each stage of talking to the SMTP server (connecting, its greeting, any silence
   * after), so a slow or stuck server fails a request in seconds rather than nodemailer's minutes.
   */
  timeoutMs?: number;
}

/** Mails a member waits for (codes) fail after this long on a stuck server; they may ask again. */
export const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  // No SMTP server configured: render the real message and keep it in the outbox folder.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to dev outbox',
      );
    },
    close: () => transport.close(),
  };
}
