import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { codeMigrationLevel } from './backup.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `pnpm db:migrate …` as the operator runs it, on an embedded database of its own. */
async function migrateCli(dataDir: string, ...args: string[]) {
  const { stdout } = await promisify(execFile)(
    path.join(apiDir, 'node_modules/.bin/tsx'),
    ['src/db/migrate-cli.ts', ...args],
    { cwd: apiDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  return stdout;
}

describe('pnpm db:migrate', () => {
  it('--dry-run lists what would run and changes nothing; the real run applies it; then nothing is pending', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-migrate-cli-'));
    dataDirs.push(dataDir);
    const last = codeMigrationLevel().tag;

    const dryRun = await migrateCli(dataDir, '--dry-run');
    expect(dryRun).toMatch(/Would apply \d+ migrations \(pglite\), in this order:/);
    expect(dryRun).toContain('drizzle/0000_initial.sql');
    expect(dryRun).toContain(`drizzle/${last}.sql`);
    // Nothing was applied: the same list again.
    expect(await migrateCli(dataDir, '--dry-run')).toBe(dryRun);

    expect(await migrateCli(dataDir)).toMatch(
      new RegExp(`Applied \\d+ migrations \\(pglite\\): .*${last}`),
    );
    expect(await migrateCli(dataDir, '--dry-run')).toMatch(
      /up to date \(pglite\): nothing would run/,
    );
  }, 120_000);
});
