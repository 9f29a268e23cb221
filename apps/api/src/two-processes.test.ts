import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema.js';
import { totpCodeAt } from './features/auth/index.js';
import { openEventStream } from './features/notifications/test-sse-client.js';
import { buildPost } from './features/posts/test-factories.js';
import { createTestApp, type TestApp } from './test/app.js';
import { openTestDatabase } from './test/database.js';
import { buildUser, signedInUser, TEST_PASSWORD } from './test/factories.js';
import {
  startServer,
  stopServer,
  TEST_SERVER_PUBLIC_URL,
  testServerEnv,
  type ServerProcess,
} from './test/server-process.js';

/**
 * Issue 20's "past one machine": two API server processes (each its own pool, jobs and LISTEN
 * connection) on one PostgreSQL database, behind a round-robin client as a load balancer would
 * be. A session made on one serves the other, a rate limit counts requests to both, a scheduled
 * job's work is done once, and a live event reaches a member connected to the other process.
 * PGlite is one process only: this runs in CI's PostgreSQL pass (TEST_DATABASE_URL).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    'two-process test skipped: it needs a PostgreSQL server (set TEST_DATABASE_URL, as CI does in its second pass); the embedded PGlite database is one process only',
  );
}

// The login limit per IP is 20 attempts per 15 minutes; halved, it is reached quickly.
const RATE_LIMIT_MULTIPLIER = 0.5;
const LOGINS_PER_IP = 20 * RATE_LIMIT_MULTIPLIER;

/** A client sending each request to the next process in turn, keeping cookies like a browser. */
function roundRobin(servers: ServerProcess[]) {
  let next = 0;
  return {
    async send(
      method: string,
      pathname: string,
      options: { body?: unknown; cookies?: Map<string, string> } = {},
    ) {
      const server = servers[next++ % servers.length]!;
      const headers: Record<string, string> = { Origin: TEST_SERVER_PUBLIC_URL };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.cookies?.size) {
        headers.Cookie = [...options.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      }
      const response = await fetch(`${server.url}${pathname}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        options.cookies?.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return { response, server, body: (await response.json().catch(() => null)) as never };
    },
  };
}

/** Mails kept by a process (MAIL_TRANSPORT=outbox) that were sent to `email`. */
function mailsTo(dataDir: string, email: string): number {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return 0;
  return readdirSync(outbox).filter((file) =>
    readFileSync(path.join(outbox, file), 'utf8').includes(email),
  ).length;
}

describe.skipIf(!serverUrl)(
  `two API processes on one PostgreSQL database${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let seeder: TestApp;
    let a: ServerProcess;
    let b: ServerProcess;
    const dataDirs: string[] = [];
    let dueMemberEmail: string;

    beforeAll(async () => {
      const database = await openTestDatabase();
      const databaseUrl = String(database.pool!.options.connectionString);
      const secrets = {
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      };
      seeder = await createTestApp({ database, env: secrets });
      // Due for the "trial ends in 7 days" reminder when the processes' jobs first run.
      const due = await buildUser(seeder.context, {
        trialEndDate: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
        trialRemindedAt: null,
      });
      dueMemberEmail = due.email;
      const env = () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-two-'));
        dataDirs.push(dataDir);
        return {
          ...testServerEnv(databaseUrl, dataDir),
          ...secrets,
          REDIS_URL: '',
          RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
        };
      };
      [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await seeder?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a session made on one process works on the other, through every step of signing in', async () => {
      const member = await buildUser(seeder.context, { totpEnabledAt: null });
      const client = roundRobin([a, b]);
      const cookies = new Map<string, string>();

      const login = await client.send('POST', '/api/users/login', {
        body: { email: member.email, password: TEST_PASSWORD },
        cookies,
      });
      expect(login.server).toBe(a);
      expect(login.response.status, JSON.stringify(login.body)).toBe(200);
      // B knows A's half-signed-in session: it sets up the authenticator for it…
      const setup = await client.send('POST', '/api/2fa/setup', {
        body: { userId: member.id },
        cookies,
      });
      expect(setup.server).toBe(b);
      expect(setup.response.status, JSON.stringify(setup.body)).toBe(200);
      const secret = (setup.body as { secret: string }).secret;
      // …A completes it with the code…
      const verify = await client.send('POST', '/api/2fa/verify', {
        body: { userId: member.id, token: totpCodeAt(secret, new Date()) },
        cookies,
      });
      expect(verify.server).toBe(a);
      expect(verify.response.status, JSON.stringify(verify.body)).toBe(200);
      // …and B serves the member's pages with the full session A made.
      const feed = await client.send('GET', '/api/posts', { cookies });
      expect(feed.server).toBe(b);
      expect(feed.response.status, JSON.stringify(feed.body)).toBe(200);
    });

    it(`the login limit per IP counts attempts to both processes (${LOGINS_PER_IP} in all, not per process)`, async () => {
      const client = roundRobin([a, b]);
      // The previous test's login counted too (same IP, same window).
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LOGINS_PER_IP + 2; attempt++) {
        const { response } = await client.send('POST', '/api/users/login', {
          body: {
            email: `nobody-${randomBytes(4).toString('hex')}@example.com`,
            password: 'wrong-password',
          },
        });
        statuses.push(response.status);
      }
      const accepted = statuses.indexOf(429);
      expect(statuses, statuses.join(',')).toContain(429);
      expect(accepted).toBe(LOGINS_PER_IP - 1);
      expect(statuses.slice(accepted).every((status) => status === 429)).toBe(true);
    });

    it('a live event from one process reaches a member connected to the other', async () => {
      const author = await signedInUser(seeder.context);
      const liker = await signedInUser(seeder.context);
      const post = await buildPost(seeder.context, author.user.id);
      const stream = await openEventStream(`${b.url}/api/notifications/stream`, {
        cookie: author.cookie,
      });
      try {
        expect(stream.status).toBe(200);
        await stream.waitFor((event) => event.event === 'unread', 10_000);
        const like = await fetch(`${a.url}/api/posts/like`, {
          method: 'POST',
          headers: {
            Cookie: liker.cookie,
            'Content-Type': 'application/json',
            Origin: TEST_SERVER_PUBLIC_URL,
          },
          body: JSON.stringify({ postId: post.id }),
        });
        expect(like.status).toBe(200);
        const event = await stream.waitFor((received) => received.event === 'notification', 5000);
        expect(event.data).toMatchObject({ type: 'like', post: { _id: post.id } });
      } finally {
        stream.close();
      }
    });

    it('a scheduled job run by both processes does its work once (the trial reminder is mailed once)', async () => {
      // Both processes run their jobs 30 s after start, at about the same moment.
      const deadline = Date.now() + 90_000;
      const sent = () =>
        mailsTo(dataDirs[0]!, dueMemberEmail) + mailsTo(dataDirs[1]!, dueMemberEmail);
      while (sent() === 0 && Date.now() < deadline) await sleep(500);
      // Give the slower process time to finish its own run.
      await sleep(5000);
      expect(sent()).toBe(1);
      const [row] = await seeder.context.db
        .select({ remindedAt: users.trialRemindedAt })
        .from(users)
        .where(eq(users.email, dueMemberEmail));
      expect(row!.remindedAt).not.toBeNull();
    }, 120_000);
  },
);
