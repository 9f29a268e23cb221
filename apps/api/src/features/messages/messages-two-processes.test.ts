import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MessageEventData } from '@kindred/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../db/schema.js';
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
import { openEventStream, type EventStreamClient } from '../notifications/test-sse-client.js';

/**
 * Issue 16's must-show: two API server processes on one PostgreSQL database — a message sent
 * through process A reaches the recipient's stream on process B within a second, as the
 * recipient sees it (text opened, their unread total), though the bus carried only its ids.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); skipped on PGlite, whose one process cannot be
 * opened by a second.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const DELIVERY_BUDGET_MS = 1000;

describe.skipIf(!serverUrl)(
  `messages across two API processes${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let seeder: TestApp;
    let databaseUrl: string;
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const dataDirs: string[] = [];

    beforeAll(async () => {
      const database = await openTestDatabase();
      databaseUrl = String(database.pool!.options.connectionString);
      seeder = await createTestApp({ database, env: secrets });
    });
    afterAll(async () => {
      await seeder?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const serverEnv = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-messages-'));
      dataDirs.push(dataDir);
      return { ...testServerEnv(databaseUrl, dataDir), ...secrets, REDIS_URL: '' };
    };

    it(`a message sent through A reaches the recipient on B within ${DELIVERY_BUDGET_MS} ms`, async () => {
      let a: ServerProcess | undefined;
      let b: ServerProcess | undefined;
      let stream: EventStreamClient | undefined;
      try {
        [a, b] = await Promise.all([startServer(serverEnv()), startServer(serverEnv())]);
        const sender = await signedInUser(seeder.context);
        const recipient = await signedInUser(seeder.context);
        const [low, high] = [sender.user.id, recipient.user.id].sort();
        await seeder.context.db.insert(matches).values({ memberLow: low!, memberHigh: high! });

        const post = (url: string, body: unknown) =>
          fetch(url, {
            method: 'POST',
            headers: {
              Cookie: sender.cookie,
              'Content-Type': 'application/json',
              Origin: TEST_SERVER_PUBLIC_URL,
            },
            body: JSON.stringify(body),
          });
        const opened = await post(`${a.url}/api/conversations`, { userId: recipient.user.id });
        expect(opened.status, await opened.clone().text()).toBe(200);
        const conversationId = ((await opened.json()) as { conversation: { _id: string } })
          .conversation._id;

        stream = await openEventStream(`${b.url}/api/notifications/stream`, {
          cookie: recipient.cookie,
        });
        expect(stream.status).toBe(200);
        await stream.waitFor((event) => event.event === 'unread', 10_000);

        const sentAt = performance.now();
        const sent = await post(`${a.url}/api/conversations/${conversationId}/messages`, {
          text: 'Across the processes',
        });
        expect(sent.status, await sent.clone().text()).toBe(201);
        const event = await stream.waitFor(
          (received) => received.event === 'message',
          DELIVERY_BUDGET_MS * 5,
        );
        const elapsed = performance.now() - sentAt;
        expect(event.data as MessageEventData).toMatchObject({
          conversationId,
          chatMessage: { text: 'Across the processes', mine: false, senderId: sender.user.id },
          unreadTotal: 1,
        });
        console.warn(
          `two processes: message through A → event on B's stream in ${elapsed.toFixed(0)} ms`,
        );
        expect(elapsed).toBeLessThan(DELIVERY_BUDGET_MS);
      } finally {
        stream?.close();
        await Promise.all([stopServer(a), stopServer(b)]);
      }
    }, 180_000);
  },
);
