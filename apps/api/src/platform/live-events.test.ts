import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { adminQuery, serverDatabaseName, withDatabaseName } from '../test/database.js';
import {
  CLOSED_EVENT,
  createInProcessLiveEvents,
  createPostgresLiveEvents,
  createRedisLiveEvents,
  NOTIFY_PAYLOAD_LIMIT,
  RESYNC_EVENT,
  type LiveEvent,
  type LiveEvents,
} from './live-events.js';
import { createLogger } from './logger.js';

const logger = createLogger('silent');

/** The PostgreSQL server these tests use: CI's (TEST_DATABASE_URL), else the local one. */
const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const postgresReachable = await adminQuery(postgresServer, 'SELECT 1').then(
  () => true,
  () => false,
);
const redisReachable = await portOpen(new URL(redisUrl));

function portOpen(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
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
}

/** Collects what a member's subscription hears; `next(n)` waits until n events have come. */
function recorder(bus: LiveEvents, memberId: string) {
  const heard: LiveEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const unsubscribe = bus.subscribe(memberId, (event) => {
    heard.push(event);
    for (const waiter of waiters) if (heard.length >= waiter.count) waiter.resolve();
  });
  return {
    heard,
    unsubscribe,
    next(count: number, timeoutMs = 2000): Promise<LiveEvent[]> {
      if (heard.length >= count) return Promise.resolve(heard);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`heard ${heard.length} of ${count} events`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(heard);
          },
        });
      });
    },
  };
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every carrier shares, run against a pair of buses (two processes' worth). */
function sharedBehaviour(makePair: () => Promise<[LiveEvents, LiveEvents]>) {
  let a: LiveEvents;
  let b: LiveEvents;
  beforeAll(async () => {
    [a, b] = await makePair();
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("delivers a member's event to that member's subscribers, and only theirs", async () => {
    const ana = randomUUID();
    const ben = randomUUID();
    const anaHears = recorder(b, ana);
    const benHears = recorder(b, ben);
    await a.publish(ana, { event: 'notification', id: '42', data: { hello: 'Ana' } });
    expect(await anaHears.next(1)).toEqual([
      { event: 'notification', id: '42', data: { hello: 'Ana' } },
    ]);
    await settle();
    expect(benHears.heard).toEqual([]);
    anaHears.unsubscribe();
    benHears.unsubscribe();
  });

  it('hears nothing after unsubscribing, while other subscribers of the member still do', async () => {
    const ana = randomUUID();
    const first = recorder(b, ana);
    const second = recorder(b, ana);
    first.unsubscribe();
    await a.publish(ana, { event: 'unread', data: { count: 3 } });
    expect(await second.next(1)).toEqual([{ event: 'unread', data: { count: 3 } }]);
    await settle();
    expect(first.heard).toEqual([]);
    second.unsubscribe();
  });

  it('keeps the order of one publisher’s events', async () => {
    const ana = randomUUID();
    const hears = recorder(b, ana);
    for (let index = 0; index < 20; index += 1) {
      await a.publish(ana, { event: 'unread', data: { count: index } });
    }
    const heard = await hears.next(20);
    expect(heard.map((event) => (event.data as { count: number }).count)).toEqual(
      Array.from({ length: 20 }, (_, index) => index),
    );
    hears.unsubscribe();
  });

  it('delivers an event bigger than a NOTIFY payload whole', async () => {
    const ana = randomUUID();
    const hears = recorder(b, ana);
    const big = 'é'.repeat(NOTIFY_PAYLOAD_LIMIT);
    await a.publish(ana, { event: 'message', id: 'm1', data: { text: big } });
    expect(await hears.next(1)).toEqual([{ event: 'message', id: 'm1', data: { text: big } }]);
    hears.unsubscribe();
  });

  it('survives a throwing listener: the others still hear the event', async () => {
    const ana = randomUUID();
    const unsubscribeBroken = b.subscribe(ana, () => {
      throw new Error('broken listener');
    });
    const hears = recorder(b, ana);
    await a.publish(ana, { event: 'unread', data: { count: 1 } });
    expect(await hears.next(1)).toHaveLength(1);
    unsubscribeBroken();
    hears.unsubscribe();
  });
}

describe('live events: in-process (embedded PGlite, one process)', () => {
  sharedBehaviour(async () => {
    const bus = createInProcessLiveEvents(logger);
    return [bus, bus];
  });

  it('delivers after the publishing turn, never inside it', async () => {
    const bus = createInProcessLiveEvents(logger);
    const ana = randomUUID();
    const hears = recorder(bus, ana);
    const published = bus.publish(ana, { event: 'unread', data: { count: 1 } });
    expect(hears.heard).toEqual([]);
    await published;
    await hears.next(1);
    await bus.close();
  });

  it('tells every subscriber it is closing, then delivers nothing more', async () => {
    const bus = createInProcessLiveEvents(logger);
    const ana = randomUUID();
    const hears = recorder(bus, ana);
    await bus.close();
    expect(hears.heard).toEqual([{ event: CLOSED_EVENT, data: null }]);
    await bus.publish(ana, { event: 'unread', data: { count: 1 } });
    await settle();
    expect(hears.heard).toHaveLength(1);
  });
});

describe.skipIf(!postgresReachable)(
  `live events: PostgreSQL LISTEN/NOTIFY on ${postgresServer}${postgresReachable ? '' : ' (skipped: no PostgreSQL server answers there)'}`,
  () => {
    const databaseName = serverDatabaseName('test');
    const databases: DatabaseHandle[] = [];
    /** Two pools on one database, as two API processes have. */
    const openPool = async () => {
      const database = await openDatabase({
        url: withDatabaseName(postgresServer, databaseName),
        poolSize: 2,
      });
      databases.push(database);
      return database;
    };

    beforeAll(async () => {
      await adminQuery(postgresServer, `CREATE DATABASE "${databaseName}"`);
      const first = await openPool();
      await first.migrate();
    });
    afterAll(async () => {
      await Promise.all(databases.map((database) => database.close()));
      await adminQuery(postgresServer, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    });

    sharedBehaviour(async () => {
      const [first, second] = [databases[0]!, await openPool()];
      return Promise.all([
        createPostgresLiveEvents({ pool: first.pool!, logger }),
        createPostgresLiveEvents({ pool: second.pool!, logger }),
      ]);
    });

    it('spills a big event to live_event_payloads and NOTIFYs only its reference', async () => {
      const database = databases[0]!;
      const bus = await createPostgresLiveEvents({ pool: database.pool!, logger });
      const sent: string[] = [];
      const spy = await openPool();
      const client = await spy.pool!.connect();
      client.on('notification', (message) => sent.push(message.payload ?? ''));
      await client.query('LISTEN kindred_live_events');
      const ana = randomUUID();
      await bus.publish(ana, { event: 'message', data: { text: 'x'.repeat(9000) } });
      await bus.publish(ana, { event: 'unread', data: { count: 1 } });
      await settle();
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(/^ref:\d+$/);
      expect(JSON.parse(sent[1]!)).toEqual({ m: ana, e: { event: 'unread', data: { count: 1 } } });
      client.release();
      await bus.close();
    });

    it('reconnects its LISTEN connection when the server drops it, and tells subscribers to resync', async () => {
      const database = databases[0]!;
      const bus = await createPostgresLiveEvents({ pool: database.pool!, logger });
      const ana = randomUUID();
      const hears = recorder(bus, ana);
      // What an administrator or a failover does to the listening connection.
      await database.pool!.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      const [resync] = await hears.next(1, 5000);
      expect(resync).toEqual({ event: RESYNC_EVENT, data: null });
      await bus.publish(ana, { event: 'unread', data: { count: 7 } });
      expect((await hears.next(2))[1]).toEqual({ event: 'unread', data: { count: 7 } });
      hears.unsubscribe();
      await bus.close();
    });
  },
);

describe.skipIf(!redisReachable)(
  `live events: Redis pub/sub on ${redisUrl}${redisReachable ? '' : ' (skipped: no Redis server answers there)'}`,
  () => {
    // A channel of this run's own, so parallel runs on one Redis never hear each other.
    const channel = `kindred:test:${randomUUID()}`;

    sharedBehaviour(() =>
      Promise.all([
        createRedisLiveEvents({ url: redisUrl, channel, logger }),
        createRedisLiveEvents({ url: redisUrl, channel, logger }),
      ]),
    );

    it('refuses to start when Redis does not answer, rather than dropping events silently', async () => {
      await expect(
        createRedisLiveEvents({ url: 'redis://127.0.0.1:9', channel, logger }),
      ).rejects.toThrow('cannot reach the Redis server in REDIS_URL (127.0.0.1:9)');
    });
  },
);
