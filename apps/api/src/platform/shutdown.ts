type LogFn = (object: object, message: string) => void;

export interface ShutdownPlan {
  logger: { info: LogFn; warn: LogFn; error: LogFn };
  /** The whole stop, requests and resources, ends within this; then the process exits anyway. */
  graceMs: number;
  /** Stop taking requests; resolves once every connection has ended. */
  drainRequests(): Promise<void>;
  /** How many requests are still running (for the log). */
  inFlight(): number;
  /** Cut every connection still open once the requests' share of the grace period is over. */
  closeAllConnections(): void;
  /** Stop the jobs and close the database, pools and mail transport. */
  closeResources(): Promise<void>;
  exit(code: number): void;
  /** What still keeps the process alive (defaults to Node's own list). */
  activeResources?: () => string[];
}

/** The share of the grace period kept for closing resources after the requests. */
export function requestBudgetMs(graceMs: number): number {
  return graceMs - Math.min(Math.floor(graceMs / 4), 2000);
}

/**
 * Stops the server within `graceMs` whatever still holds on: requests first (cut when their share
 * of the grace period is over), then jobs, database and mail; past the deadline it logs what was
 * still open and exits anyway.
 */
export async function shutdown(plan: ShutdownPlan, signal: string): Promise<void> {
  const { logger, graceMs } = plan;
  const activeResources = plan.activeResources ?? (() => process.getActiveResourcesInfo());
  logger.info(
    { signal, inFlight: plan.inFlight(), graceMs },
    'shutting down: finishing in-flight requests',
  );

  const deadline = setTimeout(() => {
    logger.error(
      { stillOpen: countByKind(activeResources()) },
      `shutdown did not finish within SHUTDOWN_GRACE_MS=${graceMs}; exiting anyway`,
    );
    plan.exit(1);
  }, graceMs);

  let cut: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    plan.drainRequests().then(() => 'drained' as const),
    new Promise<'late'>((resolve) => {
      cut = setTimeout(() => resolve('late'), requestBudgetMs(graceMs));
    }),
  ]);
  clearTimeout(cut);
  if (outcome === 'late') {
    logger.warn(
      { inFlight: plan.inFlight() },
      'requests did not finish within the grace period; closing their connections',
    );
    plan.closeAllConnections();
  }

  let code = 0;
  try {
    await plan.closeResources();
  } catch (error) {
    logger.error({ err: error }, 'error while closing');
    code = 1;
  }
  clearTimeout(deadline);
  logger.info({}, 'stopped');
  plan.exit(code);
}

function countByKind(resources: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of resources) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}
