/**
 * The API's benchmark against a seeded database (`pnpm seed:large` / `seed:small` first):
 *
 *   DATABASE_URL=postgres://… pnpm bench          # 50 connections, 5 s warm-up, 20 s per endpoint, 2 rounds
 *   pnpm bench -- --short                         # 10 connections, 1 s + 3 s, 1 round (CI's variant)
 *   BENCH_EXPLAIN=1 pnpm bench                    # also EXPLAIN (ANALYZE, BUFFERS) of each hot query
 *   pnpm bench -- --only "(a),(b),Discover"       # only the endpoints whose names contain a part
 *   pnpm bench -- --only "General feed, page 1|like" --rounds 1 --no-save
 *                                                 # parts split at '|' when there is one (names hold commas);
 *                                                 # --no-save prints without appending to bench/results.md
 *   pnpm bench -- --without-server-options        # the API without the Node.js options its start command passes
 *   pnpm bench -- --node-option=--max-semi-space-size=32   # the API started with a Node.js option (repeatable)
 *   pnpm bench -- --only "General feed, page 1" --cpu-prof /tmp/prof
 *                                                 # the API writes a V8 CPU profile to /tmp/prof as it stops
 *
 * It builds nothing: run `pnpm build` first (the root `bench` script does). It counts the SQL
 * statements each endpoint runs with the app in-process, then starts the built API in production
 * mode on loopback, signs in the benchmark members (2FA included), and drives every endpoint with
 * autocannon. Two ceilings are measured in the same run: (a) /api/health with a member cookie —
 * the middleware chain and the session check, no feature work — and (b) a minimal Express app
 * serving the recorded bytes of a feed page from memory. Each endpoint's CPU per request (the API
 * process, and the PostgreSQL processes serving the database) is read from /proc on Linux: unlike
 * requests/s it stays comparable on a shared machine. The table goes to stdout and to
 * bench/results.md (appended, with the machine, the date and the data set). It prints figures;
 * it is not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.js';
import {
  DATABASE_SERVER_NODE_OPTIONS,
  SERVER_NODE_OPTIONS,
} from '../apps/api/src/platform/node-options.js';
import { createApp } from '../apps/api/src/app.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { closeAppContext, createAppContext } from '../apps/api/src/context.js';
import { createLogger } from '../apps/api/src/platform/logger.js';
import { cpuPerRequest, cpuSnapshot } from './bench-cpu.js';
import { BENCH_PROXY_HEADERS, productionBenchEnv } from './bench-env.js';
import { signIn, type SignedIn } from './bench-sign-in.js';
import {
  BENCH_MEMBERS,
  MOST_FOLLOWED_MEMBER,
  SEEDED_PASSWORD,
  scaledShape,
  seededEmail,
  seededId,
} from './seed-accounts.js';

const { values: args } = parseArgs({
  // `pnpm bench -- --short` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    short: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    'no-save': { type: 'boolean', default: false },
    'without-server-options': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});
const short = args.short;
const shape = scaledShape(Number(args.scale));
const LOAD = short
  ? { connections: 10, warmupSeconds: 1, seconds: 3, rounds: 1 }
  : { connections: 50, warmupSeconds: 5, seconds: 20, rounds: 2 };
const rounds = args.rounds ? Number(args.rounds) : LOAD.rounds;
const explain = process.env.BENCH_EXPLAIN === '1';
const root = path.resolve(import.meta.dirname, '..');

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A request body per call (writes spread over many targets, so no one row is hammered). */
  body?: () => unknown;
  /** The path for the signed-in member making the call, when it names them. */
  pathFor?: (member: SignedIn) => string;
  /** Which ceiling rows are: they are measured like the rest but are not endpoints. */
  ceiling?: 'a' | 'b';
  /** Not signed in (login). */
  anonymous?: boolean;
  /** Accept-Encoding, as a browser sends it; without it the answers travel uncompressed. */
  acceptEncoding?: string;
}

/** What Chrome sends: the API answers it with brotli, and the CPU columns include compressing. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The answers other than 2xx by status code ("409": 40), so a failure is never just a count. */
  non2xxByStatus: Record<string, number>;
  errors: number;
  /** Milliseconds of CPU per request, when /proc could tell. */
  apiCpu?: number;
  databaseCpu?: number;
}

