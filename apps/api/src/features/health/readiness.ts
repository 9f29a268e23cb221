import type { ReadyResponse } from '@kindred/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { pendingMigrations } from '../../db/client.js';
import { newMediaKey } from '../media/index.js';

type Check = ReadyResponse['checks']['database'];

/** Each check's answer within this time, or it counts as failed: a load balancer must not hang. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Whether this process can serve members: the database answers, every migration this version
 * knows is applied, and media storage accepts a write (and its removal). Liveness (/api/health)
 * only asks whether the process and its database answer at all.
 */
export async function checkReadiness(context: AppContext): Promise<ReadyResponse> {
  const [database, migrations, storage] = await Promise.all([
    check(() => context.database.ping()),
    check(async () => {
      const pending = await pendingMigrations(async (text) => {
        const result = await context.db.execute(sql.raw(text));
        return { rows: (result as unknown as { rows: unknown[] }).rows };
      });
      if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
    }),
    check(async () => {
      // A real media key through the storage interface: whatever the store is, it is exercised.
      const key = newMediaKey('png');
      await context.storage.put(key, Buffer.from('readiness probe'));
      await context.storage.delete(key);
    }),
  ]);
  return {
    success: database.ok && migrations.ok && storage.ok,
    checks: { database, migrations, storage },
  };
}

async function check(probe: () => Promise<void>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    await Promise.race([probe(), timeout]);
    return { ok: true };
  } catch (error) {
    // The kind of failure only (ENOTDIR, ECONNREFUSED, …): messages may name paths or hosts.
    const code = (error as { code?: unknown }).code;
    const detail =
      typeof code === 'string' ? code : error instanceof Error ? error.message : 'failed';
    return { ok: false, detail: detail.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}
