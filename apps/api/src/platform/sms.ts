import twilio from 'twilio';
import type { Logger } from './logger.js';

export interface SmsSender {
  /** In dev mode nothing is sent: the code is logged and handed back to the caller. */
  readonly devMode: boolean;
  send(to: string, body: string): Promise<void>;
}

export interface SmsOptions {
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  logger: Logger;
}

export function createSmsSender(options: SmsOptions): SmsSender {
  const settings = options.twilio;
  if (!settings) {
    return {
      devMode: true,
      async send(to) {
        options.logger.info({ to }, 'SMS dev mode: message not sent');
      },
    };
  }
  const client = twilio(settings.accountSid, settings.authToken);
  return {
    devMode: false,
    async send(to, body) {
      await client.messages.create({ to, from: settings.from, body });
    },
  };
}
