import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { uploadPhotos, validProfile } from './features/profiles/test-fixtures.js';
import { LOOSE_RATE_LIMITS, newSignup } from './test/account-entry.js';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser } from './test/factories.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';
import { createLogger } from './platform/logger.js';
import { createMailer } from './platform/mailer.js';
import { createSmsSender } from './platform/sms.js';

/**
 * Issue 19's fault runs for the services around the database: the SMTP server down, stuck or
 * refusing mail, Twilio failing or not answering, the geocoder gone. Each time the member gets a
 * clear answer within a bound (never a 500, never a hang), nothing they saved is lost, and the
 * same step succeeds once the service is back. The bounds here are the services' timeouts, set
 * short for the test (the app's are 10 s for mail and SMS, 5 s for the geocoder).
 */

const SERVICE_TIMEOUT_MS = 400;
/** A refusal or a timeout must reach the member within this. */
const ANSWER_BOUND_MS = SERVICE_TIMEOUT_MS + 1_500;

async function timed<T>(send: () => PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await send();
  return { res, ms: performance.now() - started };
}

describe('SMTP down, stuck or refusing mail', () => {
  /** What the SMTP server says to the next message: accept it, or a 4xx/5xx reply. */
  let reply: 'accept' | 451 | 550 = 'accept';
  const inbox: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  /** Between the app and the SMTP server: cut to refuse connections or to never answer. */
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (reply === 550) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (reply === 451) {
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          inbox.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy({
      host: '127.0.0.1',
      port: (smtp.server.address() as AddressInfo).port,
    });
    const logger = createLogger('silent');
    t = await createTestApp({
      logger,
      rateLimits: LOOSE_RATE_LIMITS,
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${proxy.port}`,
        from: 'Kindred <no-reply@kindred.test>',
        outboxDir: '',
        logger,
        timeoutMs: SERVICE_TIMEOUT_MS,
      }),
    });
  });

  afterAll(async () => {
    await t.close();
    await proxy.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  afterEach(async () => {
    reply = 'accept';
    await proxy.restore();
  });

  const latestCode = (email: string) => {
    const raw = inbox.filter((mail) => mail.to.includes(email)).at(-1)?.raw ?? '';
    return /code is: (\d{6})/.exec(raw)?.[1];
  };

  const faults = [
    ['refuses connections', () => proxy.cut('refuse')],
    ['accepts but never answers', () => proxy.cut('blackhole')],
    ['answers 451 (try again later)', () => void (reply = 451)],
    ['answers 550 (mailbox unavailable)', () => void (reply = 550)],
  ] as const;

  for (const [fault, breakIt] of faults) {
    it(`when it ${fault}: the sign-up is kept, the email code answers 502 with a clear message in time, and asking again once it is back works`, async () => {
      const agent = request.agent(t.app);
      const signup = newSignup();
      await breakIt();
      // Signing up sends no mail: the account is saved whatever the SMTP server does.
      const created = await agent.post('/api/users/signup').send(signup);
      expect(created.status).toBe(201);

      const { res: refused, ms } = await timed(() =>
        agent.post('/api/send-otp').send({ email: signup.email }),
      );
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({
        success: false,
        message: AUTH_MESSAGES.otpEmailFailed,
        code: 'DELIVERY_FAILED',
      });
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);

      // Back up: the failed code was withdrawn, so no resend wait; the new one verifies.
      reply = 'accept';
      await proxy.restore();
      const sent = await agent.post('/api/send-otp').send({ email: signup.email });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const otp = latestCode(signup.email);
      expect(otp).toMatch(/^\d{6}$/);
      const verified = await agent.post('/api/verify-otp').send({ email: signup.email, otp });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    });
  }

  it('a password reset answers at once while the SMTP server is stuck, and asking again once it is back sends the code', async () => {
    const { user } = await signedInUser(t.context);
    await proxy.cut('blackhole');
    const { res: asked, ms } = await timed(() =>
      request(t.app).post('/api/users/password/forgot').send({ email: user.email }),
    );
    // The code is mailed after the answer (the same answer for unknown emails).
    expect(asked.status).toBe(200);
    expect(ms).toBeLessThan(1_000);
    await t.context.background.settled();
    expect(latestCode(user.email)).toBeUndefined();

    await proxy.restore();
    const again = await request(t.app)
      .post('/api/users/password/forgot')
      .send({ email: user.email });
    expect(again.status).toBe(200);
    await t.context.background.settled();
    const code = latestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const reset = await request(t.app)
      .post('/api/users/password/reset')
      .send({ email: user.email, code, password: 'a-new-secret-42' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});

/** The real Twilio SDK, sending to a loopback server instead of api.twilio.com. */
class LocalRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super();
  }
  override request<TData>(
    opts: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData },
  ) {
    const uri = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.origin}${uri.pathname}${uri.search}` });
  }
}

describe('Twilio failing or not answering', () => {
  type Behaviour = 'accept' | 'hang' | { status: number; code: number; message: string };
  let behaviour: Behaviour = 'accept';
  const received: string[] = [];
  let twilioServer: Server;
  let t: TestApp;

  beforeAll(async () => {
    twilioServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (behaviour === 'hang') return;
        res.writeHead(behaviour === 'accept' ? 201 : behaviour.status, {
          'Content-Type': 'application/json',
        });
        if (behaviour === 'accept') {
          received.push(body);
          res.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
        } else {
          res.end(JSON.stringify({ ...behaviour, more_info: 'https://www.twilio.com/docs' }));
        }
      });
    });
    await new Promise<void>((resolve) => twilioServer.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(twilioServer.address() as AddressInfo).port}`;
    const logger = createLogger('silent');
    t = await createTestApp({
      logger,
      rateLimits: LOOSE_RATE_LIMITS,
      sms: createSmsSender({
        twilio: {
          accountSid: 'AC0123456789abcdef0123456789abcdef',
          authToken: 'f00dfacecafebabe0123456789abcdef',
          from: '+15005550006',
        },
        logger,
        httpClient: new LocalRequestClient(origin),
        timeoutMs: SERVICE_TIMEOUT_MS,
      }),
    });
  });

  afterAll(async () => {
    await t.close();
    twilioServer.closeAllConnections();
    await new Promise((resolve) => twilioServer.close(resolve));
  });

  afterEach(() => {
    behaviour = 'accept';
  });

  const faults: [string, Behaviour][] = [
    ['answers 500', { status: 500, code: 20500, message: 'Internal Server Error' }],
    ['answers 503', { status: 503, code: 20503, message: 'Service Unavailable' }],
    ['answers 429 (too many requests)', { status: 429, code: 20429, message: 'Too Many Requests' }],
    ['refuses our credentials (401)', { status: 401, code: 20003, message: 'Authenticate' }],
    [
      'refuses our sender number (400, not the member’s)',
      {
        status: 400,
        code: 21606,
        message: "The 'From' phone number is not a valid SMS-capable number",
      },
    ],
    ['never answers', 'hang'],
  ];

  for (const [fault, failing] of faults) {
    it(`when it ${fault}: 502 with a clear message in time, the process keeps serving, and asking again works`, async () => {
      const { user, cookie } = await signedInUser(t.context, {
        phoneNumber: null,
        phoneVerifiedAt: null,
      });
      const phoneNumber = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      behaviour = failing;
      const { res: refused, ms } = await timed(() =>
        request(t.app)
          .post('/api/phone/send-code')
          .set('Cookie', cookie)
          .send({ userId: user.id, phoneNumber }),
      );
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({
        success: false,
        message: AUTH_MESSAGES.phoneCodeFailed,
        code: 'DELIVERY_FAILED',
      });
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);

      behaviour = 'accept';
      const sent = await request(t.app)
        .post('/api/phone/send-code')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const code = /\b(\d{6})\b/.exec(decodeURIComponent(received.at(-1) ?? ''))?.[1];
      const verified = await request(t.app)
        .post('/api/phone/verify')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber, code });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    });
  }
  const memberNumberRefusals: [string, Behaviour][] = [
    [
      'an invalid number (21211)',
      { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
    ],
    [
      'not a mobile number (21614)',
      { status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
    ],
  ];
  it("when the member's phone had replied STOP (21610): 400 saying how to turn texts back on, not a 502", async () => {
    const { user, cookie } = await signedInUser(t.context, {
      phoneNumber: null,
      phoneVerifiedAt: null,
    });
    behaviour = {
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    };
    const refused = await request(t.app)
      .post('/api/phone/send-code')
      .set('Cookie', cookie)
      .send({
        userId: user.id,
        phoneNumber: `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message: AUTH_MESSAGES.phoneOptedOut,
      code: 'PHONE_OPTED_OUT',
    });
  });
  for (const [refusal, failing] of memberNumberRefusals) {
    it(`when it refuses the member's own number as ${refusal}: 400 saying the number cannot receive texts; another number works`, async () => {
      const { user, cookie } = await signedInUser(t.context, {
        phoneNumber: null,
        phoneVerifiedAt: null,
      });
      const badNumber = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      behaviour = failing;
      const refused = await request(t.app)
        .post('/api/phone/send-code')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: badNumber });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        success: false,
        message: AUTH_MESSAGES.phoneCannotReceiveSms,
        code: 'PHONE_CANNOT_RECEIVE_SMS',
      });

      behaviour = 'accept';
      const goodNumber = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const sent = await request(t.app)
        .post('/api/phone/send-code')
        .set('Cookie', cookie)
        .send({ userId: user.id, phoneNumber: goodNumber });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    });
  }
});