async function json<T>(baseUrl: string, route: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    headers: { ...BENCH_PROXY_HEADERS, cookie },
  });
  if (!response.ok) throw new Error(`GET ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Up to `count` of the newest public posts in the viewer's General feed: the targets of the like
 * and comment writes, spread so that no one post's counter is hammered, and all visible to the
 * bench members (the seed's disabled members' posts would answer 404 and count as failures).
 */
async function recentPublicPosts(baseUrl: string, viewer: SignedIn, count: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const body: { posts: Array<{ _id: string; privacy: string }>; nextCursor: string | null } =
      await json(baseUrl, `/api/posts${query}`, viewer.cookie);
    ids.push(...body.posts.filter((post) => post.privacy === 'public').map((post) => post._id));
    cursor = body.nextCursor;
  } while (cursor && ids.length < count);
  if (ids.length === 0) throw new Error('The General feed shows no public post to like.');
  return ids.slice(0, count);
}

/** The endpoints of the performance issue's table (paths that need a cursor are looked up). */
async function endpoints(baseUrl: string, viewer: SignedIn) {
  let cursor: string | null = null;
  for (let page = 1; page < 5; page += 1) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const body: { nextCursor: string | null } = await json(
      baseUrl,
      `/api/posts${query}`,
      viewer.cookie,
    );
    cursor = body.nextCursor;
  }
  // Discover's fifth page, without filters (the cursor keeps its snapshot time).
  let discoverCursor: string | null = null;
  for (let page = 1; page < 5; page += 1) {
    const query: string = discoverCursor ? `?cursor=${encodeURIComponent(discoverCursor)}` : '';
    const body: { nextCursor: string | null } = await json(
      baseUrl,
      `/api/discover${query}`,
      viewer.cookie,
    );
    discoverCursor = body.nextCursor;
  }
  const pick = (count: number) => 1 + Math.floor(Math.random() * count);
  const targets = await recentPublicPosts(baseUrl, viewer, 1000);
  /** One of the newest public posts the viewer's feed shows (a disabled author's are not there). */
  const recentPublicPost = () => targets[pick(targets.length) - 1]!;
  /** A typical member to follow: not one the seed disabled (n % 100 = 50), who would answer 404. */
  const typicalMember = () => {
    let n = 100 + pick(shape.members - 200);
    if (n % 100 === 50) n += 1;
    return seededId('member', n);
  };
  const list: Endpoint[] = [
    {
      name: '(a) /api/health with a member cookie',
      method: 'GET',
      path: '/api/health',
      ceiling: 'a',
    },
    { name: '(b) minimal Express, feed bytes from memory', method: 'GET', path: '/', ceiling: 'b' },
    { name: 'General feed, page 1', method: 'GET', path: '/api/posts' },
    {
      name: 'General feed, page 1, compressed as for a browser',
      method: 'GET',
      path: '/api/posts',
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
    },
    {
      name: 'General feed, page 5',
      method: 'GET',
      path: `/api/posts?cursor=${encodeURIComponent(cursor ?? '')}`,
    },
    {
      name: "a member's posts (top author)",
      method: 'GET',
      path: `/api/posts/user/${seededId('member', MOST_FOLLOWED_MEMBER)}`,
    },
    {
      name: 'People You Follow (viewer follows 500)',
      method: 'GET',
      path: `/api/posts/following/${viewer.id}`,
      pathFor: (member) => `/api/posts/following/${member.id}`,
    },
    {
      name: 'comments of a post with 200 comments',
      method: 'GET',
      path: `/api/posts/${seededId('post', shape.posts)}/comments`,
    },
    {
      name: 'comments of a post with 200 comments, compressed as for a browser',
      method: 'GET',
      path: `/api/posts/${seededId('post', shape.posts)}/comments`,
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
    },
    { name: 'search suggestions "ma"', method: 'GET', path: '/api/users/search?searchText=ma' },
    {
      name: 'search suggestions "Ångs"',
      method: 'GET',
      path: `/api/users/search?searchText=${encodeURIComponent('Ångs')}`,
    },
    {
      name: 'search page "ma", page 5',
      method: 'GET',
      path: '/api/users/search?searchText=ma&page=5&limit=10',
    },
    {
      name: 'Discover within 25 km, page 1',
      method: 'GET',
      path: '/api/discover?maxDistanceKm=25',
    },
    {
      name: 'Discover, women 25–35 within 50 km, page 1',
      method: 'GET',
      path: '/api/discover?maxDistanceKm=50&gender=female&ageMin=25&ageMax=35',
    },
    {
      name: 'Discover, no filter, page 5',
      method: 'GET',
      path: `/api/discover?cursor=${encodeURIComponent(discoverCursor ?? '')}`,
    },
    { name: 'notifications, page 1', method: 'GET', path: '/api/notifications' },
    { name: 'conversations, page 1', method: 'GET', path: '/api/conversations' },
    {
      name: 'like toggle',
      method: 'POST',
      path: '/api/posts/like',
      body: () => ({ postId: recentPublicPost() }),
    },
    {
      name: 'comment on a post',
      method: 'POST',
      path: `/api/posts/${recentPublicPost()}/comments`,
      pathFor: () => `/api/posts/${recentPublicPost()}/comments`,
      body: () => ({ content: 'Benchmark comment' }),
    },
    {
      name: 'follow toggle, a typical member',
      method: 'POST',
      path: '/api/connections/follow',
      body: () => ({ followedUserId: typicalMember() }),
    },
    {
      name: 'follow toggle, the most-followed member',
      method: 'POST',
      path: '/api/connections/follow',
      body: () => ({ followedUserId: seededId('member', MOST_FOLLOWED_MEMBER) }),
    },
    {
      name: 'login (bcrypt; password step only)',
      method: 'POST',
      path: '/api/users/login',
      anonymous: true,
      body: () => ({
        email: seededEmail(100 + pick(shape.members - 200)),
        password: SEEDED_PASSWORD,
      }),
    },
  ];
  // --only takes comma-separated parts of names: "(a),Discover" keeps ceiling (a) and Discover.
  const wanted = args.only?.split(args.only.includes('|') ? '|' : ',').filter(Boolean);
  return wanted
    ? list.filter((endpoint) => wanted.some((part) => endpoint.name.includes(part)))
    : list;
}

/**
 * The statements each endpoint runs, counted with the app in-process on the same database (and,
 * with BENCH_EXPLAIN=1, the plans of its read-only statements). Runs before the server starts: the embedded
 * database admits one process at a time.
 */
async function countStatements() {
  // The API refuses writes from any origin but its PUBLIC_URL: give it the address it will have.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ ...process.env, PUBLIC_URL: baseUrl });
  const context = await createAppContext(config, { logger: createLogger('silent') });
  const server = createApp(context).listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const counts = new Map<string, number>();
  const plans: string[] = [];
  let databaseName: string | undefined;
  try {
    // PostgreSQL titles each server process with its database (whatever form DATABASE_URL takes:
    // a socket directory leaves the URL without a host); on PGlite the database is in the API.
    const pool = context.database.pool;
    if (pool) {
      const { rows } = await pool.query<{ name: string }>('select current_database() as name');
      databaseName = rows[0]?.name;
    }
    const viewer = await signIn(baseUrl, shape.members - BENCH_MEMBERS + 1);
    for (const endpoint of await endpoints(baseUrl, viewer)) {
      if (endpoint.ceiling === 'b') continue;
      const statements: { query: string; params: unknown[] }[] = [];
      const stop = context.database.onQuery((query, params) => statements.push({ query, params }));
      const response = await fetch(`${baseUrl}${endpoint.path}`, {
        method: endpoint.method,
        headers: {
          origin: baseUrl,
          'content-type': 'application/json',
          ...(endpoint.anonymous ? {} : { cookie: viewer.cookie }),
        },
        body: endpoint.body ? JSON.stringify(endpoint.body()) : undefined,
      });
      await response.arrayBuffer();
      stop();
      counts.set(endpoint.name, statements.length);
      if (explain) {
        for (const { query, params } of statements.filter((s) => isReadOnly(s.query))) {
          const result = await context.database.pool?.query(
            `explain (analyze, buffers) ${query}`,
            params,
          );
          plans.push(
            `### ${endpoint.name}\n\n\`\`\`\n${query}\n\n${(result?.rows ?? [])
              .map((row: Record<string, string>) => row['QUERY PLAN'])
              .join('\n')}\n\`\`\``,
          );
        }
      }
    }
  } finally {
    server.close();
    await closeAppContext(context);
  }
  return { counts, plans, databaseName };
}

