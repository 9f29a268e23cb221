import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Real API server processes for tests that need more than one (live events across processes,
 * apps/api/src/two-processes.test.ts): `src/server.ts` run by tsx, as `pnpm dev` runs it, each
 * with its own pool, jobs and live-event connection — nothing shared but what the env names.
 */

const apiRoot = path.resolve(import.meta.dirname, '../..');

export const TEST_SERVER_PUBLIC_URL = 'http://localhost:3000';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
}

/** The settings of a test server process on `databaseUrl` with its own `dataDir`. */
export function testServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_SERVER_PUBLIC_URL,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    GEOCODER_URL: 'http://127.0.0.1:9/',
    SMTP_URL: '',
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
  };
}

/** `src/server.ts` in a child process, once it is listening. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, url: listening[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves with the exit code (null when it had to be killed). */
export async function stopServer(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
