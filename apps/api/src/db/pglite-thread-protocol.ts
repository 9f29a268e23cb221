/** The messages between the API's main thread and the embedded database's thread (pglite-thread.ts). */

/**
 * How many prepared statements the database thread keeps (the least recently used are closed).
 * Each holds its parse tree and plans in the database's memory, which never shrinks: the feed's
 * statements take about 150 kB each, so 100 of them cost at most some 15 MB of the 400 MB budget.
 */
export const PREPARED_STATEMENTS_KEPT = 100;

export interface PgliteThreadStart {
  dataDir: string | undefined;
  /** A data directory image (dumpDataDir) to start from instead of an empty one. */
  image: ArrayBuffer | undefined;
  startParams: string[];
}

export type PgliteThreadRequest = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      /** The open transaction the statement belongs to (the id of its `begin`). */
      transaction: number | undefined;
    }
  | { op: 'exec'; sql: string; transaction: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' | undefined }
  | { op: 'close' }
);

/** A database error's fields (code, constraint, detail…): what callers read from it. */
export type ThreadError = { message: string } & Record<string, unknown>;

/**
 * A query's `ok` is PostgreSQL's reply to it, protocol messages as bytes, which the main thread
 * parses; the other requests' are values.
 */
export type PgliteThreadReply =
  /** Element and array type ids ([oid, typarray]), for parsing array values. */
  | { ready: true; arrayTypes: [number, number][] }
  | { failed: ThreadError }
  | { id: number; ok: unknown }
  | { id: number; error: ThreadError };
