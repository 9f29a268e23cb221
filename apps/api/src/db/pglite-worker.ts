import { parentPort, workerData } from 'node:worker_threads';
import {
  parse,
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import {
  PREPARED_STATEMENTS_KEPT,
  type PgliteThreadReply,
  type PgliteThreadRequest,
  type PgliteThreadStart,
  type ThreadError,
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

/** SQLSTATEs after which a prepared statement is prepared again: gone, or its result type changed. */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

function concatenated(messages: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/**
 * The app's statements, each parsed once and kept by its text (issue 18, docs/architecture.md
 * "Embedded database"). PGlite's query() parses, analyses and plans every statement anew, in six
 * calls into the database: on a General feed page that was about half the database thread's CPU.
 * A named statement skips the parse and analysis, and PostgreSQL's plan cache reuses a generic
 * plan where it costs no more than planning for the values (after five custom plans, its usual
 * rule); an execution is one call. The least recently used statements are closed beyond
 * PREPARED_STATEMENTS_KEPT. Run inside PGlite's query lock, as its own query() is.
 */
class PreparedStatements {
  private readonly statements = new Map<string, { name: string; paramTypes: number[] }>();
  private nextName = 1;

  constructor(private readonly client: PGlite) {}

  async query(sql: string, params: unknown[] = [], options: QueryOptions): Promise<Results> {
    try {
      return await this.execute(await this.prepared(sql), params, options);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !PREPARE_AGAIN.has(code)) throw error;
      this.statements.delete(sql);
      return this.execute(await this.prepared(sql), params, options);
    }
  }

  private async prepared(sql: string): Promise<{ name: string; paramTypes: number[] }> {
    const kept = this.statements.get(sql);
    if (kept) {
      // Map order is insertion order: moved to the end, the least recently used come first.
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const messages = [];
    for (const [evicted, { name }] of this.statements) {
      if (this.statements.size < PREPARED_STATEMENTS_KEPT) break;
      this.statements.delete(evicted);
      messages.push(protocol.serialize.close({ type: 'S', name }));
    }
    const name = `kindred_${this.nextName++}`;
    messages.push(
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const { messages: replies } = await this.client.execProtocol(concatenated(messages), {
      syncToFs: false,
    });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(replies) };
    this.statements.set(sql, statement);
    return statement;
  }

  private async execute(
    statement: { name: string; paramTypes: number[] },
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results> {
    // Values as PGlite's query() sends them: by the parameter's type, else as text.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = this.client.serializers[statement.paramTypes[index]!];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await this.client.execProtocol(
      concatenated([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, this.client.parsers, options)[0]!;
  }
}

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
  const prepared = new PreparedStatements(client);

  /**
   * A statement through the prepared statements, under PGlite's locks as its query() takes them:
   * outside a transaction it waits for any open one to end, and writes reach the files after it.
   */
  async function query(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions,
    transaction: number | undefined,
  ): Promise<Results> {
    if (transaction !== undefined) {
      executorOf(transaction);
      return client._runExclusiveQuery(() => prepared.query(sql, params, options));
    }
    const result = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => prepared.query(sql, params, options)),
    );
    await client.syncToFs();
    return result;
  }

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
        return query(
          request.sql,
          request.params,
          { rowMode: request.rowMode, parsers },
          request.transaction,
        );
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
