import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { closeAppContext, createAppContext, type AppContext } from './context.js';
import { startJobs } from './jobs/index.js';
import { createDrainableServer, formatAddress, listen } from './platform/http-server.js';
import { createLogger } from './platform/logger.js';
import { missingServerNodeOptions } from './platform/node-options.js';
import { shutdown } from './platform/shutdown.js';
import { StartupError } from './platform/startup-error.js';

/** A reason the operator can act on: one line, no stack, exit 1. */
function refuseToStart(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(`Kindred cannot start: ${error.message}`);
  } else {
    console.error('Kindred failed to start:', error);
  }
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    refuseToStart(error);
  }

  const logger = createLogger(config.logLevel);
  logger.info(
    { envFile: config.envFile },
    config.envFile
      ? `settings loaded from ${config.envFile} (the environment wins over it)`
      : 'settings from the environment (no .env file)',
  );
  const missingOptions = config.databaseUrl ? [] : missingServerNodeOptions();
  if (config.isProduction && missingOptions.length > 0) {
    logger.warn(
      { missing: missingOptions },
      'started on the embedded database without the memory options of npm start: pass them to node before dist/server.js',
    );
  }
  let context: AppContext;
  try {
    context = await createAppContext(config, { logger });
  } catch (error) {
    refuseToStart(error);
  }

  const http = createDrainableServer(createApp(context));
  let address;
  try {
    address = await listen(http.server, config.port, config.host);
  } catch (error) {
    await closeAppContext(context).catch(() => {});
    refuseToStart(error);
  }
  const jobs = startJobs(context);
  logger.info(
    {
      address: address.address,
      port: address.port,
      publicUrl: config.publicUrl,
      database: context.database.engine,
      mail: context.mailer.mode,
      smsDevMode: context.sms.devMode,
    },
    `Kindred is listening on ${formatAddress(address)}`,
  );

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    const jobsStopped = jobs.stop();
    // Live streams never finish on their own: ending them lets the drain below complete.
    void context.liveEvents.close();
    void shutdown(
      {
        logger,
        graceMs: config.shutdownGraceMs,
        drainRequests: () => http.drain(),
        inFlight: () => http.inFlight(),
        closeAllConnections: () => http.closeAllConnections(),
        async closeResources() {
          await jobsStopped;
          await closeAppContext(context);
        },
        exit: (code) => process.exit(code),
      },
      signal,
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

void main().catch(refuseToStart);
