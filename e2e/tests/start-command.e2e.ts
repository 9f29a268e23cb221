import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, localAppEnv } from '../support/app-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-start-'));
let processGroup: number | undefined;
afterAll(() => {
  // Whatever the outcome, nothing this test started outlives it (a server left behind included).
  if (processGroup) {
    try {
      process.kill(-processGroup, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The README's `npm start`, as a newcomer runs it: stopping it by its PID (what a process manager
 * or `kill` does) must stop the app too, free the port, and end cleanly.
 */
describe('npm start', () => {
  it('serves the app, and SIGTERM to its PID stops the server and frees the port', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...localAppEnv(port, dataDir), LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    processGroup = npm.pid;
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));

    await waitForHealth(
      `http://127.0.0.1:${port}`,
      () => npm.exitCode !== null,
      () => output,
    );
    npm.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);

    expect(code).toBe(0);
    expect(await isListening(port)).toBe(false);
    expect(output).toContain('stopped');
    expect(output).not.toContain('ELIFECYCLE');
  });
});

async function waitForHealth(baseUrl: string, ended: () => boolean, output: () => string) {
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (ended()) throw new Error(`npm start ended before serving:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('npm start did not serve within 110 s');
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}
