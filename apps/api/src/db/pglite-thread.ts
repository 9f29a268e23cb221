import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  messages,
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type {
  PgliteThreadReply,
  PgliteThreadRequest,
  PgliteThreadStart,
  ThreadError,
} from './pglite-thread-protocol.js';

/**
 * The embedded database's client, whichever thread it runs on: what the app, its tests and its
 * command-line tools call on PGlite.
 */
export type EmbeddedClient = Pick<
  PGlite,
  'query' | 'exec' | 'transaction' | 'dumpDataDir' | 'close'
>;

/**
 * The database thread's JavaScript heap (issue 18, docs/architecture.md "Embedded database"). Its
 * young generation holds little more than each statement's messages, yet V8 sizes it for the
 * machine's memory: it grew to two 16 MB semi-spaces under load, resident memory of the process.
 * 12 MB is two 4 MB semi-spaces (and as much again for large objects), as the start commands set
 * for the main thread (platform/node-options.ts); the thread's garbage collection time per
 * request did not change.
 */
export const PGLITE_THREAD_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 12 } as const;

type Distributive<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Distributive<PgliteThreadRequest>;

/**
 * PGlite on a worker thread of its own (issue 18, docs/architecture.md "Embedded database").
 * On the main thread PostgreSQL's work (WebAssembly) and PGlite's protocol parsing take turns with
 * the HTTP server, sessions, the query builder and JSON: one core does everything. Here the
 * database runs on another core while the main thread builds the next statement and writes the
 * previous reply. Statements still run one at a time, in the order they are sent, and a
 * transaction holds the database until it ends, as on the main thread.
 *
 * Parameters cross threads by structured clone. A statement's answer comes back as PostgreSQL's
 * reply bytes, handed over without a copy, and is parsed into rows here, with PGlite's parsers and
 * the caller's (drizzle keeps timestamps as text): the database thread, the busier of the two,
 * neither parses nor clones rows.
 */
export class PgliteThread implements EmbeddedClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private exited: Error | undefined;
  /** PGlite's parsers of values by type id, with those of the database's array types. */
  private readonly parsers: Record<number, (value: string, typeId?: number) => unknown> = {
    ...types.parsers,
  };

  constructor(start: PgliteThreadStart) {
    this.worker = startWorker(start);
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: PgliteThreadReply) => {
        if ('ready' in message) {
          for (const [oid, typarray] of message.arrayTypes) {
            this.parsers[typarray] = (value) =>
              types.arrayParser(value, this.parsers[oid]!, typarray);
          }
          return resolve();
        }
        if ('failed' in message) return reject(toError(message.failed));
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if ('error' in message) waiting.reject(toError(message.error));
        else waiting.resolve(message.ok);
      });
      this.worker.on('error', (error) => {
        this.exited = error;
        reject(error);
      });
      this.worker.on('exit', (code) => {
        const error = this.exited ?? new Error(`the embedded database's thread exited (${code})`);
        this.exited = error;
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      });
    });
    // Callers of waitReady see a failure; this only keeps it from being "unhandled".
    this.waitReady.catch(() => {});
  }

  /** The heap limits the database thread runs with. */
  get resourceLimits(): Worker['resourceLimits'] {
    return this.worker.resourceLimits;
  }

  private send(request: Request): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query<T>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    transaction?: number,
  ): Promise<Results<T>> {
    const reply = (await this.send({ op: 'query', sql, params, transaction })) as ArrayBuffer;
    const replies: messages.BackendMessage[] = [];
    new protocol.Parser().parse(reply, (message) => replies.push(message));
    const error = replies.find((message) => message instanceof messages.DatabaseError);
    // As PGlite's query() throws it, with the statement.
    if (error) throw Object.assign(error, { query: sql });
    return parse.parseResults(replies, this.parsers, options)[0] as Results<T>;
  }

  exec(sql: string, options?: QueryOptions, transaction?: number): Promise<Results[]> {
    if (options && Object.keys(options).length > 0) {
      throw new Error('exec options are not supported on the embedded database thread');
    }
    return this.send({ op: 'exec', sql, transaction }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId; // the id `begin` is sent with names the transaction
    await this.send({ op: 'begin' });
    let closed = false;
    const tx: Transaction = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      sql: () => Promise.reject(new Error('tx.sql is not supported on the database thread')),
      exec: (sql, options) => this.exec(sql, options, id),
      rollback: () => Promise.reject(new Error('throw from the callback to roll back')),
      listen: () => Promise.reject(new Error('LISTEN is not supported on the database thread')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.send({ op: 'end', transaction: id, commit: false });
      throw error;
    }
    closed = true;
    await this.send({ op: 'end', transaction: id, commit: true });
    return result;
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    const image = (await this.send({ op: 'dump', compression })) as ArrayBuffer;
    return new Blob([image]);
  }

  async close(): Promise<void> {
    try {
      if (!this.exited) await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

function toError(fields: ThreadError): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * The worker's entry: the TypeScript source through tsx's loader in development and tests (Node
 * 20 does not pass `--import` hooks on to worker threads), the compiled entry in the build (tsup
 * builds it as an entry of its own, dist/db/pglite-worker.js).
 */
function startWorker(start: PgliteThreadStart): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const sourceUrl = new URL('./pglite-worker.ts', here).href;
    const tsxApi = pathToFileURL(
      createRequire(here)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)})
      .then(({ register }) => { register(); return import(${JSON.stringify(sourceUrl)}); })`;
    return new Worker(bootstrap, {
      eval: true,
      workerData: start,
      resourceLimits: PGLITE_THREAD_RESOURCE_LIMITS,
    });
  }
  for (const candidate of ['./db/pglite-worker.js', './pglite-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) {
      return new Worker(url, { workerData: start, resourceLimits: PGLITE_THREAD_RESOURCE_LIMITS });
    }
  }
  throw new Error('db/pglite-worker.js is missing from the build');
}
