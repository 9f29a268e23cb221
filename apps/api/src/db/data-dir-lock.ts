import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../platform/startup-error.js';

/**
 * The embedded database is a folder that only one process may open: two PGlite engines writing the
 * same files silently lose each other's writes. The owner records its PID in a lock file created
 * atomically (O_EXCL); a lock whose PID is no longer running was left by a crash and is taken over.
 */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Lock files held by this process (a second opening inside one process is refused too). */
const heldByThisProcess = new Set<string>();

/** Locks `<DATA_DIR>/pglite` with the file `<DATA_DIR>/pglite.lock`. */
export function acquireDataDirLock(pgliteDir: string): DataDirLock {
  const file = `${pgliteDir}.lock`;
  const dataDir = path.dirname(pgliteDir);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner !== undefined && isRunning(owner, file)) {
        throw new StartupError(
          `another Kindred process (PID ${owner}) is using the embedded database in DATA_DIR=${dataDir}. ` +
            'Stop that process first, point DATA_DIR at another folder, or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      // Stale (its process is gone) or unreadable: remove it and race for it again.
      if (attempt >= 3) throw new StartupError(`could not take the lock file ${file}`);
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }

  heldByThisProcess.add(file);
  const release = () => {
    if (!heldByThisProcess.delete(file)) return;
    process.off('exit', release);
    try {
      if (readOwner(file) === process.pid) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // process.exit() skips the database's close(): the lock still goes with the process.
  process.on('exit', release);
  return { file, release };
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number, file: string): boolean {
  // Our own PID in a lock we do not hold: left by an earlier run that had the same PID (a container
  // restart, where the app is often PID 1).
  if (pid === process.pid) return heldByThisProcess.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
