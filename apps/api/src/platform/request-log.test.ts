import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOSE_RATE_LIMITS, signUpFully } from '../test/account-entry.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMailCatcher, type MailCatcher } from '../test/mail.js';
import { logRequests } from '../http/request-log.js';
import { createLogger } from './logger.js';

/**
 * Issue 20: one JSON line per request with its request id (also in the response header), and no
 * personal data in any line: each kind is sent through real requests and looked for in the log.
 */
let t: TestApp;
let mail: MailCatcher;
const lines: string[] = [];
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  mail = createMailCatcher();
  t = await createTestApp({ logger, mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

interface AccessLine {
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}
const accessLines = () =>
  lines
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.req && line.res && line.responseTime !== undefined);

describe('the request log', () => {
  it('writes one JSON line per request carrying the request id it answers in X-Request-Id', async () => {
    const before = accessLines().length;
    const res = await request(t.app).get('/api/plans').set('X-Request-Id', 'trace-4f2a-0001');
    expect(res.headers['x-request-id']).toBe('trace-4f2a-0001');
    const generated = await request(t.app).get('/api/plans');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // An id that is not a plain token (spaces, markup, too long) is replaced, not echoed.
    const odd = await request(t.app).get('/api/plans').set('X-Request-Id', '<b>x</b> y');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const written = accessLines().slice(before);
    expect(written.map((line) => line.req?.id)).toEqual([
      'trace-4f2a-0001',
      generated.headers['x-request-id'],
      odd.headers['x-request-id'],
    ]);
    expect(written[0]).toMatchObject({ req: { method: 'GET', url: '/api/plans' } });
    expect(lines.join('')).not.toContain('<b>x</b>');
  });

  it('keeps out emails, phone numbers, codes, passwords, tokens, cookies, coordinates and message text', async () => {
    const agent = request.agent(t.app);
    const account = await signUpFully(t, agent, mail, {
      password: 'Correct-Horse-7731',
      firstName: 'Wilhelmina',
    });
    const emailCode = mail.latestCode(account.email);
    // The session cookie the agent now sends with every request.
    const login = await request(t.app)
      .post('/api/users/login')
      .send({ email: account.email, password: 'Correct-Horse-7731' });
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0]!;
    const cookieValue = cookie.split('=')[1]!;
    expect(cookieValue.length).toBeGreaterThan(20);

    const phone = '5558675309';
    await agent
      .post('/api/phone/send-code')
      .send({ userId: account.userId, phoneNumber: phone, countryCode: '+1' });
    await agent
      .post('/api/phone/verify')
      .send({ userId: account.userId, phoneNumber: phone, countryCode: '+1', code: '918273' });
    await agent.get('/api/geo/reverse?lat=48.856613&lon=2.352222');
    await agent.get(`/api/users/search?q=${encodeURIComponent(account.email)}`);
    await agent.get(`/api/users/search?q=${phone}&token=tok-77aa-secret&code=918273`);
    const text = 'Meet me behind the old mill at nine, Wilhelmina';
    await agent
      .post('/api/posts/create')
      .field('userId', account.userId)
      .field('content', text)
      .field('visibility', 'public');
    await request(t.app)
      .get('/api/users/me/privacy')
      .set('Cookie', `${cookie}; other=cookie-value-4471`);
    await request(t.app)
      .post('/api/users/login')
      .send({ email: account.email, password: 'Wr0ng-pass-8812' });

    const log = lines.join('');
    const personal = {
      email: account.email,
      'email (encoded)': encodeURIComponent(account.email),
      password: 'Correct-Horse-7731',
      'wrong password': 'Wr0ng-pass-8812',
      'email code': emailCode,
      'authenticator secret': account.secret,
      'phone number': phone,
      'phone code': '918273',
      'query token': 'tok-77aa-secret',
      'session cookie': cookieValue,
      'other cookie': 'cookie-value-4471',
      latitude: '48.856613',
      longitude: '2.352222',
      'message text': 'old mill',
      'first name': 'Wilhelmina',
    };
    for (const [kind, value] of Object.entries(personal)) {
      expect(log.includes(value), `${kind} (${value}) in the log`).toBe(false);
    }
    // The requests themselves were logged, by route and rounded place.
    expect(log).toContain('/api/geo/reverse?lat=48.9&lon=2.4');
    expect(log).toContain('"url":"/api/users/search?q=%5Bredacted%5D"');
  });
});

describe('the logger configuration', () => {
  it('censors personal fields and secrets a log call might carry', () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void written.push(line) });
    logger.info(
      {
        email: 'someone@example.com',
        account: { phoneNumber: '+15558675309', currentPassword: 'pw-1', secret: 'JBSWY3DP' },
      },
      'an over-eager log call',
    );
    const line = written.join('');
    for (const value of ['someone@example.com', '+15558675309', 'pw-1', 'JBSWY3DP']) {
      expect(line).not.toContain(value);
    }
    expect(line).toContain('[redacted]');
  });
});

describe("a route's own log lines", () => {
  it('name the request they are about (id, method, URL without redacted values)', async () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void written.push(line) });
    const app = express();
    app.use(logRequests(app, logger, new Set(['/quiet'])));
    app.get('/noisy', (req, res) => {
      req.log.warn({ detail: 'something odd' }, 'a route has something to say');
      res.json({ ok: true });
    });
    app.get('/quiet', (_req, res) => void res.json({ ok: true }));
    const res = await request(app).get('/noisy?q=secret-4471').set('X-Request-Id', 'trace-77');
    await request(app).get('/quiet');
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(res.headers['x-request-id']).toBe('trace-77');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'a route has something to say',
      detail: 'something odd',
      req: { id: 'trace-77', method: 'GET', url: '/noisy?q=%5Bredacted%5D' },
    });
    expect(lines[1]).toMatchObject({
      msg: 'request completed',
      req: { id: 'trace-77' },
      res: { statusCode: 200 },
    });
    expect(written.join('')).not.toContain('secret-4471');
  });
});

describe('the request log above the info level', () => {
  it('writes no access line and makes no per-request logger for one', async () => {
    const written: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void written.push(line) });
    const perRequest: unknown[] = [];
    const makeChild = logger.child.bind(logger);
    logger.child = ((bindings, options) => {
      const access = makeChild(bindings, options);
      const makeRequestLogger = access.child.bind(access);
      access.child = ((requestBindings, requestOptions) => {
        perRequest.push(requestBindings);
        return makeRequestLogger(requestBindings, requestOptions);
      }) as typeof access.child;
      return access;
    }) as typeof logger.child;
    const app = express();
    app.use(logRequests(app, logger, new Set()));
    app.get('/plans', (_req, res) => void res.json({ success: true }));
    expect((await request(app).get('/plans')).status).toBe(200);
    expect(written).toEqual([]);
    expect(perRequest).toEqual([]);
  });
});
