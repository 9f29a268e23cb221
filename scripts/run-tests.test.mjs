import { describe, expect, it } from 'vitest';
import { formatSummary, summarize, TURBO_TEST_ARGS } from './run-tests.mjs';

const api = '@kindred/api';
const web = '@kindred/web';

describe('the test runner', () => {
  it('keeps running the suites after one fails', () => {
    expect(TURBO_TEST_ARGS).toContain('--continue');
  });

  it('adds up every suite, failed ones included, from turbo-prefixed vitest output', () => {
    const output = [
      `${api}:test:       \x1b[1mTests\x1b[22m  \x1b[31m1 failed\x1b[39m | \x1b[32m330 passed\x1b[39m | 3 skipped (334)`,
      `${web}:test:       Tests  185 passed (185)`,
    ].join('\n');
    expect(summarize(output, [api, web])).toEqual({
      passed: 515,
      failed: 1,
      skipped: 3,
      silent: [],
    });
  });

  it('names a suite that printed no result (it crashed or was skipped) and calls the run failed', () => {
    const totals = summarize(`${api}:test:       Tests  331 passed (331)`, [api, web]);
    expect(totals.silent).toEqual([web]);
    expect(formatSummary(totals, 0)).toEqual({
      ok: false,
      line: 'tests: 331 passed, 0 failed, 0 skipped, no result from @kindred/web — FAILED',
    });
  });

  it('passes only when every suite reported, none failed and the runner exited cleanly', () => {
    const totals = summarize(`${api}:test: Tests  2 passed (2)\n${web}:test: Tests  1 passed (1)`, [
      api,
      web,
    ]);
    expect(formatSummary(totals, 0)).toEqual({
      ok: true,
      line: 'tests: 3 passed, 0 failed, 0 skipped — all suites passed',
    });
    expect(formatSummary(totals, 1).ok).toBe(false);
  });
});
