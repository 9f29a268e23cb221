import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, localAppEnv } from './app-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * Starts the production build of the app (API + built web app in one process) on a free port with
 * its own empty DATA_DIR: embedded database, dev outbox for mail, SMS dev mode.
 */
export default async function setup(project: TestProject) {
  const serverEntry = path.join(root, 'apps', 'api', 'dist', 'server.js');
  const webIndex = path.join(root, 'apps', 'web', 'dist', 'index.html');
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run the build first (pnpm test:e2e builds).`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...localAppEnv(port, dataDir), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const STARTUP_LIMIT_MS = 180_000;

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  // Generous: on a loaded two-core machine the first start (migrations, model warm-up) has taken ~60 s.
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy within ${STARTUP_LIMIT_MS / 1000} s`);
}
