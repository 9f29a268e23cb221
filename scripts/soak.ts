/**
 * The soak run (issue 19): the API's production build under mixed member traffic for a while,
 * watching what must stay flat — memory, open handles, latency — and that nothing fails.
 *
 *   pnpm soak                              # 10 minutes, 50 connections, embedded PGlite
 *   pnpm soak --minutes 1                  # CI's variant (.ci/run, after the build)
 *   pnpm soak --database-url postgres://postgres@127.0.0.1:5432/postgres
 *                                          # on a fresh database of that server
 *   --connections N   concurrent clients (default 50)
 *   --streams N       notification streams held open, a few replaced each minute (default 20)
 *   --timeout-seconds N   a request unanswered this long counts as failed (default 60)
 *   --write-docs      put the figures into docs/security.md ("Soak" section, between its markers)
 *   --server-log FILE the server's log (one line per request, with its response time) into FILE
 *
 * It builds nothing: `pnpm build` first (apps/api/dist/server.js). Members, their sessions, posts
 * and follows are seeded in-process before the server starts. Each client then loops over a
 * weighted mix: the feed, a post, its comments, like/unlike, a comment, a new post, member search,
 * notifications, and now and then a full sign-in (password + authenticator code) and sign-out.
 * Every minute it prints requests, answers by status, p50/p99 and the server's RSS, heap, active
 * handles and open streams (scraped from /metrics). Each heap sample follows a full collection
 * (the server runs with --expose-gc and scripts/soak-gc.mjs, which collects on SIGUSR2), so it is
 * what is retained; the lowest just after the warm-up (a quarter of the run, at most a minute) is
 * compared with the lowest in the last fifth of the run.
 *
 * It fails (exit 1) on any 5xx or request left unanswered, or when the heap floor grows by more
 * than --max-heap-growth-mib (default 48 MiB). What the app may rightly fill stays below that:
 * the session cache (at most 20,000 entries of about 1 KB), rate-limit and geocoder caches; a leak
 * of 1 KB per request over a 10-minute run of about 100 requests per second exceeds it.
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { loadConfig } from '../apps/api/src/config.js';
import { closeAppContext, createAppContext } from '../apps/api/src/context.js';
import { users } from '../apps/api/src/db/schema.js';
import { buildFollow, buildPost } from '../apps/api/src/features/posts/test-factories.js';
import { deriveKey, sealSecret, TOTP_SECRET_PURPOSE } from '../apps/api/src/platform/secret-box.js';
import { buildUser, sessionCookieFor, TEST_PASSWORD } from '../apps/api/src/test/factories.js';
import { adminQuery, withDatabaseName } from './database-server.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    streams: { type: 'string', default: '20' },
    'max-heap-growth-mib': { type: 'string', default: '48' },
    'database-url': { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
    'timeout-seconds': { type: 'string', default: '60' },
    'server-log': { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const CONNECTIONS = Number(args.connections);
const STREAMS = Number(args.streams);
const MAX_HEAP_GROWTH_MIB = Number(args['max-heap-growth-mib']);
/** Members signing in during the run: each at most once per 30 s authenticator step. */
const SIGN_IN_MEMBERS = 40;
const SAMPLE_EVERY_MS = 5_000;
/** A request without an answer in this long counts as unanswered (a failure). */
const REQUEST_TIMEOUT_MS = Number(args['timeout-seconds']) * 1000;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const root = path.resolve(import.meta.dirname, '..');
const apiRoot = path.join(root, 'apps', 'api');
const log = (message: string) => process.stdout.write(`${message}\n`);

interface Member {
  id: string;
  email: string;
  cookie: string;
  postId: string;
}

interface MinuteStats {
  latencies: number[];
  statuses: Map<string, number>;
}

interface Sample {
  at: number;
  rss: number;
  heap: number;
  handles: number;
  streams: number;
  poolTotal: number | undefined;
}

