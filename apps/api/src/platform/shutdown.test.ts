import { describe, expect, it, vi } from 'vitest';
import { requestBudgetMs, shutdown, type ShutdownPlan } from './shutdown.js';

const GRACE_MS = 4000;

function plan(overrides: Partial<ShutdownPlan> = {}) {
  const logged: { level: string; message: string; object: object }[] = [];
  const log = (level: string) => (object: object, message: string) =>
    logged.push({ level, object, message });
  const exit = vi.fn<(code: number) => void>();
  const closeAllConnections = vi.fn();
  const full: ShutdownPlan = {
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    graceMs: GRACE_MS,
    drainRequests: () => Promise.resolve(),
    inFlight: () => 0,
    closeAllConnections,
    closeResources: () => Promise.resolve(),
    exit,
    activeResources: () => ['Timeout', 'TCPSocketWrap', 'Timeout'],
    ...overrides,
  };
  return { full, logged, exit, closeAllConnections };
}

describe('shutdown', () => {
  it('exits 0 once requests are drained and resources closed', async () => {
    const { full, exit, logged, closeAllConnections } = plan();
    await shutdown(full, 'SIGTERM');
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(closeAllConnections).not.toHaveBeenCalled();
    expect(logged.map((line) => line.message)).toEqual([
      'shutting down: finishing in-flight requests',
      'stopped',
    ]);
  });

  it('cuts the connections of requests that outlast their share of the grace period', async () => {
    vi.useFakeTimers();
    const { full, exit, closeAllConnections } = plan({
      drainRequests: () => new Promise<void>(() => {}),
      inFlight: () => 1,
    });
    const done = shutdown(full, 'SIGTERM');
    await vi.advanceTimersByTimeAsync(requestBudgetMs(GRACE_MS) - 1);
    expect(closeAllConnections).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(closeAllConnections).toHaveBeenCalledOnce();
    await done;
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits at the deadline whatever still holds on, and logs what was still open', async () => {
    vi.useFakeTimers();
    const { full, exit, logged } = plan({ closeResources: () => new Promise<void>(() => {}) });
    void shutdown(full, 'SIGTERM');
    await vi.advanceTimersByTimeAsync(GRACE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(logged.at(-1)).toEqual({
      level: 'error',
      message: `shutdown did not finish within SHUTDOWN_GRACE_MS=${GRACE_MS}; exiting anyway`,
      object: { stillOpen: { Timeout: 2, TCPSocketWrap: 1 } },
    });
  });
});
