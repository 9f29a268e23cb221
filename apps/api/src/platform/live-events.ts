import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from './logger.js';
import { StartupError } from './startup-error.js';

/**
 * Member-addressed live events: a process publishes "this happened for member M" and every
 * process holding a stream of M's (a Server-Sent Events connection) hears it. Notifications go
 * through it now, messages later. Three carriers, chosen by configuration:
 *  - in-process: the embedded PGlite database is one process's, so there is no one else to tell;
 *  - PostgreSQL LISTEN/NOTIFY: several API processes on one PostgreSQL server need nothing more;
 *  - Redis pub/sub (REDIS_URL): when the database should not carry the fan-out.
 * Delivery is at most once: a carrier that loses its connection says so with a RESYNC_EVENT to
 * every local subscriber once it is back, so a stream re-reads what it may have missed.
 */

export interface LiveEvent {
  /** The SSE event name (`notification`, `unread`, `message`, or an internal one such as `session-ended`). */
  event: string;
  /** The SSE id a client resumes from (Last-Event-ID); only events that can be replayed carry one. */
  id?: string;
  data: unknown;
}

export type LiveEventListener = (event: LiveEvent) => void;

export interface LiveEvents {
  readonly kind: 'in-process' | 'postgres' | 'redis';
  /** Hands the event to every process; resolves once the carrier has taken it. */
  publish(memberId: string, event: LiveEvent): Promise<void>;
  /** Hears the member's events in this process; call the returned function to stop. */
  subscribe(memberId: string, listener: LiveEventListener): () => void;
  /**
   * Ends every local subscription (each hears CLOSED_EVENT first) and releases the carrier's
   * connections; a second call does nothing.
   */
  close(): Promise<void>;
}

/** Sent to every local subscriber after a carrier reconnects: events may have been lost meanwhile. */
export const RESYNC_EVENT = 'live-events:resync';

/**
 * Sent to every local subscriber when the bus closes (the process is stopping): streams end, so
 * the server's drain is not held by connections that never finish on their own.
 */
export const CLOSED_EVENT = 'live-events:closed';

/** A member's session ended (logout, revoked, password reset, account disabled): its streams end. */
export const SESSION_ENDED_EVENT = 'session-ended';

export interface SessionEndedData {
  /** The ended session's public id (never its cookie secret). */
  sessionPublicId: string;
}

/** The PostgreSQL channel every API process LISTENs on; NOTIFY is scoped to one database. */
export const POSTGRES_CHANNEL = 'kindred_live_events';
/** NOTIFY refuses payloads of 8000 bytes or more; bigger events travel as a reference to a row. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;
/** Spilled events are read within moments; older rows are swept by later spills. */
const SPILL_RETENTION = '5 minutes';
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

export interface LiveEventsOptions {
  logger: Logger;
  /** Set: Redis pub/sub. */
  redisUrl?: string | undefined;
  /** Redis channel name; one per deployment sharing a Redis server. */
  redisChannel?: string;
  /** Set (and no redisUrl): PostgreSQL LISTEN/NOTIFY on this pool's server and database. */
  postgresPool?: pg.Pool | undefined;
}

/** The carrier the configuration calls for, listening before it resolves. */
export async function createLiveEvents(options: LiveEventsOptions): Promise<LiveEvents> {
  if (options.redisUrl) {
    return createRedisLiveEvents({
      url: options.redisUrl,
      channel: options.redisChannel ?? 'kindred:live-events',
      logger: options.logger,
    });
  }
  if (options.postgresPool) {
    return createPostgresLiveEvents({ pool: options.postgresPool, logger: options.logger });
  }
  return createInProcessLiveEvents(options.logger);
}

/** The subscribers of this process, by member; every carrier delivers through one of these. */
class LocalSubscribers {
  private readonly byMember = new Map<string, Set<LiveEventListener>>();

  constructor(private readonly logger: Logger) {}

  subscribe(memberId: string, listener: LiveEventListener): () => void {
    let listeners = this.byMember.get(memberId);
    if (!listeners) {
      listeners = new Set();
      this.byMember.set(memberId, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.byMember.get(memberId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.byMember.delete(memberId);
    };
  }

  deliver(memberId: string, event: LiveEvent): void {
    const listeners = this.byMember.get(memberId);
    if (!listeners) return;
    // A copy: a listener may unsubscribe (its stream ending) while we iterate.
    for (const listener of [...listeners]) this.call(listener, event);
  }

  /** Every local subscriber, whatever member: used for RESYNC_EVENT. */
  deliverToAll(event: LiveEvent): void {
    for (const listeners of this.byMember.values()) {
      for (const listener of [...listeners]) this.call(listener, event);
    }
  }

  /** Tells every subscriber the bus is closing, then forgets them. */
  close(): void {
    this.deliverToAll({ event: CLOSED_EVENT, data: null });
    this.byMember.clear();
  }

  private call(listener: LiveEventListener, event: LiveEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.logger.error({ err: error, event: event.event }, 'live event listener failed');
    }
  }
}

/** What crosses processes: the member and the event, as JSON. */
interface Envelope {
  m: string;
  e: LiveEvent;
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const value = JSON.parse(text) as Partial<Envelope>;
    if (typeof value.m === 'string' && value.e && typeof value.e.event === 'string') {
      return value as Envelope;
    }
  } catch {
    // fall through
  }
  return undefined;
}

