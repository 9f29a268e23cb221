#!/usr/bin/env node
/**
 * `pnpm security:fuzz` (root; the scripts workspace's security:fuzz): runs the API's fuzz suite (apps/api/src/fuzz.test.ts)
 * and hostile upload corpus (apps/api/src/upload-corpus.test.ts), then writes their figures into
 * docs/security.md — the "Fuzzing" and "Upload corpus" sections, between their own markers, so the
 * rest of the document (the authorization matrix) is left as it is. Nothing is written if a test fails.
 *
 * FC_SEED=<n> replays a fuzz run; FUZZ_RUNS=<n> runs more cases per route (20 by default).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps', 'api');
const doc = path.join(root, 'docs', 'security.md');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'kindred-security-fuzz-'));
const fuzzOut = path.join(scratch, 'fuzz.json');
const corpusOut = path.join(scratch, 'corpus.json');

try {
  // One file after the other: the fuzz run's memory figure is the fuzz's own.
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--no-file-parallelism', 'src/fuzz.test.ts', 'src/upload-corpus.test.ts'],
    {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, FUZZ_REPORT_OUT: fuzzOut, UPLOAD_CORPUS_OUT: corpusOut },
    },
  );
  if (run.status !== 0) {
    console.error('security:fuzz: the tests failed; docs/security.md is unchanged.');
    process.exit(run.status ?? 1);
  }
  const fuzz = JSON.parse(readFileSync(fuzzOut, 'utf8'));
  const corpus = JSON.parse(readFileSync(corpusOut, 'utf8'));
  const date = new Date().toISOString().slice(0, 10);

  const fuzzSection = [
    '## Fuzzing',
    '',
    `Every route of the API's table (\`packages/contracts/src/api-routes.ts\`) but the event stream and the API browser, fuzzed over HTTP from its own zod contracts by \`apps/api/src/fuzz.test.ts\` (fast-check): valid values and boundaries, wrong types, NUL and control characters, 1 MB strings, 2000-deep nesting, RTL/zero-width/combining characters, \`__proto__\`/\`constructor\` keys, hostile cursors and path ids, as a signed-in member and anonymously. Every answer must be below 500 and every 4xx the JSON error shape.`,
    '',
    '| Requests | Endpoints | 5xx | Seed | Runs per route | Retained heap growth | Peak RSS growth |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${fuzz.requests} | ${fuzz.endpoints} | ${fuzz.serverErrors} | ${fuzz.seed} | ${fuzz.runsPerRoute} (+ anonymous) | ${fuzz.retainedHeapGrowthMb} MB | ${fuzz.rssGrowthMb} MB |`,
    '',
    `Statuses: ${Object.entries(fuzz.byStatus)
      .map(([status, n]) => `${status} × ${n}`)
      .join(
        ', ',
      )}. Run ${date} by \`pnpm security:fuzz\`; replay with \`FC_SEED=${fuzz.seed}\`, more cases with \`FUZZ_RUNS\`.`,
  ].join('\n');

  const escape = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const corpusSection = [
    '## Upload corpus',
    '',
    `Built byte by byte by \`apps/api/src/upload-corpus.test.ts\` and sent to the photo upload and post creation. A refusal must leave the photo and post rows and the files under DATA_DIR unchanged; a stored file must be rewritten (not the bytes sent) and free of the hostile bytes; no temporary upload may remain; \`/api/health\` answers while the heaviest files are processed. Run ${date} by the same command.`,
    '',
    '| File | Route | Status | Outcome |',
    '| --- | --- | --- | --- |',
    ...corpus.map(
      (row) =>
        `| ${escape(row.file)} | \`${row.route}\` | ${row.status} | ${escape(row.outcome)} |`,
    ),
  ].join('\n');

  let text = existsSync(doc) ? readFileSync(doc, 'utf8') : '# Security\n';
  text = withSection(text, 'fuzzing', fuzzSection);
  text = withSection(text, 'upload-corpus', corpusSection);
  writeFileSync(doc, text);
  // The tables as the repository's formatter writes them (CI checks the format).
  spawnSync('npx', ['prettier', '--write', doc], { cwd: root, stdio: 'inherit' });
  console.log(
    `security:fuzz: ${fuzz.requests} requests, ${fuzz.endpoints} endpoints, ${fuzz.serverErrors} × 5xx; ${corpus.length} uploads → ${path.relative(root, doc)}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Replaces the section between its markers, or appends it with them. */
function withSection(text, name, body) {
  const start = `<!-- ${name}:start (written by pnpm security:fuzz) -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  const from = text.indexOf(`<!-- ${name}:start`);
  const to = text.indexOf(end);
  if (from !== -1 && to > from) return text.slice(0, from) + block + text.slice(to + end.length);
  return `${text.trimEnd()}\n\n${block}\n`;
}
