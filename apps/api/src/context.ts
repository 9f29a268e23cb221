import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { waitForDatabase } from './db/connect.js';
import {
  createRateLimiters,
  NON_PRODUCTION_LIMIT_MULTIPLIER,
  type RateLimiters,
  type RateLimitSettings,
} from './http/rate-limit.js';
import { DatabaseSessionStore } from './http/session-store.js';
import { createPaymentsProvider, type PaymentsProvider } from './features/billing/index.js';
import { createLocalStorage, createS3Storage, type MediaStorage } from './features/media/index.js';
import { createConfiguredClassifier, type ImageClassifier } from './features/image-safety/index.js';
import { createBackgroundTasks, type BackgroundTasks } from './platform/background.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createLogger, type Logger } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { countedMailer, countedSms, createMetrics, type Metrics } from './platform/metrics.js';
import { createSmsSender, type SmsSender } from './platform/sms.js';
import { checkDataEncryptionKey } from './platform/encryption-key-check.js';
import { createLiveEvents, SESSION_ENDED_EVENT, type LiveEvents } from './platform/live-events.js';

/**
 * Everything a request handler or job may need, built once at start and passed down explicitly
 * (no module-level singletons), so tests can build as many independent apps as they like.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  sessionStore: DatabaseSessionStore;
  mailer: Mailer;
  sms: SmsSender;
  storage: MediaStorage;
  clock: Clock;
  /** Brute-force limits for account entry (shared across processes on a PostgreSQL server). */
  rateLimiters: RateLimiters;
  /** Work a request starts after its reply (see platform/background.ts). */
  background: BackgroundTasks;
  /**
   * Member-addressed events heard by every API process (notification streams; messages later):
   * in-process on PGlite, LISTEN/NOTIFY on a PostgreSQL server, Redis pub/sub with REDIS_URL.
   */
  liveEvents: LiveEvents;
  /** Who takes payment for paid plans: the test-mode provider or Stripe (features/billing). */
  payments: PaymentsProvider;
  /** Prometheus metrics of this app (GET /metrics); features may add their own to its registry. */
  metrics: Metrics;
  /** Scores images for explicit content (features/image-safety): the NSFW model in workers. */
  imageClassifier: ImageClassifier;
}

export type ContextOverrides = Partial<
  Pick<
    AppContext,
    | 'logger'
    | 'mailer'
    | 'sms'
    | 'clock'
    | 'storage'
    | 'background'
    | 'liveEvents'
    | 'payments'
    | 'imageClassifier'
  >
> & {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Tighter or looser brute-force limits than the defaults (tests exercise them this way). */
  rateLimits?: Partial<RateLimitSettings>;
};

export async function createAppContext(
  config: Config,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const database = overrides.database ?? (await openConfiguredDatabase(config, logger));
  try {
    const applied = await database.migrate();
    if (applied.length > 0) {
      logger.info(
        { migrations: applied },
        `applied ${applied.length} database migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`,
      );
    } else {
      logger.info('database schema up to date');
    }
    await checkDataEncryptionKey(database.db, config.dataEncryptionKey);
  } catch (error) {
    if (!overrides.database) await database.close().catch(() => {});
    throw error;
  }
  let liveEvents: LiveEvents;
  try {
    liveEvents =
      overrides.liveEvents ??
      (await createLiveEvents({ logger, redisUrl: config.redisUrl, postgresPool: database.pool }));
  } catch (error) {
    if (!overrides.database) await database.close().catch(() => {});
    throw error;
  }
  logger.info({ liveEvents: liveEvents.kind }, `live events through ${liveEvents.kind}`);
  const metrics = createMetrics(database);
  return {
    config,
    logger,
    database,
    db: database.db,
    sessionStore: new DatabaseSessionStore(
      database.db,
      overrides.clock ?? systemClock,
      // Every way a session ends comes through the store: its open streams hear of it and end.
      (ended) => {
        for (const { userId, publicId } of ended) {
          liveEvents
            .publish(userId, { event: SESSION_ENDED_EVENT, data: { sessionPublicId: publicId } })
            .catch((error: unknown) =>
              logger.error({ err: error }, 'could not announce an ended session'),
            );
        }
      },
      // …and other processes' ends evict this one's cached sessions.
      liveEvents,
    ),
    mailer: countedMailer(
      overrides.mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          outboxDir: path.join(config.dataDir, 'outbox'),
          logger,
        }),
      metrics,
    ),
    sms: countedSms(overrides.sms ?? createSmsSender({ twilio: config.twilio, logger }), metrics),
    storage: overrides.storage ?? createMediaStorage(config),
    clock: overrides.clock ?? systemClock,
    rateLimiters: createRateLimiters(
      database,
      overrides.rateLimits,
      config.rateLimitMultiplier ?? (config.isProduction ? 1 : NON_PRODUCTION_LIMIT_MULTIPLIER),
    ),
    background: overrides.background ?? createBackgroundTasks(logger),
    liveEvents,
    payments: overrides.payments ?? createPaymentsProvider(config.payments),
    metrics,
    imageClassifier:
      overrides.imageClassifier ?? createConfiguredClassifier(config, logger, metrics),
  };
}

/** The configured database, waited for (bounded) when it is a PostgreSQL server. */
async function openConfiguredDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // PostgreSQL's work then runs on a second core beside the HTTP server's (db/pglite-thread.ts).
    pgliteThread: true,
  });
  if (config.databaseUrl) {
    try {
      await waitForDatabase(database, {
        url: config.databaseUrl,
        timeoutMs: config.databaseConnectTimeoutMs,
        logger,
      });
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
  }
  return database;
}

export async function closeAppContext(context: AppContext): Promise<void> {
  // Images still waiting for the classifier are left (their posts stay covered) and it stops;
  // tasks started after a reply (emails) finish before their database and mailer close.
  await context.imageClassifier.close();
  await context.background.settled();
  context.sessionStore.close();
  context.mailer.close();
  await context.liveEvents.close();
  await context.database.close();
}

/** The media store configuration names: DATA_DIR/media on this machine, or an S3 bucket. */
function createMediaStorage(config: Config): MediaStorage {
  return config.mediaStorage.kind === 's3'
    ? createS3Storage(config.mediaStorage)
    : createLocalStorage(path.join(config.dataDir, 'media'));
}
