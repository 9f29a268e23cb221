import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { API_ROUTES, routeKey, type ApiRoute } from '@kindred/contracts/api-routes';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser } from './test/factories.js';
import { buildComment, buildPost } from './features/posts/test-factories.js';
import {
  fuzzedInput,
  hostileValue,
  jsonSchemaOf,
  pathParameter,
  queryStringOf,
  wellFormed,
} from './test/fuzz.js';

/**
 * Fuzzing every route of the API's own table (issue 19): bodies and query strings generated from
 * each route's zod contract — valid values, boundaries, wrong types, NUL and control characters,
 * 1 MB strings, deep nesting, RTL/zero-width/combining characters, `__proto__`/`constructor` keys,
 * hostile cursors — and hostile path parameters, sent over HTTP as a signed-in member and as nobody.
 * Every answer is below 500, every 4xx is the JSON error shape (its exact schema is checked by
 * contract-check.ts), and the process's memory stays bounded over the run.
 *
 * Seeded: the seed is printed; FC_SEED=<n> replays a run, FUZZ_RUNS=<n> runs more per route.
 * FUZZ_REPORT_OUT=<file> writes the figures (used by `pnpm security:fuzz`).
 */

const SEED = Number(process.env.FC_SEED ?? 19_019);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const ANONYMOUS_RUNS = Math.max(3, Math.round(RUNS / 4));
/**
 * Memory: the heap retained after a full collection may grow by at most this much over the run (a
 * leak of request bodies would); the peak RSS, which follows the garbage collector's whims with
 * hundreds of 1 MB bodies (250-450 MB seen), only has a sanity bound.
 */
const RETAINED_HEAP_BOUND_MB = 64;
const PEAK_RSS_GROWTH_BOUND_MB = 1024;

/** A full garbage collection, so the heap measured is what is retained. */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

function retainedHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Streams never end, the API browser is a static page, uploads have their own corpus. */
const SKIPPED = new Set(['GET /api/notifications/stream', 'GET /api/docs']);
const FUZZED = (API_ROUTES as readonly ApiRoute[]).filter((r) => !SKIPPED.has(routeKey(r)));

let t: TestApp;
let realIds: string[] = [];
const figures = {
  requests: 0,
  endpoints: new Set<string>(),
  serverErrors: 0,
  byStatus: {} as Record<number, number>,
};
let rssBefore = 0;
let rssPeak = 0;
let heapBefore = 0;
let heapAfter = 0;

beforeAll(async () => {
  // Rate limits answer 429 long before the handlers; lift them so the fuzz reaches the routes.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100000' } });
  const other = await signedInUser(t.context);
  const post = await buildPost(t.context, other.user.id);
  const comment = await buildComment(t.context, { postId: post.id, authorId: other.user.id });
  realIds = [other.user.id, post.id, comment.id];
  heapBefore = retainedHeap();
  rssBefore = process.memoryUsage().rss;
  process.stdout.write(
    `fuzz: seed ${SEED} (FC_SEED to replay), ${RUNS} runs per route as a member\n`,
  );
});

afterAll(async () => {
  const summary = {
    seed: SEED,
    runsPerRoute: RUNS,
    requests: figures.requests,
    endpoints: figures.endpoints.size,
    serverErrors: figures.serverErrors,
    byStatus: figures.byStatus,
    rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
    retainedHeapGrowthMb: Math.round((heapAfter - heapBefore) / 1024 / 1024),
  };
  process.stdout.write(
    `fuzz summary: ${summary.requests} requests, ${summary.endpoints} endpoints, ` +
      `${summary.serverErrors} × 5xx, peak RSS growth ${summary.rssGrowthMb} MB, retained heap growth ${summary.retainedHeapGrowthMb} MB (seed ${SEED})\n`,
  );
  const out = process.env.FUZZ_REPORT_OUT;
  if (out && figures.requests > 0) writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  await t?.close();
});

interface FuzzCase {
  params: string[];
  body: unknown;
  query: unknown;
}

function caseArbitrary(route: ApiRoute, ownId: string): fc.Arbitrary<FuzzCase> {
  const paramCount = (route.path.match(/:\w+/g) ?? []).length;
  const ids = [ownId, ...realIds];
  return fc.record({
    params: fc.array(pathParameter(ids), { minLength: paramCount, maxLength: paramCount }),
    body: route.body ? fuzzedInput(jsonSchemaOf(route.body)) : fc.option(hostileValue),
    query: route.query ? fuzzedInput(jsonSchemaOf(route.query)) : fc.option(hostileValue),
  });
}

