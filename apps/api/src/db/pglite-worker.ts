import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
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
/** Replies carrying bytes (a statement's reply, a data directory image) hand them over uncopied. */
const reply = (message: PgliteThreadReply) =>
  port.postMessage(
    message,
    'ok' in message && message.ok instanceof ArrayBuffer ? [message.ok] : undefined,
  );

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

/** SQLSTATEs after which a prepared statement is prepared again: gone, or its result type changed. */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

function concatenated(messages: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/** The SQLSTATE of the first error in a reply's protocol messages, read without parsing the rest. */
function errorCodeOf(reply: Uint8Array): string | undefined {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let offset = 0; offset + 5 <= reply.length; offset += 1 + view.getUint32(offset + 1)) {
    if (reply[offset] !== 0x45 /* E: ErrorResponse */) continue;
    const end = offset + 1 + view.getUint32(offset + 1);
    // Fields: a type byte, then a zero-terminated string; a zero byte ends them.
    for (let field = offset + 5; field < end && reply[field] !== 0;) {
      const stringEnd = reply.indexOf(0, field + 1);
      if (reply[field] === 0x43 /* C: code */) {
        return new TextDecoder().decode(reply.subarray(field + 1, stringEnd));
      }
      field = stringEnd + 1;
    }
    return undefined;
  }
  return undefined;
}

/**
 * The app's statements, each parsed once and kept by its text (issue 18, docs/architecture.md
 * "Embedded database"). PGlite's query() parses, analyses and plans every statement anew, in six
 * calls into the database: on a General feed page that was about half the database thread's CPU.
 * A named statement skips the parse and analysis, and PostgreSQL's plan cache reuses a generic
 * plan where it costs no more than planning for the values (after five custom plans, its usual
 * rule); an execution is one call. The least recently used statements are closed beyond
 * PREPARED_STATEMENTS_KEPT.
 *
 * An execution answers with PostgreSQL's reply bytes, unparsed: the main thread parses them
 * (pglite-thread.ts), where they arrive without a copy, instead of this thread parsing them into
 * rows and cloning the rows across. Run inside PGlite's query lock, as its own query() is.
 */
class PreparedStatements {
  private readonly statements = new Map<string, { name: string; paramTypes: number[] }>();
  private nextName = 1;

  constructor(private readonly client: PGlite) {}

  async query(sql: string, params: unknown[] = []): Promise<Uint8Array<ArrayBuffer>> {
    const reply = await this.execute(await this.prepared(sql), params);
    const code = errorCodeOf(reply);
    if (code === undefined || !PREPARE_AGAIN.has(code)) return reply;
    this.statements.delete(sql);
    return this.execute(await this.prepared(sql), params);
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
  ): Promise<Uint8Array<ArrayBuffer>> {
    // Values as PGlite's query() sends them: by the parameter's type, else as text.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = this.client.serializers[statement.paramTypes[index]!];
      return serialize ? serialize(param) : String(param);
    });
    const chunks: Uint8Array[] = [];
    await this.client.execProtocolRawStream(
      concatenated([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      // The bytes are a view of the database's memory, reused by the next call: copied.
      { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    return concatenated(chunks);
  }
}

/** Element and array type ids, for the main thread's parsers of array values (as PGlite's own). */
async function arrayTypesOf(client: PGlite): Promise<[number, number][]> {
  const { rows } = await client.query<{ oid: number; typarray: number }>(`
    SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray`);
  return rows.map(({ oid, typarray }) => [oid, typarray]);
}

async function main() {
  let client: PGlite;
  let arrayTypes: [number, number][];
  try {
    client = new PGlite({
      dataDir: start.dataDir,
      loadDataDir: start.image && new Blob([start.image]),
      startParams: start.startParams,
    });
    await client.waitReady;
    arrayTypes = await arrayTypesOf(client);
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
    transaction: number | undefined,
  ): Promise<ArrayBuffer> {
    if (transaction !== undefined) {
      executorOf(transaction);
      return (await client._runExclusiveQuery(() => prepared.query(sql, params))).buffer;
    }
    const { buffer: result } = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => prepared.query(sql, params)),
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
      case 'query':
        return query(request.sql, request.params, request.transaction);
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
  reply({ ready: true, arrayTypes });
}

void main();