describe('the geocoder down', () => {
  type Behaviour = 'down' | 500 | 'not json';
  let behaviour: Behaviour = 'down';
  let geocoder: Server;
  let t: TestApp;

  beforeAll(async () => {
    geocoder = createServer((_req, res) => {
      if (behaviour === 'down') return res.destroy();
      if (behaviour === 'not json') return res.writeHead(200).end('<html>maintenance</html>');
      res.writeHead(behaviour, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    t = await createTestApp({
      logger: createLogger('silent'),
      env: { GEOCODER_URL: `http://127.0.0.1:${port}` },
    });
  });

  afterAll(async () => {
    await t.close();
    geocoder.closeAllConnections();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  it('locating answers from the offline gazetteer, and the profile saves with its location', async () => {
    const { user, cookie } = await signedInUser(t.context);
    // Near Lyon, then near Lisbon: distinct places, so no cached answer hides a failure.
    const places = [
      { behaviour: 'down', lat: 45.7601, lon: 4.8351, city: 'Lyon' },
      { behaviour: 500, lat: 38.7223, lon: -9.1393, city: 'Lisbon' },
      { behaviour: 'not json', lat: 18.5204, lon: 73.8567, city: 'Pune' },
    ] as const;
    for (const place of places) {
      behaviour = place.behaviour;
      const located = await request(t.app)
        .get('/api/geo/reverse')
        .query({ lat: place.lat, lon: place.lon })
        .set('Cookie', cookie);
      expect(located.status, `${place.behaviour}: ${JSON.stringify(located.body)}`).toBe(200);
      expect(located.body.place.name).toBe(place.city);
    }

    // Saving a profile never waits on the geocoder: the text is kept, coordinates stay private.
    const lyon = places[0];
    const created = await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', cookie)
      .send(
        validProfile({
          firstName: user.firstName,
          photos: await uploadPhotos(t, cookie, 1),
          location: {
            formatted_address: 'Lyon, France',
            city: 'Lyon',
            country: 'France',
            latitude: lyon.lat,
            longitude: lyon.lon,
          },
        }),
      );
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    // A place no list knows, typed with no coordinates: kept as typed.
    const updated = await request(t.app)
      .post(`/api/profile/update/${user.id}`)
      .set('Cookie', cookie)
      .send({ location: 'Tiny Hamlet, Nowhere Valley' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const profile = await request(t.app).get(`/api/profile/${user.id}`).set('Cookie', cookie);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body.profile.location)).toContain('Tiny Hamlet');
  }, 20_000);
});
