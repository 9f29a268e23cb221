import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type {
  PgliteThreadReply,
  PgliteThreadRequest,
  PgliteThreadStart,
  ThreadError,
} from './pglite-thread-protocol.js';

/** The embedded database's thread: one PGlite, driven by pglite-thread.ts from the main thread. */

const port = parentPort!;
const start = workerData as PgliteThreadStart;
const reply = (message: PgliteThreadReply) => port.postMessage(message);

/** Thrown out of a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  settled: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();

function threadError(error: unknown): ThreadError {
  if (error instanceof Error) {
    // DatabaseError's fields (code, constraint, detail, …) are own enumerable properties; the
    // query's options hold functions, which cannot cross threads.
    const fields = Object.entries(error).filter(
      ([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );
    return { ...Object.fromEntries(fields), message: error.message };
  }
  return { message: String(error) };
}

const identity = (value: string) => value;

async function main() {
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir: start.dataDir,
      loadDataDir: start.image && new Blob([start.image]),
      startParams: start.startParams,
    });
    await client.waitReady;
  } catch (error) {
    reply({ failed: threadError(error) });
    return;
  }

  const executorOf = (transaction: number | undefined): PGlite | Transaction => {
    if (transaction === undefined) return client;
    const open = transactions.get(transaction);
    if (!open) throw new Error(`transaction ${transaction} is not open`);
    return open.tx;
  };

  async function begin(id: number): Promise<void> {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    let opened!: (tx: Transaction) => void;
    const open = new Promise<Transaction>((resolve) => (opened = resolve));
    const settled = client
      .transaction(async (tx) => {
        opened(tx);
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => {},
        (error: unknown) => {
          if (error !== ROLLBACK) throw error;
        },
      );
    // BEGIN itself may fail: then the transaction settles without ever opening.
    const tx = await Promise.race([open, settled.then(() => undefined)]);
    if (!tx) throw new Error('the transaction did not open');
    transactions.set(id, { tx, end, settled });
  }

  async function handle(request: PgliteThreadRequest): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, identity]));
        return executorOf(request.transaction).query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers,
        });
      }
      case 'exec':
        return executorOf(request.transaction).exec(request.sql);
      case 'begin':
        await begin(request.id);
        return undefined;
      case 'end': {
        const open = transactions.get(request.transaction);
        if (!open) throw new Error(`transaction ${request.transaction} is not open`);
        transactions.delete(request.transaction);
        open.end(request.commit);
        await open.settled;
        return undefined;
      }
      case 'dump': {
        const image = await client.dumpDataDir(request.compression);
        return image.arrayBuffer();
      }
      case 'close':
        await client.close();
        return undefined;
    }
  }

  port.on('message', (request: PgliteThreadRequest) => {
    handle(request)
      .then(
        (ok) => reply({ id: request.id, ok }),
        (error: unknown) => reply({ id: request.id, error: threadError(error) }),
      )
      // An answer that cannot be cloned still answers, with why.
      .catch((error: unknown) => reply({ id: request.id, error: threadError(error) }));
  });
  reply({ ready: true });
}

void main();
