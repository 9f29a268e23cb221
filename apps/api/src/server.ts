import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeAppContext, createAppContext } from './context.js';
import { startJobs } from './jobs/index.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const context = await createAppContext(config);
  const { logger } = context;
  const app = createApp(context);
  const jobs = startJobs(context);

  const server: Server = app.listen(config.port, config.host, () => {
    logger.info(
      {
        port: config.port,
        database: context.database.engine,
        mail: context.mailer.mode,
        smsDevMode: context.sms.devMode,
      },
      `Kindred is listening on http://localhost:${config.port}`,
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'could not start the HTTP server');
    process.exit(1);
  });

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing anyway');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    jobs.stop();
    // Stop accepting; idle keep-alive sockets are closed so `close` can complete.
    server.close(() => {
      void closeAppContext(context)
        .catch((error: unknown) => logger.error({ err: error }, 'error while closing'))
        .finally(() => {
          logger.info('stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main().catch((error: unknown) => {
  console.error('Kindred failed to start:', error);
  process.exit(1);
});
