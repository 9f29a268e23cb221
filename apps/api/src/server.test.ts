import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server in a child process (tsx, as `pnpm dev` runs it): what an operator sees at start,
 * on a bad start, and on SIGTERM.
 */

const apiRoot = path.resolve(import.meta.dirname, '..');
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-server-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`. */
  waitFor(text: string): Promise<void>;
}

function startServer(env: Record<string, string>): ServerProcess {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      // As the test app does (test/app.ts): at the production cost a password hash takes seconds on
      // a busy machine, longer than the in-flight login below has before the stop cuts it.
      BCRYPT_COST: '4',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (output.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    port,
    output: () => output,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`exited before "${text}":\n${output}`)));
      }),
  };
}

/** Resolves with `value` or rejects after `ms`: bounds how long a child process may take. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const journal = JSON.parse(
  readFileSync(path.join(apiRoot, 'drizzle', 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

/** A raw HTTP/1.1 connection: what was received, and whether the server closed it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const until = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(received)) {
          socket.off('data', check);
          resolve();
        }
      };
      socket.on('data', check);
      void closed.then(() => reject(new Error(`closed before ${String(pattern)}: ${received}`)));
      check();
    });
  return { socket, received: () => received, closed, until };
}

const GRACE_MS = 2000;

// A test that starts a server process allows it 120 s: the child imports the whole app under tsx
// (drizzle, the AWS SDK, sharp, PGlite's WebAssembly…) before it even reads its configuration,
// seconds on a quiet machine and over 30 s at load average 20 on two cores. The first start, on an
// empty DATA_DIR, also runs initdb and every migration: 42 s at load 16, over 120 s at load 23.

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('server process', () => {
  const inbox: string[] = [];
  let smtp: SMTPServer;
  let server: ServerProcess;
  let dataDir: string;
  let envFile: string;
  let stalled: ReturnType<typeof rawConnection> | undefined;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          inbox.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    dataDir = tempDir();
    envFile = path.join(dataDir, 'kindred.env');
    writeFileSync(envFile, 'MAIL_FROM="Kindred <no-reply@kindred.test>"\n');
    server = startServer({
      ENV_FILE: envFile,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    await server.waitFor('listening');
  }, 300_000);

  afterAll(async () => {
    server.child.kill('SIGKILL');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('logs the settings file, the migrations it applied and the real listen address', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(await res.json()).toEqual({ success: true, database: 'pglite' });
    const output = server.output();
    expect(output).toContain(`settings loaded from ${envFile}`);
    for (const { tag } of journal.entries) expect(output).toContain(tag);
    expect(output).toContain(`listening on http://127.0.0.1:${server.port}`);
    expect(output).not.toContain('listening on http://localhost');
  });

  it('refuses a second process on the same DATA_DIR, naming the running one', async () => {
    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `another Kindred process (PID ${server.child.pid}) is using the embedded database in DATA_DIR=${dataDir}`,
    );
    expect(second.output()).not.toContain('listening');
    // The running server was not disturbed.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  }, 120_000);

  it('says the port is taken, names PORT and exits non-zero, never claiming to listen', async () => {
    const clash = startServer({ PORT: String(server.port), DATA_DIR: tempDir() });
    expect(await clash.exited, clash.output()).toBe(1);
    expect(clash.output()).toContain(`port ${server.port} is already in use (PORT=${server.port})`);
    expect(clash.output()).not.toContain('listening');
    expect(clash.output()).not.toMatch(/^\s+at /m);
  }, 120_000);

  it('on SIGTERM serves no more requests on open keep-alive connections', async () => {
    // Work done before the stop: a sign-up sends its verification mail over SMTP.
    // A browser labels its POSTs with where they come from (the API refuses unlabelled ones).
    const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' };
    const signup = await fetch(`http://127.0.0.1:${server.port}/api/users/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...sameOrigin },
      body: JSON.stringify({
        firstName: 'Asha',
        lastName: 'Rao',
        username: 'asha@example.com',
        email: 'asha@example.com',
        password: 'secret123',
        legalAgeConfirmed: true,
        termsAccepted: true,
      }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const sendCode = await fetch(`http://127.0.0.1:${server.port}/api/send-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...sameOrigin },
      body: JSON.stringify({ email: 'asha@example.com' }),
    });
    expect(sendCode.status, await sendCode.text()).toBe(200);
    await expect.poll(() => inbox, { timeout: 15_000 }).toContain('asha@example.com');

    // An idle keep-alive connection, through a real keep-alive agent.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<{ closed: Promise<void> }>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${server.port}/api/health`, { agent }, (res) => {
        expect(res.headers.connection).toBe('keep-alive');
        res.resume();
        res.on('end', () => resolve({ closed }));
      });
      const closed = new Promise<void>((onClose) =>
        req.once('socket', (socket) => socket.once('close', () => onClose())),
      );
      req.on('error', reject);
    });

    // A request in flight: its headers are read (100 Continue), its body not yet sent.
    const busy = rawConnection(server.port);
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password' });
    busy.socket.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Sec-Fetch-Site: same-origin\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await busy.until(/100 Continue/);
    // And one that will never finish (half its body, then nothing): it must not hold the stop.
    stalled = rawConnection(server.port);
    stalled.socket.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Sec-Fetch-Site: same-origin\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await stalled.until(/100 Continue/);
    stalled.socket.write(body.slice(0, 10));

    server.child.kill('SIGTERM');
    await server.waitFor('shutting down');
    await within(idle.closed, 1000, 'idle keep-alive socket closed');

    // The in-flight request is answered, told the connection closes, and a request sent after it
    // on the same connection is not served.
    busy.socket.write(`${body}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await within(busy.closed, GRACE_MS, 'in-flight connection closed');
    const responses = busy
      .received()
      .split(/(?=HTTP\/1\.1 )/)
      .slice(1); // after 100 Continue
    expect(responses[0]).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(responses[0]).toMatch(/\r\nconnection: close\r\n/i);
    expect(busy.received()).not.toMatch(/HTTP\/1\.1 200/);
    agent.destroy();
  }, 30_000);

  it('is gone within SHUTDOWN_GRACE_MS of SIGTERM, even with a request that never finishes', async () => {
    // SIGTERM was sent by the previous test, after a mail was sent and with the jobs scheduled.
    expect(stalled).toBeDefined();
    const code = await within(server.exited, GRACE_MS + 3000, 'process exit after SIGTERM');
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('stopped');
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
    await within(stalled!.closed, 1000, 'stalled connection closed');
  }, 30_000);
});

describe('server start failures', () => {
  it('names DATABASE_URL without its password and what failed, retries for a bounded time, exits 1', async () => {
    const closedPort = await freePort();
    const failed = startServer({
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://kindred:hunter2-secret@127.0.0.1:${closedPort}/kindred`,
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
    });
    // Bounded from its first retry: the time the process takes to start is not the retries'.
    await failed.waitFor('retrying');
    const code = await within(failed.exited, 15_000, 'exit on an unreachable database');
    const output = failed.output();
    expect(code, output).toBe(1);
    expect(output).not.toContain('hunter2-secret');
    expect(output).toMatch(
      new RegExp(
        `cannot reach the database at DATABASE_URL=postgres://kindred:\\*+@127\\.0\\.0\\.1:${closedPort}/kindred: .*ECONNREFUSED.*gave up after 1\\.5 s`,
      ),
    );
    expect(output).toContain('retrying');
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('listening');
  }, 120_000);

  it('refuses to start with a clear message naming a bad variable', async () => {
    const bad = startServer({ PORT: 'not-a-port', DATA_DIR: tempDir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
  }, 120_000);
});