async function main() {
  const serverDist = path.join(apiRoot, 'dist', 'server.js');
  if (!existsSync(serverDist))
    throw new Error('apps/api/dist/server.js is missing: pnpm build first');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-soak-'));
  const serverUrl = args['database-url'];
  const databaseName = `kindred_soak_${randomBytes(4).toString('hex')}`;
  const databaseUrl = serverUrl ? withDatabaseName(serverUrl, databaseName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN,
    MAIL_TRANSPORT: 'outbox',
    SMTP_URL: '',
    GEOCODER_URL: '',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    BCRYPT_COST: '4',
    LOG_LEVEL: 'warn',
    // Production refuses the development stand-ins; nothing in the run reaches these.
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'soak',
    TWILIO_FROM: '+15005550006',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_soak',
    STRIPE_WEBHOOK_SECRET: 'whsec_soak',
    STRIPE_PRICE_BEGINNER: 'price_soak_beginner',
    STRIPE_PRICE_PROFESSIONAL: 'price_soak_professional',
    // As behind the TLS-terminating proxy of a deployment: secure cookies are set.
    TRUST_PROXY: 'loopback',
    // The run measures the app, not its flood limits.
    RATE_LIMIT_MULTIPLIER: '100000',
  };
  let server: ChildProcess | undefined;
  try {
    log(`seeding ${CONNECTIONS} members with sessions, posts and follows…`);
    const { members, signers } = await seed(env);
    // A full collection on SIGUSR2 (scripts/soak-gc.mjs) before each sample of the heap.
    const gcHook = path.join(root, 'scripts', 'soak-gc.mjs');
    const serverLog = args['server-log'] ? openSync(args['server-log'], 'w') : 'ignore';
    server = spawn(process.execPath, ['--expose-gc', '--import', gcHook, serverDist], {
      cwd: apiRoot,
      env: { ...process.env, ...env, ...(args['server-log'] ? { LOG_LEVEL: 'info' } : {}) },
      stdio: ['ignore', serverLog, 'inherit'],
    });
    await waitForHealth(baseUrl, server);
    const pid = server.pid!;
    log(`server (production build, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}) on ${baseUrl}`);

    // Idle sockets are dropped before the server's 5 s keep-alive timeout would close them: a
    // request sent on a socket the server is closing would fail with ECONNRESET.
    const agent = new http.Agent({
      keepAlive: true,
      timeout: 4_000,
      maxSockets: CONNECTIONS + STREAMS + 8,
    });
    const client = new Client(baseUrl, agent);
    const result = await run(client, members, signers, pid);
    const report = summarize(result, { databaseUrl });
    log('');
    log(report.text);
    if (args['write-docs']) {
      writeSoakSection(report.markdown);
      log('docs/security.md: Soak section written');
    }
    if (report.failures.length > 0) {
      for (const failure of report.failures) log(`FAIL: ${failure}`);
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (serverUrl) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Members with a full session and a post each, following a few others; and members who sign in. */
async function seed(env: Record<string, string>) {
  const config = loadConfig(env, { readEnvFile: false });
  const context = await createAppContext(config);
  try {
    const members: Member[] = [];
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    for (let index = 0; index < CONNECTIONS; index += 1) {
      const user = await buildUser(context, { createdAt: monthAgo, firstName: `Soak${index}` });
      const post = await buildPost(context, user.id);
      // The production session cookie carries the __Host- prefix.
      const cookie = `__Host-${await sessionCookieFor(context, user.id)}`;
      members.push({ id: user.id, email: user.email, cookie, postId: post.id });
    }
    for (const [index, member] of members.entries()) {
      for (let step = 1; step <= 5; step += 1) {
        await buildFollow(context, member.id, members[(index + step * 7) % members.length]!.id);
      }
    }
    const key = deriveKey(config.dataEncryptionKey, TOTP_SECRET_PURPOSE);
    const signers: { id: string; email: string; secret: string }[] = [];
    for (let index = 0; index < SIGN_IN_MEMBERS; index += 1) {
      const secret = authenticator.generateSecret();
      const user = await buildUser(context, { createdAt: monthAgo });
      await context.db
        .update(users)
        .set({ totpSecretEncrypted: sealSecret(key, secret, user.id) })
        .where(eq(users.id, user.id));
      signers.push({ id: user.id, email: user.email, secret });
    }
    return { members, signers };
  } finally {
    await closeAppContext(context);
  }
}

/** fetch-like calls over one keep-alive agent, with the CSRF label a browser would send. */
class Client {
  /** Requests that opened a new connection, and how long each took to be connected. */
  readonly connectMs: number[] = [];
  /** Requests sent on a kept-alive connection. */
  reusedConnections = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly agent: http.Agent,
  ) {}

  request(
    method: string,
    pathname: string,
    options: {
      cookie?: string;
      body?: unknown;
      multipart?: Record<string, string>;
      headers?: Record<string, string>;
      retried?: boolean;
    } = {},
  ): Promise<{ status: number; cookies: string[]; body: string }> {
    let payload: Buffer | undefined;
    const headers: Record<string, string> = {
      Origin: this.baseUrl,
      Accept: 'application/json',
      'X-Forwarded-Proto': 'https',
      ...options.headers,
    };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.body !== undefined) {
      payload = Buffer.from(JSON.stringify(options.body));
      headers['Content-Type'] = 'application/json';
    } else if (options.multipart) {
      const boundary = `soak${randomBytes(8).toString('hex')}`;
      payload = Buffer.from(
        Object.entries(options.multipart)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`,
      );
      headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    }
    if (payload) headers['Content-Length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${pathname}`,
        { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              cookies: (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      // Where a slow request spent its time: waiting for the connection, or for the answer.
      const sentAt = performance.now();
      let connectedAt: number | undefined;
      req.on('socket', (socket) => {
        if (!socket.connecting) {
          connectedAt = performance.now();
          this.reusedConnections += 1;
          return;
        }
        socket.once('connect', () => {
          connectedAt = performance.now();
          this.connectMs.push(connectedAt - sentAt);
        });
      });
      req.on('timeout', () => {
        const connection =
          connectedAt === undefined
            ? 'never connected'
            : `${req.reusedSocket ? 'kept-alive connection' : 'new connection'} ready after ${((connectedAt - sentAt) / 1000).toFixed(1)} s`;
        req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s (${connection})`));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as the request left: sent again on a new one,
        // once, as browsers do (nothing of it reached the application).
        if (req.reusedSocket && error.code === 'ECONNRESET' && !options.retried) {
          resolve(this.request(method, pathname, { ...options, retried: true }));
        } else {
          reject(error);
        }
      });
      req.end(payload);
    });
  }

  /** A notification stream; resolves once the server has answered with its headers. */
  openStream(cookie: string): Promise<{ close(): void; events(): number }> {
    return new Promise((resolve, reject) => {
      let events = 0;
      const req = http.get(
        `${this.baseUrl}/api/notifications/stream`,
        { headers: { Cookie: cookie, Accept: 'text/event-stream' }, agent: false },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`stream answered ${res.statusCode}`));
          }
          res.on('data', (chunk: Buffer) => {
            events += chunk.toString().split('\n\n').length - 1;
          });
          res.on('error', () => {});
          resolve({ close: () => req.destroy(), events: () => events });
        },
      );
      req.on('error', reject);
    });
  }
}

interface RunResult {
  minutes: MinuteStats[];
  samples: Sample[];
  networkErrors: number;
  /** Answers other than 2xx and requests without an answer, by route and status. */
  refusals: Map<string, { count: number; example: string }>;
  signIns: number;
  streamEvents: number;
  durationMs: number;
  /** New connections' time to connect (sorted), and requests on kept-alive connections. */
  connectMs: number[];
  reusedConnections: number;
}

async function run(
  client: Client,
  members: Member[],
  signers: { id: string; email: string; secret: string }[],
  pid: number,
): Promise<RunResult> {
  const durationMs = MINUTES * 60_000;
  const started = performance.now();
  const minutes: MinuteStats[] = Array.from({ length: Math.ceil(MINUTES) }, () => ({
    latencies: [],
    statuses: new Map(),
  }));
  let networkErrors = 0;
  const refusals = new Map<string, { count: number; example: string }>();
  const noteRefusal = (key: string, example: string) => {
    const seen = refusals.get(key);
    if (seen) seen.count += 1;
    else refusals.set(key, { count: 1, example: example.slice(0, 160) });
  };
  let signIns = 0;
  let streamEvents = 0;
  const elapsed = () => performance.now() - started;
  const running = () => elapsed() < durationMs;

  const record = (status: number | 'error', ms: number) => {
    const minute = minutes[Math.min(minutes.length - 1, Math.floor(elapsed() / 60_000))]!;
    minute.latencies.push(ms);
    const key = String(status);
    minute.statuses.set(key, (minute.statuses.get(key) ?? 0) + 1);
    if (status === 'error') networkErrors += 1;
  };
  const timedRequest = async (...call: Parameters<Client['request']>) => {
    const sent = performance.now();
    // The route's shape (ids left out), to say where answers other than 2xx came from.
    const route = `${call[0]} ${call[1].replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*$/, '')}`;
    try {
      const answer = await client.request(...call);
      record(answer.status, performance.now() - sent);
      if (answer.status >= 300) noteRefusal(`${route} → ${answer.status}`, answer.body);
      return answer;
    } catch (error) {
      record('error', performance.now() - sent);
      noteRefusal(`${route} → no answer`, (error as Error).message);
      return undefined;
    }
  };

  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  // The mix, by weight: reads dominate, as they do for people browsing.
  const actions: [number, (member: Member) => Promise<unknown>][] = [
    [30, (m) => timedRequest('GET', '/api/posts', { cookie: m.cookie })],
    [8, (m) => timedRequest('GET', `/api/posts/${pick(members).postId}`, { cookie: m.cookie })],
    [
      10,
      (m) =>
        timedRequest('GET', `/api/posts/${pick(members).postId}/comments`, { cookie: m.cookie }),
    ],
    [
      14,
      (m) =>
        timedRequest('POST', '/api/posts/like', {
          cookie: m.cookie,
          body: { postId: pick(members).postId },
        }),
    ],
    [
      7,
      (m) =>
        timedRequest('POST', `/api/posts/${pick(members).postId}/comments`, {
          cookie: m.cookie,
          body: { content: `Soak comment ${randomBytes(3).toString('hex')}` },
        }),
    ],
    [
      4,
      (m) =>
        timedRequest('POST', '/api/posts/create', {
          cookie: m.cookie,
          multipart: {
            title: `Soak post ${randomBytes(3).toString('hex')}`,
            description: 'Written by the soak run.',
          },
        }),
    ],
    [
      12,
      (m) =>
        timedRequest('GET', `/api/users/search?q=Soak${Math.floor(Math.random() * 50)}`, {
          cookie: m.cookie,
        }),
    ],
    [8, (m) => timedRequest('GET', '/api/notifications', { cookie: m.cookie })],
    [7, (m) => timedRequest('GET', `/api/users/${pick(members).id}`, { cookie: m.cookie })],
  ];
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
  const chooseAction = () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, action] of actions) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return actions[0]![1];
  };

  const workers = members.map(async (member) => {
    while (running()) await chooseAction()(member);
  });

  // One full sign-in and sign-out per second, each member at most once per authenticator step.
  const signInLoop = (async () => {
    for (let turn = 0; running(); turn += 1) {
      const next = performance.now() + 1_000;
      const signer = signers[turn % signers.length]!;
      const login = await timedRequest('POST', '/api/users/login', {
        body: { email: signer.email, password: TEST_PASSWORD },
      });
      if (login?.status === 200) {
        const cookie = login.cookies.join('; ');
        const verified = await timedRequest('POST', '/api/2fa/verify', {
          cookie,
          body: { userId: signer.id, token: authenticator.generate(signer.secret) },
        });
        const full = verified?.cookies.length ? verified.cookies.join('; ') : cookie;
        if (verified?.status === 200) signIns += 1;
        await timedRequest('POST', '/api/users/logout', { cookie: full });
      }
      await sleep(Math.max(0, next - performance.now()));
    }
  })();

  // Streams held open for the whole run; a few are replaced every minute.
  const streams = await Promise.all(
    members.slice(0, STREAMS).map((member) => client.openStream(member.cookie)),
  );
  const streamLoop = (async () => {
    for (let turn = 0; running(); turn += 1) {
      await sleep(Math.min(60_000, Math.max(0, durationMs - elapsed())));
      if (!running()) break;
      for (let replaced = 0; replaced < Math.max(1, Math.floor(STREAMS / 5)); replaced += 1) {
        const slot = (turn * 5 + replaced) % streams.length;
        streamEvents += streams[slot]!.events();
        streams[slot]!.close();
        try {
          streams[slot] = await client.openStream(members[slot]!.cookie);
        } catch {
          networkErrors += 1;
        }
      }
    }
  })();

  const samples: Sample[] = [];
  const sampleLoop = (async () => {
    while (running()) {
      samples.push(await sample(client, pid));
      await sleep(SAMPLE_EVERY_MS);
    }
  })();

  let printed = 0;
  const printLoop = (async () => {
    while (printed < minutes.length) {
      await sleep(Math.max(0, (printed + 1) * 60_000 - elapsed()));
      if (printed + 1 === minutes.length) await Promise.all(workers);
      const last = samples.findLast((s) => Number.isFinite(s.heap));
      log(formatMinute(printed + 1, minutes[printed]!, last));
      printed += 1;
    }
  })();

  await Promise.all([...workers, signInLoop, streamLoop, sampleLoop, printLoop]);
  for (const stream of streams) {
    streamEvents += stream.events();
    stream.close();
  }
  await sleep(1_500);
  samples.push(await sample(client, pid));
  return {
    minutes,
    samples,
    networkErrors,
    refusals,
    signIns,
    streamEvents,
    durationMs,
    connectMs: [...client.connectMs].sort((a, b) => a - b),
    reusedConnections: client.reusedConnections,
  };
}

/** The server's memory and handles, from its /metrics and /proc. */
async function sample(client: Client, pid: number): Promise<Sample> {
  process.kill(pid, 'SIGUSR2');
  await sleep(500);
  const metrics = await client
    .request('GET', '/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    .catch(() => undefined);
  const text = metrics?.body ?? '';
  const value = (name: string, labels = '') => {
    const match = new RegExp(
      `^${name}${labels.replace(/[{}]/g, '\\$&')}\\s+([\\d.e+-]+)$`,
      'm',
    ).exec(text);
    return match ? Number(match[1]) : undefined;
  };
  return {
    at: Date.now(),
    rss: rssOf(pid),
    heap: value('nodejs_heap_size_used_bytes') ?? NaN,
    handles: value('nodejs_active_handles_total') ?? NaN,
    streams: value('kindred_sse_connections') ?? NaN,
    poolTotal: value('kindred_db_pool_connections', '{state="total"}'),
  };
}

/** The first part of a run, left out of the heap comparison: a quarter, at most a minute. */
const warmUpMs = (durationMs: number) => Math.min(60_000, durationMs / 4);

function formatMinute(minute: number, stats: MinuteStats, last: Sample | undefined): string {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const statuses = [...stats.statuses].sort().map(([status, count]) => `${status} × ${count}`);
  return [
    `minute ${minute}: ${sorted.length} requests`,
    `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    statuses.join(', '),
    last ? `RSS ${mib(last.rss)} MiB, heap ${mib(last.heap)} MiB, handles ${last.handles}` : '',
  ]
    .filter(Boolean)
    .join(' | ');
}

function summarize(result: RunResult, setup: { databaseUrl: string | undefined }) {
  const { minutes } = result;
  // A scrape that failed (the server busy past its timeout) has no heap figure: left out.
  const samples = result.samples.filter((s) => Number.isFinite(s.heap));
  if (samples.length === 0) throw new Error('no sample of the server’s metrics succeeded');
  const all = minutes.flatMap((minute) => minute.latencies);
  const statuses = new Map<string, number>();
  for (const minute of minutes) {
    for (const [status, count] of minute.statuses) {
      statuses.set(status, (statuses.get(status) ?? 0) + count);
    }
  }
  const serverErrors = [...statuses]
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  // The heap retained (each sample follows a full collection): its lowest just after the warm-up
  // and in the last fifth of the run. The warm-up (compiled code, caches filling) is not growth.
  const afterWarmUp = samples.filter((s) => s.at >= samples[0]!.at + warmUpMs(result.durationMs));
  const measured = afterWarmUp.length > 1 ? afterWarmUp : samples;
  const fifth = Math.max(1, Math.floor(measured.length / 5));
  const floor = (list: Sample[]) => Math.min(...list.map((s) => s.heap));
  const heapStart = floor(measured.slice(0, fifth));
  const heapEnd = floor(measured.slice(-fifth));
  const heapGrowth = heapEnd - heapStart;
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const failures: string[] = [];
  if (serverErrors > 0) failures.push(`${serverErrors} answers were 5xx`);
  if (result.networkErrors > 0) failures.push(`${result.networkErrors} requests got no answer`);
  if (heapGrowth > MAX_HEAP_GROWTH_MIB * 2 ** 20) {
    failures.push(
      `heap floor grew ${mib(heapGrowth)} MiB (bound ${MAX_HEAP_GROWTH_MIB} MiB, --max-heap-growth-mib)`,
    );
  }

  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} at the end`;
  const statusLine = [...statuses]
    .sort()
    .map(([status, count]) => `${status} × ${count}`)
    .join(', ');
  const rows = minutes.map((minute, index) => {
    const sorted = [...minute.latencies].sort((a, b) => a - b);
    const bad = [...minute.statuses]
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ');
    const at = samples.filter((s) => s.at <= first.at + (index + 1) * 60_000).at(-1) ?? last;
    return `| ${index + 1} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${bad || 'none'} | ${mib(at.rss)} MiB | ${mib(at.heap)} MiB | ${at.handles} |`;
  });
  const figures = [
    `Requests: ${all.length.toLocaleString('en')} in ${MINUTES} min (${Math.round(all.length / (result.durationMs / 1000))}/s) from ${CONNECTIONS} connections, ${result.signIns} full sign-ins, ${STREAMS} notification streams (${result.streamEvents} events received).`,
    `Answers: ${statusLine}; ${serverErrors} × 5xx, ${result.networkErrors} without an answer.`,
    `Connections: ${result.connectMs.length.toLocaleString('en')} opened (connected in p50 ${percentile(result.connectMs, 50).toFixed(0)} ms, p99 ${percentile(result.connectMs, 99).toFixed(0)} ms, at most ${(result.connectMs.at(-1) ?? 0).toFixed(0)} ms); ${result.reusedConnections.toLocaleString('en')} requests on kept-alive connections.`,
    `RSS: ${mib(first.rss)} → ${mib(last.rss)} MiB (${signed(mib(last.rss - first.rss))} MiB). Heap used: ${mib(first.heap)} → ${mib(last.heap)} MiB; floor after the warm-up ${mib(heapStart)} → ${mib(heapEnd)} MiB (${signed(mib(heapGrowth))} MiB, bound ${MAX_HEAP_GROWTH_MIB} MiB).`,
    `Active handles: ${first.handles} → ${last.handles}; open streams at the end ${last.streams}; database pool ${last.poolTotal ?? 'n/a (PGlite)'} connections.`,
  ];
  const table = [
    '| Minute | Requests | p50 | p99 | Not 2xx | RSS | Heap used | Handles |',
    '| ------ | -------- | --- | --- | ------- | --- | --------- | ------- |',
    ...rows,
  ];
  const refusalLines = [...result.refusals].map(
    ([key, { count, example }]) => `  ${key} × ${count} (e.g. ${example})`,
  );
  const text = [
    `machine: ${machine}`,
    `database: ${setup.databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}`,
    ...figures,
    '',
    ...table,
    '',
    ...(refusalLines.length ? ['not 2xx, by route:', ...refusalLines, ''] : []),
    failures.length ? `result: FAILED (${failures.join('; ')})` : 'result: passed',
  ].join('\n');
  const markdown = [
    '## Soak',
    '',
    `\`pnpm soak\` (scripts/soak.ts) runs the production build for ${MINUTES} minutes under ${CONNECTIONS} concurrent members' mixed traffic (the feed, posts, comments, likes, new posts, search, profiles, notifications, a full sign-in and sign-out each second) with ${STREAMS} notification streams held open. It fails on any 5xx, any request left unanswered, or a heap floor growing more than ${MAX_HEAP_GROWTH_MIB} MiB; CI runs \`pnpm soak --minutes 1\`.`,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${setup.databaseUrl ? 'PostgreSQL' : 'the embedded PGlite database'}; ${machine}.`,
    '',
    ...figures.map((line) => `- ${line}`),
    '',
    ...table,
    '',
    `Result: ${failures.length ? `failed (${failures.join('; ')})` : 'passed'}.`,
  ].join('\n');
  return { text, markdown, failures };
}

/** Replaces the Soak section of docs/security.md between its markers, or appends it. */
function writeSoakSection(markdown: string) {
  const file = path.join(root, 'docs', 'security.md');
  const start = '<!-- soak:start (written by pnpm soak --write-docs) -->';
  const end = '<!-- soak:end -->';
  const text = readFileSync(file, 'utf8');
  const block = `${start}\n\n${markdown}\n\n${end}`;
  const from = text.indexOf('<!-- soak:start');
  const to = text.indexOf(end);
  writeFileSync(
    file,
    from !== -1 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`,
  );
  // The repository's format check covers docs/: lay the table out the way prettier does.
  spawnSync('npx', ['prettier', '--write', file], { cwd: root, stdio: 'inherit' });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error('server did not answer /api/health within 120 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const signed = (value: number) => (value >= 0 ? `+${value}` : String(value));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