/**
 * A statement EXPLAIN ANALYZE may run without changing the data: a SELECT, or a WITH query (the
 * feeds' counts are one) with no data-modifying part.
 */
function isReadOnly(query: string): boolean {
  return /^\s*(select|with)\b/i.test(query) && !/\b(insert|update|delete|merge)\b/i.test(query);
}

/** `--cpu-prof <dir>`: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
function cpuProfileOptions(): string[] {
  const dir = args['cpu-prof'];
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

function startProcess(command: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function waitForHealth(baseUrl: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not become healthy in 60 s');
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function load(
  url: string,
  endpoint: Endpoint,
  members: SignedIn[],
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: endpoint.name.startsWith('login')
      ? Math.min(10, LOAD.connections)
      : LOAD.connections,
    duration: seconds,
    requests: [
      {
        method: endpoint.method,
        path: endpoint.path,
        setupRequest(request) {
          const headers: Record<string, string> = {
            ...(request.headers as Record<string, string>),
            ...BENCH_PROXY_HEADERS,
            origin: url,
            'content-type': 'application/json',
          };
          if (endpoint.acceptEncoding) headers['accept-encoding'] = endpoint.acceptEncoding;
          const member = members[Math.floor(Math.random() * members.length)]!;
          if (!endpoint.anonymous) headers.cookie = member.cookie;
          return {
            ...request,
            path: endpoint.pathFor?.(member) ?? request.path,
            headers,
            body: endpoint.body ? JSON.stringify(endpoint.body()) : undefined,
          };
        },
      },
    ],
  });
}

function formatCpu(milliseconds: number | undefined): string {
  return milliseconds === undefined ? '–' : `${milliseconds.toFixed(2)} ms`;
}

function non2xxByStatus(
  stats: Record<string, { count?: number }> | undefined,
): Record<string, number> {
  const byStatus: Record<string, number> = {};
  for (const [status, stat] of Object.entries(stats ?? {})) {
    if (!status.startsWith('2') && stat.count) byStatus[status] = stat.count;
  }
  return byStatus;
}

function formatStatuses(byStatus: Record<string, number>): string {
  return Object.entries(byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

/** Non-2xx answers and connection errors, with the statuses: "55 (409: 40, 429: 15)". */
function formatFailures(m: Measurement): string {
  const total = m.non2xx + m.errors;
  const parts = formatStatuses(m.non2xxByStatus);
  const detail = [parts, m.errors ? `errors: ${m.errors}` : ''].filter(Boolean).join(', ');
  return total && detail ? `${total} (${detail})` : String(total);
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(' / ');
}

