import { describe, expect, it } from 'vitest';
import { HEALTHY_PING_REUSE_MS, sharedPing } from './routes.js';

/** A database whose pings settle when the test says so. */
function controlledDatabase() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    pending,
    ping: () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

describe('the health check ping', () => {
  it('answers health checks that arrive during a ping with that ping, not one statement each', async () => {
    const database = controlledDatabase();
    const ping = sharedPing(database);
    const checks = [ping(), ping(), ping()];
    expect(database.pending).toHaveLength(1);
    database.pending[0]!.resolve();
    await expect(Promise.all(checks)).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('answers checks within a second of a successful ping with it, and pings again after', async () => {
    const database = controlledDatabase();
    let clock = 0;
    const ping = sharedPing(database, () => clock);
    const first = ping();
    database.pending[0]!.resolve();
    await first;
    clock += HEALTHY_PING_REUSE_MS - 1;
    await ping();
    expect(database.pending).toHaveLength(1);
    clock += 1;
    const later = ping();
    expect(database.pending).toHaveLength(2);
    database.pending[1]!.resolve();
    await later;
  });

  it('fails every check sharing a failed ping, and the next check tries the database afresh', async () => {
    const database = controlledDatabase();
    const ping = sharedPing(database, () => 0);
    const checks = [ping(), ping()];
    database.pending[0]!.reject(new Error('connection refused'));
    for (const check of checks) await expect(check).rejects.toThrow('connection refused');
    // Not even a moment later: a failure is never reused.
    const retry = ping();
    expect(database.pending).toHaveLength(2);
    database.pending[1]!.resolve();
    await expect(retry).resolves.toBeUndefined();
  });
});
