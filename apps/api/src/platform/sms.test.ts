import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import { createLogger } from './logger.js';
import { createSmsSender } from './sms.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'f00dfacecafebabe0123456789abcdef';
const PHONE_NUMBER = '+919876543210';

type LocalRequestOptions<TData> = Parameters<
  InstanceType<typeof twilio.RequestClient>['request']
>[0] & { data?: TData };

/** The real Twilio SDK and HTTP client, sending to a local server instead of api.twilio.com. */
class LocalRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super();
  }
  override request<TData>(opts: LocalRequestOptions<TData>) {
    const uri = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.origin}${uri.pathname}${uri.search}` });
  }
}

interface FakeTwilio {
  origin: string;
  /** Form bodies of the requests received (they hold the SMS text with the code). */
  bodies: string[];
  close(): Promise<void>;
}

/** A loopback server answering every request as Twilio does for bad credentials. */
async function startFakeTwilio(): Promise<FakeTwilio> {
  const bodies: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app whose SMS goes through Twilio at `origin`, with its log lines captured. */
async function appSendingSmsTo(origin: string) {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const sms = createSmsSender({
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
    logger,
    httpClient: new LocalRequestClient(origin),
  });
  t = await createTestApp({ logger, sms });
  const { user, cookie } = await signedInUser(t.context, {
    phoneNumber: null,
    phoneVerifiedAt: null,
  });
  const res = await request(t.app)
    .post('/api/phone/send-code')
    .set('Cookie', cookie)
    .send({ userId: user.id, phoneNumber: PHONE_NUMBER });
  return { res, log: lines.join('') };
}

function expectNoSecrets(log: string) {
  const basicAuth = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');
  for (const secret of [ACCOUNT_SID, AUTH_TOKEN, basicAuth, 'Authorization', 'Basic ']) {
    expect(log).not.toContain(secret);
  }
  for (const personal of [PHONE_NUMBER, '9876543210', 'verification code is']) {
    expect(log).not.toContain(personal);
  }
}

describe('a failed SMS', () => {
  it('logs the provider, HTTP status and Twilio error code, and no credentials, number, code or text', async () => {
    const twilioServer = await startFakeTwilio();
    try {
      const { res, log } = await appSendingSmsTo(twilioServer.origin);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        success: false,
        message: AUTH_MESSAGES.phoneCodeFailed,
        code: 'DELIVERY_FAILED',
      });

      // The request really reached the provider, carrying the code the log must not show.
      const sent = new URLSearchParams(twilioServer.bodies[0]);
      const code = /\b(\d{6})\b/.exec(sent.get('Body') ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(log).not.toContain(code);
      expectNoSecrets(log);

      const line = JSON.parse(log.split('\n').find((l) => l.includes('SMS could not be sent'))!);
      expect(line.err).toMatchObject({ provider: 'twilio', status: 401, code: 20003 });
    } finally {
      await twilioServer.close();
    }
  });

  it('logs a network failure with its error code (ECONNREFUSED), and no credentials or text', async () => {
    const twilioServer = await startFakeTwilio();
    await twilioServer.close(); // nothing listens there any more
    const { res, log } = await appSendingSmsTo(twilioServer.origin);
    expect(res.status).toBe(502);
    expectNoSecrets(log);
    expect(log).not.toMatch(/\b\d{6}\b(?![\d-])/);
    const line = JSON.parse(log.split('\n').find((l) => l.includes('SMS could not be sent'))!);
    expect(line.err).toMatchObject({ provider: 'twilio', code: 'ECONNREFUSED' });
    expect(line.err.status).toBeUndefined();
  });
});

describe('the logger', () => {
  it('keeps error codes readable and redacts verification codes', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND api.twilio.com'), {
      code: 'ENOTFOUND',
      config: { headers: { Authorization: 'Basic c2VjcmV0' }, data: 'Body=123456' },
    });
    logger.error({ err: error, devCode: '654321', body: { code: '123456' } }, 'failed');
    const line = JSON.parse(lines[0]!);
    expect(line.err.code).toBe('ENOTFOUND');
    expect(line.err.config).toBeUndefined();
    expect(line.devCode).toBe('[redacted]');
    expect(line.body.code).toBe('[redacted]');
    expect(lines[0]).not.toContain('c2VjcmV0');
  });
});

describe('SMS dev mode', () => {
  it('sends nothing and logs only the last digits of the number, never the text', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const sms = createSmsSender({ twilio: undefined, logger });
    await sms.send(PHONE_NUMBER, 'Your Kindred code is 482913');
    const log = lines.join('');
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: '…3210' });
    expect(log).not.toContain(PHONE_NUMBER);
    expect(log).not.toContain('482913');
  });
});