export function createInProcessLiveEvents(logger: Logger): LiveEvents {
  const local = new LocalSubscribers(logger);
  let closed = false;
  return {
    kind: 'in-process',
    publish(memberId, event) {
      // Asynchronous like the other carriers, so no caller comes to rely on synchronous delivery.
      if (!closed) queueMicrotask(() => local.deliver(memberId, event));
      return Promise.resolve();
    },
    subscribe: (memberId, listener) => local.subscribe(memberId, listener),
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      local.close();
      return Promise.resolve();
    },
  };
}

export interface PostgresLiveEventsOptions {
  /** NOTIFY goes through the app's pool; LISTEN holds a dedicated connection made with its settings. */
  pool: pg.Pool;
  logger: Logger;
  channel?: string;
}

/**
 * LISTEN/NOTIFY on one channel: each process LISTENs on a connection of its own (a pooled one
 * would be handed to other queries) and keeps the events of its own subscribers. A payload too big
 * for NOTIFY is written to live_event_payloads and the notification carries its row id.
 */
export async function createPostgresLiveEvents(
  options: PostgresLiveEventsOptions,
): Promise<LiveEvents> {
  const { pool, logger } = options;
  const channel = options.channel ?? POSTGRES_CHANNEL;
  const local = new LocalSubscribers(logger);
  let listener: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const deliverPayload = async (payload: string) => {
    const envelope = parseEnvelope(payload);
    if (envelope) return local.deliver(envelope.m, envelope.e);
    const spilled = /^ref:(\d+)$/.exec(payload);
    if (!spilled) return logger.warn({ channel }, 'unreadable live event ignored');
    const { rows } = await pool.query<{ payload: string }>(
      'SELECT payload::text AS payload FROM live_event_payloads WHERE id = $1',
      [spilled[1]],
    );
    const stored = rows[0] && parseEnvelope(rows[0].payload);
    if (stored) local.deliver(stored.m, stored.e);
    else logger.warn({ ref: spilled[1] }, 'spilled live event gone before it was read');
  };

  const connect = async (): Promise<void> => {
    // Keep-alive probes: an idle LISTEN connection is otherwise dropped silently by some networks.
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      deliverPayload(message.payload).catch((error: unknown) =>
        logger.error({ err: error }, 'live event delivery failed'),
      );
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'live events: LISTEN connection lost; reconnecting');
      onLost(client);
    });
    client.on('end', () => onLost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
  };

  // Only the connection in use counts (a half-made one that fails is retried by its own caller);
  // 'error' and 'end' both come for one loss.
  const onLost = (client: pg.Client) => {
    if (closed || client !== listener) return;
    listener = undefined;
    client.end().catch(() => {});
    retry();
  };

  const retry = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (closed) return;
      connect().then(
        () => {
          if (closed) return;
          attempt = 0;
          logger.info('live events: LISTEN connection restored');
          local.deliverToAll({ event: RESYNC_EVENT, data: null });
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'live events: reconnect failed; retrying');
          retry();
        },
      );
    }, delay);
    reconnectTimer.unref();
  };

  await connect();

  return {
    kind: 'postgres',
    async publish(memberId, event) {
      if (closed) return;
      const payload = JSON.stringify({ m: memberId, e: event } satisfies Envelope);
      if (Buffer.byteLength(payload) < NOTIFY_PAYLOAD_LIMIT) {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
        return;
      }
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `DELETE FROM live_event_payloads WHERE created_at < now() - interval '${SPILL_RETENTION}'`,
        );
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO live_event_payloads (payload) VALUES ($1::jsonb) RETURNING id::text AS id',
          [payload],
        );
        // Sent in the same transaction: listeners hear it only once the row is there to read.
        await client.query('SELECT pg_notify($1, $2)', [channel, `ref:${rows[0]!.id}`]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    subscribe: (memberId, listen) => local.subscribe(memberId, listen),
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      local.close();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

export interface RedisLiveEventsOptions {
  url: string;
  channel: string;
  logger: Logger;
}

/**
 * Redis pub/sub on one channel: a subscriber connection (Redis reserves a subscribed connection
 * for messages) and a publisher one. ioredis reconnects and resubscribes by itself; after a
 * reconnect the subscribers get a RESYNC_EVENT.
 */
export async function createRedisLiveEvents(options: RedisLiveEventsOptions): Promise<LiveEvents> {
  const { url, channel, logger } = options;
  const local = new LocalSubscribers(logger);
  const connectionName = `kindred-live-${randomUUID().slice(0, 8)}`;
  const redisOptions = { connectionName, maxRetriesPerRequest: 3, lazyConnect: true };
  const publisher = new Redis(url, redisOptions);
  const subscriber = new Redis(url, redisOptions);
  let closed = false;
  let connectedOnce = false;
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: unknown) =>
      logger.warn({ err: error, role }, 'live events: Redis connection error'),
    );
  }
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const envelope = parseEnvelope(message);
    if (envelope) local.deliver(envelope.m, envelope.e);
    else logger.warn({ channel }, 'unreadable live event ignored');
  });
  subscriber.on('ready', () => {
    if (connectedOnce && !closed) {
      logger.info('live events: Redis connection restored');
      local.deliverToAll({ event: RESYNC_EVENT, data: null });
    }
    connectedOnce = true;
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    const { host } = new URL(url);
    throw new StartupError(`cannot reach the Redis server in REDIS_URL (${host}): ${reason}`);
  }

  return {
    kind: 'redis',
    async publish(memberId, event) {
      if (closed) return;
      await publisher.publish(
        channel,
        JSON.stringify({ m: memberId, e: event } satisfies Envelope),
      );
    },
    subscribe: (memberId, listener) => local.subscribe(memberId, listener),
    async close() {
      if (closed) return;
      closed = true;
      local.close();
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
