#!/usr/bin/env node
// Runs every package's test suite (turbo --continue: a failing suite never hides the ones after it)
// and ends with one line of totals, so a reader never has to scroll to learn what happened.
//
//   node scripts/run-tests.mjs                 run the suites (the README's `npm test` does this)
//   node scripts/run-tests.mjs --summarize F…  only print the totals of logs already written (CI)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Colour codes vitest prints when it thinks it talks to a terminal.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** One suite at a time: each already runs its own workers and databases; the browser journeys run in CI. */
export const TURBO_TEST_ARGS = [
  'turbo',
  'run',
  'test',
  '--concurrency=1',
  '--continue',
  '--filter=!@kindred/e2e',
];

/**
 * Totals from vitest's closing lines ("Tests  3 failed | 120 passed | 2 skipped (125)"), per
 * package when turbo prefixes the lines ("@kindred/api:test: "), and the packages that printed none.
 */
export function summarize(output, expectedPackages = []) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const reported = new Set();
  for (const rawLine of output.replace(ANSI, '').split('\n')) {
    const match = /^(?:(\S+?):test:)?\s*Tests\s+(.*\(\d+\))\s*$/.exec(rawLine);
    if (!match) continue;
    if (match[1]) reported.add(match[1]);
    for (const [, count, kind] of match[2].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      if (kind === 'todo') totals.skipped += Number(count);
      else totals[kind] += Number(count);
    }
  }
  const silent = expectedPackages.filter((name) => !reported.has(name));
  return { ...totals, silent };
}

export function formatSummary({ passed, failed, skipped, silent }, exitCode = 0) {
  const parts = [`${passed} passed`, `${failed} failed`, `${skipped} skipped`];
  if (silent.length > 0) parts.push(`no result from ${silent.join(', ')}`);
  const ok = exitCode === 0 && failed === 0 && passed > 0 && silent.length === 0;
  return { ok, line: `tests: ${parts.join(', ')} — ${ok ? 'all suites passed' : 'FAILED'}` };
}

function packagesWithTests() {
  const names = [];
  for (const dir of ['packages/contracts', 'apps/api', 'apps/web', 'scripts']) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    if (manifest.scripts?.test) names.push(manifest.name);
  }
  return names;
}

async function runSuites() {
  const expected = packagesWithTests();
  const turbo = spawn('npx', TURBO_TEST_ARGS, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const forward = (target) => (chunk) => {
    output += chunk.toString();
    target.write(chunk);
  };
  turbo.stdout.on('data', forward(process.stdout));
  turbo.stderr.on('data', forward(process.stderr));
  // Ctrl-C or a CI timeout stops the suites too, not only this wrapper.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => turbo.kill(signal));
  const exitCode = await new Promise((resolve) => turbo.on('close', (code) => resolve(code ?? 1)));
  const { ok, line } = formatSummary(summarize(output, expected), exitCode);
  console.log(`\n${line}`);
  process.exit(ok ? 0 : 1);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const summarizeAt = process.argv.indexOf('--summarize');
  if (summarizeAt === -1) {
    await runSuites();
  } else {
    const logs = process.argv.slice(summarizeAt + 1).map((file) => readFileSync(file, 'utf8'));
    const { ok, line } = formatSummary(summarize(logs.join('\n')));
    console.log(line);
    process.exit(ok ? 0 : 1);
  }
}
