import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NotificationItem } from '@kindred/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { openTestDatabase } from '../../test/database.js';
import { signedInUser } from '../../test/factories.js';
import {
  startServer,
  stopServer,
  TEST_SERVER_PUBLIC_URL,
  testServerEnv,
  type ServerProcess,
} from '../../test/server-process.js';
import { buildPost } from '../posts/test-factories.js';
import { openEventStream, type EventStreamClient } from './test-sse-client.js';

/**
 * Issue 13's must-show: two API server processes (each its own pool and its own LISTEN
 * connection; nothing shared but the PostgreSQL database) — a like made through process A
 * reaches the post's author connected to process B's stream within a second. Then the same over
 * Redis pub/sub when a Redis server answers.
 *
 * It needs a PostgreSQL server: it runs in CI's second pass (TEST_DATABASE_URL) and is skipped on
 * the embedded PGlite database, whose one process cannot be opened by a second.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DELIVERY_BUDGET_MS = 1000;
const PUBLIC_URL = TEST_SERVER_PUBLIC_URL;

const redisReachable = await new Promise<boolean>((resolve) => {
  const url = new URL(redisUrl);
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
  socket.setTimeout(1000);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

if (!serverUrl) {
  console.warn(
    'two-process live-update test skipped: it needs a PostgreSQL server (set TEST_DATABASE_URL, as CI does in its second pass); PGlite is one process only',
  );
}

const carriers = [
  { name: 'PostgreSQL LISTEN/NOTIFY', kind: 'postgres', env: { REDIS_URL: '' }, available: true },
  {
    name: `Redis pub/sub (${redisUrl})`,
    kind: 'redis',
    env: { REDIS_URL: redisUrl },
    available: redisReachable,
  },
] as const;

describe.skipIf(!serverUrl)(
  `live updates across two API processes on one PostgreSQL database${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let seeder: TestApp;
    let databaseUrl: string;
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const dataDirs: string[] = [];

    beforeAll(async () => {
      // The test's own copy of the migrated database; this app only seeds members and posts.
      const database = await openTestDatabase();
      databaseUrl = String(database.pool!.options.connectionString);
      seeder = await createTestApp({ database, env: secrets });
    });
    afterAll(async () => {
      await seeder?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const serverEnv = (extra: Record<string, string>) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-live-'));
      dataDirs.push(dataDir);
      return {
        ...testServerEnv(databaseUrl, dataDir),
        // Far longer than the test waits: a stop that waited for open streams would show.
        SHUTDOWN_GRACE_MS: '60000',
        ...secrets,
        ...extra,
      };
    };

    for (const carrier of carriers) {
      it.skipIf(!carrier.available)(
        `a like made through process A reaches the author on process B's stream within ${DELIVERY_BUDGET_MS} ms (${carrier.name}${carrier.available ? '' : ': skipped, no Redis server answers'})`,
        async () => {
          let a: ServerProcess | undefined;
          let b: ServerProcess | undefined;
          let stream: EventStreamClient | undefined;
          try {
            [a, b] = await Promise.all([
              startServer(serverEnv(carrier.env)),
              startServer(serverEnv(carrier.env)),
            ]);
            for (const server of [a, b]) {
              expect(server.output()).toContain(`live events through ${carrier.kind}`);
            }
            const author = await signedInUser(seeder.context);
            const liker = await signedInUser(seeder.context);
            const post = await buildPost(seeder.context, author.user.id);

            stream = await openEventStream(`${b.url}/api/notifications/stream`, {
              cookie: author.cookie,
            });
            expect(stream.status).toBe(200);
            await stream.waitFor((event) => event.event === 'unread', 10_000);

            const likedAt = performance.now();
            const like = await fetch(`${a.url}/api/posts/like`, {
              method: 'POST',
              headers: {
                Cookie: liker.cookie,
                'Content-Type': 'application/json',
                Origin: PUBLIC_URL,
              },
              body: JSON.stringify({ postId: post.id }),
            });
            expect(like.status, await like.clone().text()).toBe(200);
            const event = await stream.waitFor(
              (received) => received.event === 'notification',
              DELIVERY_BUDGET_MS * 5,
            );
            const elapsed = performance.now() - likedAt;
            const item = event.data as NotificationItem;
            expect(item).toMatchObject({ type: 'like', post: { _id: post.id } });
            expect(item.actors.map((actor) => actor._id)).toEqual([liker.user.id]);
            console.warn(
              `two processes, ${carrier.name}: like through A → event on B's stream in ${elapsed.toFixed(0)} ms`,
            );
            expect(elapsed).toBeLessThan(DELIVERY_BUDGET_MS);

            // Stopping B ends its open stream at once instead of waiting out the grace period.
            expect(await stopServer(b)).toBe(0);
            await stream.ended;
          } finally {
            stream?.close();
            await Promise.all([stopServer(a), stopServer(b)]);
          }
        },
        180_000,
      );
    }
  },
);