function formatTable(measurements: Measurement[], statementCounts: Map<string, number>): string {
  const a = measurements.find((m) => m.name.startsWith('(a)'))?.requestsPerSecond ?? NaN;
  const b = measurements.find((m) => m.name.startsWith('(b)'))?.requestsPerSecond ?? NaN;
  const percent = (value: number) =>
    Number.isFinite(value) ? `${Math.round(value * 100)} %` : '–';
  const lines = [
    '| endpoint | requests/s | p50 | p99 | of (a) | of (b) | statements | non-2xx | API CPU/request | PostgreSQL CPU/request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...measurements.map(
      (m) =>
        `| ${m.name} | ${Math.round(m.requestsPerSecond)} | ${m.p50} ms | ${m.p99} ms | ${percent(
          m.requestsPerSecond / a,
        )} | ${percent(m.requestsPerSecond / b)} | ${statementCounts.get(m.name) ?? '–'} | ${formatFailures(m)} | ${formatCpu(m.apiCpu)} | ${formatCpu(m.databaseCpu)} |`,
    ),
  ];
  return lines.join('\n');
}

/**
 * The performance issue's targets, judged on one round's figures: which endpoints each covers
 * (parts of their names), the p99 bound and the share of ceiling (a) (or, for (a), of (b)).
 */
