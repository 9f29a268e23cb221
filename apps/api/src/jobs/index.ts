import type { AppContext } from '../context.js';

export interface RunningJobs {
  stop(): void;
}

/** Starts the scheduled background jobs of this process. */
export function startJobs(_context: AppContext): RunningJobs {
  const timers: NodeJS.Timeout[] = [];
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
