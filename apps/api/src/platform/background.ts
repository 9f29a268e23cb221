import type { Logger } from './logger.js';

/**
 * Work a request starts but does not wait for ("after the response"): a reply must not depend on
 * it — e.g. password reset answers the same, in the same time, whether or not the email has an
 * account, and the account look-up, the code and the email come after. Each task starts on the
 * next turn of the event loop, after the current handler has sent its reply; a failure is logged,
 * never thrown. `settled()` lets shutdown (and tests) wait for what is still running.
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended. */
  settled(): Promise<void>;
}

export function createBackgroundTasks(logger: Pick<Logger, 'error'>): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, task: name }, `${name} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
