import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by the API process and by the database's server processes, read from Linux's
 * /proc. Divided by the requests served it gives CPU per request, which — unlike requests/s and
 * latency — stays comparable when the machine is shared with other work. Elsewhere it reads
 * nothing and the benchmark prints "–".
 */

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every common kernel. */
const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The PostgreSQL server processes serving `database` (their title names it). */
function backendPids(database: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `))
        pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

export interface CpuSnapshot {
  api: number | undefined;
  database: Map<number, number>;
}

export function cpuSnapshot(apiPid: number | undefined, database: string | undefined): CpuSnapshot {
  const snapshot: CpuSnapshot = {
    api: apiPid === undefined ? undefined : cpuTicks(apiPid),
    database: new Map(),
  };
  for (const pid of database ? backendPids(database) : []) {
    const ticks = cpuTicks(pid);
    if (ticks !== undefined) snapshot.database.set(pid, ticks);
  }
  return snapshot;
}

/** Milliseconds of CPU per request between two snapshots, for the API and for the database. */
export function cpuPerRequest(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
): { api: number | undefined; database: number | undefined } {
  const perRequest = (ticks: number) => (ticks / TICKS_PER_SECOND / requests) * 1000;
  let databaseTicks = 0;
  // A backend started during the run counts whole; one that ended is lost (pools keep theirs).
  for (const [pid, ticks] of after.database)
    databaseTicks += ticks - (before.database.get(pid) ?? 0);
  return {
    api:
      before.api === undefined || after.api === undefined || requests === 0
        ? undefined
        : perRequest(after.api - before.api),
    database: after.database.size === 0 || requests === 0 ? undefined : perRequest(databaseTicks),
  };
}
