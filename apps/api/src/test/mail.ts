import type { MailMessage, Mailer } from '../platform/mailer.js';
import type { SmsSender } from '../platform/sms.js';

/** A mailer that keeps what it is asked to send, for tests to read. */
export interface MailCatcher {
  mailer: Mailer;
  sent: MailMessage[];
  /** Messages to one address, oldest first. */
  to(address: string): MailMessage[];
  /** The 6-digit code in the latest message to the address. */
  latestCode(address: string): string;
}

export function createMailCatcher(): MailCatcher {
  const sent: MailMessage[] = [];
  const to = (address: string) => sent.filter((message) => message.to === address);
  return {
    mailer: {
      mode: 'outbox',
      async send(message) {
        sent.push(message);
      },
      close() {},
    },
    sent,
    to,
    latestCode(address) {
      const message = to(address).at(-1);
      const code = message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
      if (!code) throw new Error(`no code was emailed to ${address}`);
      return code;
    },
  };
}

/** An SMS sender in development mode that keeps the texts it was asked to send. */
export function createSmsCatcher(): { sms: SmsSender; texts: { to: string; body: string }[] } {
  const texts: { to: string; body: string }[] = [];
  return {
    sms: {
      devMode: true,
      async send(to, body) {
        texts.push({ to, body });
      },
    },
    texts,
  };
}
