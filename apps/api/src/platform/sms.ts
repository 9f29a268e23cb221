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
  /** The HTTP client the Twilio SDK uses (tests route it to a local server). */
  httpClient?: InstanceType<typeof twilio.RequestClient>;
  /** A provider that does not answer within this fails the send (the member may ask again). */
  timeoutMs?: number;
}

export const SMS_TIMEOUT_MS = 10_000;

/**
 * A provider failure, reduced to what an operator needs: which provider, the HTTP status and the
 * provider's or the network's error code. It never keeps the provider's error (no `cause`): that one
 * carries the request with the `Authorization` header, and the message text with the phone number
 * and the code.
 */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';

  constructor(
    readonly provider: 'twilio',
    readonly status: number | undefined,
    readonly code: string | number | undefined,
  ) {
    const details = [
      status === undefined ? 'no HTTP response' : `HTTP ${status}`,
      ...(code === undefined ? [] : [`error ${code}`]),
    ];
    super(`${provider} did not accept the SMS (${details.join(', ')})`);
  }
}

/**
 * Twilio's answers that blame the number the member gave, not the provider or our account:
 * 21211 invalid 'To' number, 21217 not a valid phone number, 21614 not a mobile number. Every other
 * failure (outage, our credentials, rate limits, no answer) is ours to fix.
 */
const NUMBER_REFUSED_CODES: ReadonlySet<number> = new Set([21211, 21217, 21614]);

/** Twilio 21610: the recipient replied STOP, and the provider sends it nothing until it replies START. */
const RECIPIENT_OPTED_OUT_CODE = 21610;

/** True when the provider refused the text because the recipient had opted out of our texts. */
export function isRecipientOptedOut(error: unknown): boolean {
  return (
    error instanceof SmsDeliveryError &&
    error.status === 400 &&
    error.code === RECIPIENT_OPTED_OUT_CODE
  );
}

/** True when the provider refused the text because of the recipient's number itself. */
export function isNumberRefused(error: unknown): boolean {
  return (
    error instanceof SmsDeliveryError &&
    error.status === 400 &&
    typeof error.code === 'number' &&
    NUMBER_REFUSED_CODES.has(error.code)
  );
}

export function createSmsSender(options: SmsOptions): SmsSender {
  const settings = options.twilio;
  if (!settings) {
    return {
      devMode: true,
      async send(to) {
        // Enough for a developer to tell two test phones apart; a full number is personal data.
        options.logger.info({ to: `…${to.slice(-4)}` }, 'SMS dev mode: message not sent');
      },
    };
  }
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  const client = twilio(settings.accountSid, settings.authToken, {
    timeout: timeoutMs,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  return {
    devMode: false,
    async send(to, body) {
      let timer: NodeJS.Timeout | undefined;
      // Whatever HTTP client carries it, the member's request is not held longer than the bound.
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
          timeoutMs,
        );
      });
      try {
        await Promise.race([client.messages.create({ to, from: settings.from, body }), timedOut]);
      } catch (error) {
        throw toDeliveryError(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

interface ProviderErrorFields {
  /** Twilio's RestException: the HTTP status. */
  status?: unknown;
  /** Twilio's numeric error code, or a network error code (ENOTFOUND, ECONNREFUSED, …). */
  code?: unknown;
  /** axios: the response, when one arrived. */
  response?: { status?: unknown };
}

function toDeliveryError(error: unknown): SmsDeliveryError {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ProviderErrorFields;
  const status = [fields.status, fields.response?.status].find(
    (value): value is number => typeof value === 'number' && Number.isInteger(value),
  );
  const code =
    typeof fields.code === 'number' ||
    (typeof fields.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(fields.code))
      ? fields.code
      : undefined;
  return new SmsDeliveryError('twilio', status, code);
}
