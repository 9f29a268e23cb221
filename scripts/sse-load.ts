/**
 * The notification stream's cost (issue 13): starts the API's production build on a fresh
 * database, holds many concurrent Server-Sent Events connections (one per signed-in member),
 * and reports the server's memory per connection (RSS growth / connections) and the delivery
 * latency of a burst of notifications (a like sent → the author's stream receives the item).
 * It prints figures; it is not a test.
 *
 *   pnpm bench:sse                      # 2,000 connections, a burst of 1,000 notifications
 *   pnpm bench:sse --short              # 200 connections, 100 notifications (CI-sized)
 *   pnpm bench:sse --database-url postgres://postgres@127.0.0.1:5432/postgres
 *                                       # on a fresh database of that server (LISTEN/NOTIFY)
 *   --connections N --notifications N --concurrency N   override the sizes
 *
 * Without --database-url the server runs on the embedded PGlite database in a temporary DATA_DIR
 * (one process: live events stay in-process). Builds apps/api first when dist/ is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.js';
import { closeAppContext, createAppContext } from '../apps/api/src/context.js';
import { buildUser, sessionCookieFor } from '../apps/api/src/test/factories.js';
import { buildPost } from '../apps/api/src/features/posts/test-factories.js';
import { adminQuery, withDatabaseName } from './database-server.js';

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    connections: { type: 'string' },
    notifications: { type: 'string' },
    concurrency: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections ?? (args.short ? 200 : 2000));
const NOTIFICATIONS = Math.min(
  Number(args.notifications ?? (args.short ? 100 : 1000)),
  CONNECTIONS,
);
const CONCURRENCY = Number(args.concurrency);
const PUBLIC_URL = 'http://localhost:3000';
const apiRoot = path.resolve(import.meta.dirname, '../apps/api');

const log = (message: string) => process.stdout.write(`${message}\n`);

async function main() {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-sse-load-'));
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const serverUrl = args['database-url'];
  const databaseName = `kindred_sseload_${randomBytes(4).toString('hex')}`;
  const databaseUrl = serverUrl ? withDatabaseName(serverUrl, databaseName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    MAIL_TRANSPORT: 'outbox',
    SMTP_URL: '',
    GEOCODER_URL: 'http://127.0.0.1:9/',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    BCRYPT_COST: '4',
    LOG_LEVEL: 'warn',
    ...secrets,
  };
  let server: ChildProcess | undefined;
  try {
    log(`seeding ${CONNECTIONS} members, their sessions and a post each…`);
    const members = await seed(env);

    server = spawn(process.execPath, ['dist/server.js'], {
      cwd: apiRoot,
      env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const baseUrl = await listeningUrl(server);
    const pid = server.pid!;
    log(`server (production build, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}) on ${baseUrl}`);

    // Warm up code paths (a few streams and likes) before the baseline measurement.
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const warm = await Promise.all(
      members.slice(0, 5).map((member) => openStream(baseUrl, member.cookie, agent)),
    );
    for (const stream of warm) stream.close();
    await sleep(1500);
    const baseline = rssOf(pid);

    log(`opening ${CONNECTIONS} streams (${CONCURRENCY} at a time)…`);
    const started = performance.now();
    const streams = await mapLimit(members, CONCURRENCY, (member) =>
      openStream(baseUrl, member.cookie, agent),
    );
    const openSeconds = (performance.now() - started) / 1000;
    await sleep(2000);
    const held = rssOf(pid);
    const perConnection = (held - baseline) / CONNECTIONS;

    log(`burst: ${NOTIFICATIONS} likes, each on another member's post (${CONCURRENCY} in flight)…`);
    const latencies: number[] = [];
    const deliveries: number[] = [];
    const burstStarted = performance.now();
    await mapLimit(
      Array.from({ length: NOTIFICATIONS }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        // Member i likes the post of member i+1: each like is one notification to one stream.
        const liker = members[index]!;
        const author = members[(index + 1) % CONNECTIONS]!;
        const stream = streams[(index + 1) % CONNECTIONS]!;
        const sent = performance.now();
        const arrived = stream.next('notification', 60_000);
        await like(baseUrl, liker.cookie, author.postId, agent);
        const event = await arrived;
        latencies.push(performance.now() - sent);
        // From the notification's making (its createdAt, this machine's clock) to its arrival.
        const item = JSON.parse(event.data ?? '{}') as { createdAt?: string };
        deliveries.push(event.receivedAt - Date.parse(item.createdAt ?? ''));
      },
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const stillOpen = streams.filter((stream) => !stream.isEnded()).length;
    for (const stream of streams) stream.close();

    latencies.sort((x, y) => x - y);
    deliveries.sort((x, y) => x - y);
    const cpus = os.cpus();
    log('');
    log(
      `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    );
    log(`database: ${databaseUrl ? 'PostgreSQL (LISTEN/NOTIFY bus)' : 'PGlite (in-process bus)'}`);
    log(
      `connections held: ${CONNECTIONS} (opened in ${openSeconds.toFixed(1)} s; ${stillOpen} still open after the burst)`,
    );
    log(`server RSS: ${mib(baseline)} MiB before, ${mib(held)} MiB with the streams open`);
    log(
      `memory per connection: ${(perConnection / 1024).toFixed(1)} KiB (RSS delta / connections)`,
    );
    log(
      `burst of ${NOTIFICATIONS} notifications in ${burstSeconds.toFixed(1)} s (${(NOTIFICATIONS / burstSeconds).toFixed(0)}/s)`,
    );
    log(
      `  delivery (notification made → event received): p50 ${percentile(deliveries, 50).toFixed(0)} ms, p99 ${percentile(deliveries, 99).toFixed(0)} ms, max ${deliveries.at(-1)!.toFixed(0)} ms`,
    );
    log(
      `  end to end (like sent → event received, queueing behind the burst included): p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );
    if (stillOpen !== CONNECTIONS)
      throw new Error(`${CONNECTIONS - stillOpen} streams ended early`);
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

function ensureBuilt() {
  if (existsSync(path.join(apiRoot, 'dist', 'server.js'))) return;
  log('building apps/api (production bundle)…');
  const built = spawnSync('npx', ['--yes', 'pnpm@10.34.8', 'run', 'build'], {
    cwd: apiRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('apps/api build failed');
}

interface SeededMember {
  cookie: string;
  postId: string;
}

/** Members, each with a full session and a post, written before the server starts. */
async function seed(env: Record<string, string>): Promise<SeededMember[]> {
  const config = loadConfig(env, { readEnvFile: false });
  const context = await createAppContext(config);
  try {
    const members: SeededMember[] = [];
    for (let index = 0; index < CONNECTIONS; index += 1) {
      const user = await buildUser(context, {
        createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
      });
      const post = await buildPost(context, user.id);
      members.push({ cookie: await sessionCookieFor(context, user.id), postId: post.id });
    }
    return members;
  } finally {
    await closeAppContext(context);
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

interface ReceivedEvent {
  /** Epoch milliseconds. */
  receivedAt: number;
  data: string | undefined;
}

interface Stream {
  /** Resolves when the next event of that name arrives (after this call). */
  next(event: string, timeoutMs: number): Promise<ReceivedEvent>;
  isEnded(): boolean;
  close(): void;
}

/** One SSE connection; resolves once its first event (the unread count) has arrived. */
function openStream(baseUrl: string, cookie: string, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiting = new Map<string, ((receivedAt: number, data: string | undefined) => void)[]>();
    let ended = false;
    let ready = false;
    const req = http.get(
      `${baseUrl}/api/notifications/stream`,
      { agent, headers: { Cookie: cookie, Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            if (!name) continue;
            const receivedAt = Date.now();
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (!ready) {
              ready = true;
              resolve(stream);
            }
            const waiters = waiting.get(name) ?? [];
            waiting.delete(name);
            for (const waiter of waiters) waiter(receivedAt, data);
          }
        });
        res.on('close', () => (ended = true));
      },
    );
    req.on('error', (error) => {
      ended = true;
      if (!ready) reject(error);
    });
    const stream: Stream = {
      next: (event, timeoutMs) =>
        new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no ${event} event in time`)), timeoutMs);
          waiting.set(event, [
            ...(waiting.get(event) ?? []),
            (receivedAt, data) => {
              clearTimeout(timer);
              done({ receivedAt, data });
            },
          ]);
        }),
      isEnded: () => ended,
      close: () => req.destroy(),
    };
  });
}

function like(baseUrl: string, cookie: string, postId: string, agent: http.Agent): Promise<void> {
  const body = JSON.stringify({ postId });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/posts/like`,
      {
        method: 'POST',
        agent,
        headers: {
          Cookie: cookie,
          Origin: PUBLIC_URL,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`like: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kib * 1024;
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
