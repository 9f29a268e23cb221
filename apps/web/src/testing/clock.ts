import { vi } from 'vitest';

interface SetTimer {
  delayMs: number;
  /** The fake clock's time when the page set it. */
  setAt: number;
}

/**
 * Records the timeouts the page sets from now on, each with the fake clock's time it was set at.
 *
 * With `shouldAdvanceTime` the fake clock also moves on its own while the page renders, by how much
 * depends on the machine's load. A test that checks "not yet" a moment before a delay ends would
 * then depend on that load; measured from when the timeout was set, it does not. Call after
 * `vi.useFakeTimers`, so the fake `setTimeout` is the one recorded.
 */
export function recordTimeouts() {
  const set: SetTimer[] = [];
  const fakeSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: TimerHandler,
    delayMs?: number,
    ...args: unknown[]
  ) => {
    set.push({ delayMs: delayMs ?? 0, setAt: Date.now() });
    return fakeSetTimeout(handler, delayMs, ...args);
  }) as typeof setTimeout);

  return {
    /**
     * Moves the fake clock to `marginMs` before the last timeout of `delayMs` ends. Synchronous, so
     * the clock cannot move on its own between this and the next synchronous check.
     */
    advanceToJustBefore(delayMs: number, marginMs = 1): void {
      const timer = set.findLast((entry) => entry.delayMs === delayMs);
      if (!timer) throw new Error(`no timeout of ${delayMs} ms was set`);
      const remainingMs = timer.setAt + delayMs - marginMs - Date.now();
      if (remainingMs < 0) {
        throw new Error(`the timeout of ${delayMs} ms ended ${-remainingMs} ms before this check`);
      }
      vi.advanceTimersByTime(remainingMs);
    },
  };
}