const TARGETS: Array<{
  target: string;
  names: string[];
  p99?: number;
  ofA?: number;
  ofB?: number;
}> = [
  { target: '(a) at least 40 % of (b)', names: ['(a)'], ofB: 0.4 },
  {
    target: 'feeds, profile posts, comments: 40 % of (a), p99 ≤ 50 ms',
    names: ['General feed', "a member's posts", 'comments of a post'],
    p99: 50,
    ofA: 0.4,
  },
  { target: 'People You Follow: p99 ≤ 80 ms', names: ['People You Follow'], p99: 80 },
  { target: 'search: p99 ≤ 30 ms', names: ['search'], p99: 30 },
  { target: 'Discover: p99 ≤ 50 ms', names: ['Discover'], p99: 50 },
  {
    target: 'writes: p99 ≤ 30 ms',
    names: ['like toggle', 'comment on a post', 'follow toggle'],
    p99: 30,
  },
];

function formatTargets(measurements: Measurement[]): string {
  const a = measurements.find((m) => m.name.startsWith('(a)'))?.requestsPerSecond;
  const b = measurements.find((m) => m.name.startsWith('(b)'))?.requestsPerSecond;
  const lines = ['| target | endpoint | verdict |', '|---|---|---|'];
  for (const { target, names, p99, ofA, ofB } of TARGETS) {
    for (const m of measurements.filter((one) => names.some((part) => one.name.includes(part)))) {
      const misses: string[] = [];
      if (p99 !== undefined && m.p99 > p99) misses.push(`p99 ${m.p99} ms > ${p99} ms`);
      if (ofA !== undefined && a && m.requestsPerSecond / a < ofA)
        misses.push(`${Math.round((m.requestsPerSecond / a) * 100)} % of (a)`);
      if (ofB !== undefined && b && m.requestsPerSecond / b < ofB)
        misses.push(`${Math.round((m.requestsPerSecond / b) * 100)} % of (b)`);
      lines.push(
        `| ${target} | ${m.name} | ${misses.length ? `missed: ${misses.join(', ')}` : 'met'} |`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * On a PostgreSQL server whose autovacuum is off (this project's CI machines turn it off), the
 * bench vacuums and analyzes the database after each endpoint that writes, as autovacuum would
 * in service: otherwise every write endpoint's dead rows (like toggles rewrite the page's post
 * counters, follow toggles the member counters) slow every endpoint measured after it, and the
 * second round measures a database no server in service would have (the General feed's database
 * CPU went from 0.93 to 1.62 ms a request over one run).
 */
async function autovacuumStandIn(url: string | undefined) {
  if (!url) return undefined;
  const database = await openDatabase({ url, poolSize: 1 });
  const [setting] = await database.db
    .select({ on: sql<string>`current_setting('autovacuum')` })
    .from(sql`(select 1) as one`);
  if (setting?.on !== 'off') {
    await database.close();
    return undefined;
  }
  let runs = 0;
  let seconds = 0;
  return {
    async afterWrites() {
      const started = performance.now();
      await database.db.execute(sql`vacuum (analyze)`);
      seconds += (performance.now() - started) / 1000;
      runs += 1;
    },
    describe: () =>
      `Autovacuum is off on this server: the bench ran VACUUM (ANALYZE) after each write endpoint instead (${runs} times, ${seconds.toFixed(1)} s in all, not measured).`,
    close: () => database.close(),
  };
}

async function main() {
  const config = loadConfig(process.env);
  console.log(
    `Counting statements per endpoint (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})…`,
  );
  const { counts, plans, databaseName } = await countStatements();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // As it is started in service: on the embedded database with npm start's Node.js options
  // (platform/node-options.ts), on a PostgreSQL server with the image's options, as the image runs it.
  const nodeOptions = args['without-server-options']
    ? []
    : config.databaseUrl
      ? DATABASE_SERVER_NODE_OPTIONS
      : SERVER_NODE_OPTIONS;
  const api = startProcess(
    process.execPath,
    [...nodeOptions, ...args['node-option'], ...cpuProfileOptions(), 'apps/api/dist/server.js'],
    productionBenchEnv(config, port),
  );
  api.stdout?.resume();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-'));
  let ceiling: ChildProcess | undefined;
  let vacuum: Awaited<ReturnType<typeof autovacuumStandIn>>;
  try {
    await waitForHealth(baseUrl);
    const firstBench = shape.members - BENCH_MEMBERS + 2;
    const members = [];
    for (let n = firstBench; n <= shape.members; n += 1) members.push(await signIn(baseUrl, n));
    const list = await endpoints(baseUrl, members[0]!);

    // Ceiling (b) serves what the General feed's first page answers.
    const feedFile = path.join(scratch, 'feed.json');
    writeFileSync(
      feedFile,
      Buffer.from(
        await (
          await fetch(`${baseUrl}/api/posts`, {
            headers: { ...BENCH_PROXY_HEADERS, cookie: members[0]!.cookie },
          })
        ).arrayBuffer(),
      ),
    );
    ceiling = startProcess(process.execPath, ['scripts/bench-ceiling.mjs', feedFile], process.env);
    const ceilingPort = await new Promise<number>((resolve) =>
      ceiling!.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;

    vacuum = await autovacuumStandIn(config.databaseUrl);
    // Figures from a shared or busy machine mean little: the report says how busy it was.
    const loadBefore = os.loadavg();
    const tables: string[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const measurements: Measurement[] = [];
      for (const endpoint of list) {
        const url = endpoint.ceiling === 'b' ? ceilingUrl : baseUrl;
        await load(url, endpoint, members, LOAD.warmupSeconds);
        // Ceiling (b) is another process: its CPU is not the API's.
        const measuredPid = endpoint.ceiling === 'b' ? ceiling?.pid : api.pid;
        const cpuBefore = cpuSnapshot(measuredPid, databaseName);
        const result = await load(url, endpoint, members, LOAD.seconds);
        const cpu = cpuPerRequest(
          cpuBefore,
          cpuSnapshot(measuredPid, databaseName),
          result.requests.total,
        );
        const measurement = {
          name: endpoint.name,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          non2xxByStatus: non2xxByStatus(result.statusCodeStats),
          errors: result.errors,
          apiCpu: cpu.api,
          databaseCpu: endpoint.ceiling === 'b' ? undefined : cpu.database,
        };
        measurements.push(measurement);
        if (endpoint.method === 'POST') await vacuum?.afterWrites();
        console.log(
          `round ${round}: ${endpoint.name}: ${Math.round(measurement.requestsPerSecond)} req/s, p50 ${measurement.p50} ms, p99 ${measurement.p99} ms, CPU/request API ${formatCpu(measurement.apiCpu)}, PostgreSQL ${formatCpu(measurement.databaseCpu)}${measurement.non2xx ? `, ${measurement.non2xx} non-2xx (${formatStatuses(measurement.non2xxByStatus)})` : ''}`,
        );
      }
      tables.push(
        `#### Round ${round}\n\n${formatTable(measurements, counts)}\n\n${formatTargets(measurements)}`,
      );
      console.log(`\n${formatTable(measurements, counts)}\n`);
    }

    const cpus = os.cpus();
    const report = [
      `## ${new Date().toISOString()} — ${short ? 'short run' : 'full run'}${args.only ? ` (only ${args.only})` : ''}`,
      '',
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
        `Database: ${config.databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}; data set ${Object.entries(
          shape,
        )
          .map(([name, count]) => `${count.toLocaleString('en')} ${name}`)
          .join(
            ', ',
          )}. Load: autocannon, ${LOAD.connections} connections (login 10), ${LOAD.warmupSeconds} s warm-up, ${LOAD.seconds} s per endpoint. ` +
        `Load average (1, 5, 15 min) ${formatLoad(loadBefore)} before, ${formatLoad(os.loadavg())} after.` +
        (vacuum ? ` ${vacuum.describe()}` : ''),
      '',
      ...tables,
      '',
      ...(plans.length > 0
        ? ['<details><summary>Plans</summary>', '', ...plans, '', '</details>', '']
        : []),
    ].join('\n');
    if (args['no-save']) {
      // The plans go nowhere else without a results file: print them.
      if (plans.length > 0) console.log(`\n${plans.join('\n\n')}\n`);
      console.log('Not saved (--no-save)');
    } else {
      mkdirSync(path.join(root, 'bench'), { recursive: true });
      appendFileSync(path.join(root, 'bench', 'results.md'), `${report}\n`);
      console.log('Appended to bench/results.md');
    }
  } finally {
    await vacuum?.close();
    ceiling?.kill('SIGTERM');
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

await main();