function urlOf(route: ApiRoute, params: readonly string[], query: unknown): string {
  let i = 0;
  const path = route.path.replace(/:\w+/g, () => encodeURIComponent(wellFormed(params[i++] ?? '')));
  return query === null || query === undefined ? path : `${path}?${queryStringOf(query)}`;
}

async function send(route: ApiRoute, input: FuzzCase, cookie: string | undefined) {
  const url = urlOf(route, input.params, input.query);
  const agent = request(t.app);
  let req: request.Test;
  switch (route.method) {
    case 'GET':
      req = agent.get(url);
      break;
    case 'POST':
      req = agent.post(url);
      break;
    case 'PUT':
      req = agent.put(url);
      break;
    case 'PATCH':
      req = agent.patch(url);
      break;
    case 'DELETE':
      req = agent.delete(url);
      break;
  }
  if (cookie) req = req.set('Cookie', cookie);
  if (route.upload) {
    // A multipart form of the contract's text fields (no file: the upload corpus covers files).
    const fields = input.body && typeof input.body === 'object' ? Object.entries(input.body) : [];
    for (const [name, value] of fields) {
      req = req.field(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    }
    if (fields.length === 0) req = req.field('title', String(input.body));
  } else if (route.method !== 'GET' && input.body !== null && input.body !== undefined) {
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(input.body));
  }
  const res = await req;
  figures.requests += 1;
  figures.endpoints.add(routeKey(route));
  figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  if (res.status >= 500) figures.serverErrors += 1;
  return res;
}

function expectNoServerErrorAndJsonErrors(res: request.Response, what: string) {
  const detail = `${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, detail).toBeLessThan(500);
  if (res.status >= 400) {
    expect(String(res.headers['content-type']), detail).toMatch(/application\/json/);
    expect(res.body.success, detail).toBe(false);
    expect(typeof res.body.message, detail).toBe('string');
    expect(typeof res.body.code, detail).toBe('string');
  }
}

const describeInput = (route: ApiRoute, input: FuzzCase) =>
  `${route.method} ${urlOf(route, input.params, input.query).slice(0, 200)} body=${(
    JSON.stringify(input.body) ?? ''
  ).slice(0, 200)}`;

/**
 * Runs a property and fails with a short account (the counterexample can be megabytes of text):
 * the request as described by the failed expectation, and the seed and path that replay it.
 */
async function checkProperty(
  property: fc.IAsyncProperty<[FuzzCase]>,
  seed: number,
  numRuns: number,
) {
  const details = await fc.check(property, { seed, numRuns, endOnFailure: true });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  throw new Error(
    `fuzz failure (replay: FC_SEED=${SEED}, fast-check seed ${seed} path "${details.counterexamplePath}"):\n${cause.slice(0, 1500)}`,
  );
}

describe('fuzzing every route from its contract', () => {
  it.each(FUZZED.map((route) => [routeKey(route), route] as const))(
    '%s answers below 500, with the JSON error shape',
    async (_key, route) => {
      // A member of its own per route: a route that ends the session (logout, delete) ends only its own.
      const member = await signedInUser(t.context);
      const asMember = caseArbitrary(route, member.user.id);
      await checkProperty(
        fc.asyncProperty(asMember, async (input) => {
          const res = await send(route, input, member.cookie);
          expectNoServerErrorAndJsonErrors(res, describeInput(route, input));
        }),
        SEED,
        RUNS,
      );
      await checkProperty(
        fc.asyncProperty(asMember, async (input) => {
          const res = await send(route, input, undefined);
          expectNoServerErrorAndJsonErrors(res, `anonymous ${describeInput(route, input)}`);
        }),
        SEED + 1,
        ANONYMOUS_RUNS,
      );
    },
    60_000,
  );

  it('kept memory bounded and answered no request with a 5xx', () => {
    expect(figures.serverErrors).toBe(0);
    expect(figures.endpoints.size).toBe(FUZZED.length);
    heapAfter = retainedHeap();
    expect((heapAfter - heapBefore) / 1024 / 1024).toBeLessThan(RETAINED_HEAP_BOUND_MB);
    expect((rssPeak - rssBefore) / 1024 / 1024).toBeLessThan(PEAK_RSS_GROWTH_BOUND_MB);
  });
});
