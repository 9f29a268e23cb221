/**
 * The embedded database's benchmark (issue 18: "the embedded default must serve a small community
 * well"): the built API in production mode on a PGlite data folder seeded with `pnpm seed:small`,
 * the General feed driven by autocannon on loopback, and the API process's memory sampled while it
 * serves:
 *
 *   DATA_DIR=/tmp/kindred-small pnpm seed:small
 *   pnpm --filter @kindred/api build
 *   DATA_DIR=/tmp/kindred-small pnpm --filter @kindred/scripts run bench:embedded
 *   … -- --connections 10 --seconds 20 --viewers 40 --server apps/api/dist/server.js
 *
 * The API runs with the Node.js options of the start commands (SERVER_NODE_OPTIONS), as `npm
 * start` runs it; `--without-server-options` leaves them out, `--node-option` adds others.
 *
 * The requests take turns over the seeded benchmark members (the General feed is each viewer's own
 * page: their own posts and mutes), as in a small community. Reports requests/s, p50
 * and p99 per endpoint, the API's resident memory (RSS) at the end of each endpoint and its peak
 * (VmHWM), and the machine's load average, since figures taken on a busy machine must say so.
 * It prints figures; it is not a test.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config.js';
import { SERVER_NODE_OPTIONS } from '../apps/api/src/platform/node-options.js';
import { BENCH_PROXY_HEADERS, productionBenchEnv } from './bench-env.js';
import { signIn } from './bench-sign-in.js';
import { BENCH_MEMBERS, scaledShape } from './seed-accounts.js';

const { values: args } = parseArgs({
  // `pnpm run bench:embedded -- --seconds 10` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    viewers: { type: 'string', default: String(BENCH_MEMBERS) },
    scale: { type: 'string', default: '0.01' },
    server: { type: 'string', default: 'apps/api/dist/server.js' },
    'node-option': { type: 'string', multiple: true, default: [] },
    'without-server-options': { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const connections = Number(args.connections);
const shape = scaledShape(Number(args.scale));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The process's resident memory now and at its peak, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** CPU time the process has used so far (user + system, all threads), in ms (Linux /proc). */
function cpuMsOf(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

/** CPU time so far of each of the process's threads, by thread id (name and ms). */
function threadCpuMsOf(pid: number): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      threads.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/**
 * The busiest threads' CPU per request between two readings: PGlite on its own thread and the
 * main thread run side by side, so the busier of the two bounds the requests per second.
 */
function busiestThreads(
  before: Map<string, { name: string; ms: number }>,
  after: Map<string, { name: string; ms: number }>,
  requests: number,
): string {
  return [...after]
    .map(([tid, { name, ms }]) => ({ tid, name, ms: ms - (before.get(tid)?.ms ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 2)
    .map(({ tid, name, ms }) => `${name}[${tid}] ${(ms / requests).toFixed(1)}`)
    .join(', ');
}

async function main() {
  const config = loadConfig(process.env);
  if (config.databaseUrl) throw new Error('bench:embedded measures PGlite: unset DATABASE_URL');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeOptions = [
    ...(args['without-server-options'] ? [] : SERVER_NODE_OPTIONS),
    ...args['node-option'],
  ];
  const api = spawn(process.execPath, [...nodeOptions, args.server], {
    cwd: root,
    env: productionBenchEnv(config, port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 600) throw new Error('the API did not become healthy in 60 s');
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const atStart = memoryOf(api.pid!);
    // The benchmark members (2FA with a known secret), one per connection or more.
    const viewers = Math.min(Number(args.viewers), BENCH_MEMBERS);
    const cookies: string[] = [];
    for (let n = shape.members - viewers + 1; n <= shape.members; n += 1) {
      cookies.push((await signIn(baseUrl, n)).cookie);
    }
    let page5 = '';
    for (let page = 1; page < 5; page += 1) {
      const response = await fetch(`${baseUrl}/api/posts${page5}`, {
        headers: { ...BENCH_PROXY_HEADERS, cookie: cookies[0]! },
      });
      const body = (await response.json()) as { nextCursor: string | null };
      page5 = `?cursor=${encodeURIComponent(body.nextCursor ?? '')}`;
    }
    const endpoints = [
      { name: 'General feed, page 1', path: '/api/posts' },
      { name: 'General feed, page 5', path: `/api/posts${page5}` },
    ];
    console.log(
      `PGlite in ${config.dataDir}; ${connections} connections, ${cookies.length} members signed in; ` +
        `node options ${nodeOptions.join(' ') || '(none)'}; API RSS at start ${atStart.rssMb} MB`,
    );
    for (const endpoint of endpoints) {
      const run = (seconds: number) => {
        let next = 0;
        return autocannon({
          url: baseUrl,
          connections,
          duration: seconds,
          requests: [
            {
              method: 'GET',
              path: endpoint.path,
              setupRequest(request) {
                const cookie = cookies[next++ % cookies.length]!;
                return {
                  ...request,
                  headers: { ...request.headers, ...BENCH_PROXY_HEADERS, cookie },
                };
              },
            },
          ],
        });
      };
      await run(Number(args.warmup));
      const cpuBefore = cpuMsOf(api.pid!);
      const threadsBefore = threadCpuMsOf(api.pid!);
      const result = await run(Number(args.seconds));
      const threads = busiestThreads(threadsBefore, threadCpuMsOf(api.pid!), result.requests.total);
      // The API's own CPU per request: what a busy machine does not change much. One process
      // serves everything on one thread, so at N connections a request waits for about N of them.
      const cpuPerRequest = (cpuMsOf(api.pid!) - cpuBefore) / result.requests.total;
      const memory = memoryOf(api.pid!);
      const [load1] = os.loadavg();
      console.log(
        `${endpoint.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx + result.errors}; ` +
          `API CPU ${cpuPerRequest.toFixed(1)} ms per request (busiest threads: ${threads}); ` +
          `RSS ${memory.rssMb} MB (peak ${memory.peakMb} MB); load average ${load1!.toFixed(2)}`,
      );
    }
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

await main();
