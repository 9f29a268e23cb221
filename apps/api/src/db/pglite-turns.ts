import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes the embedded database let the rest of the process run between its queries.
 *
 * PGlite runs PostgreSQL inside this process's main thread, and a query's work ends in promise
 * continuations that never go back to the event loop: while requests keep it busy, one request's
 * next query follows another's without a turn for I/O in between. New connections then wait in
 * the kernel's accept queue, unread, for as long as the busy spell lasts — the soak run saw
 * requests on new connections go unanswered for over 60 s while the server answered the others in
 * under 2 s (docs/security.md, "Soak"). With this, each query, transaction or script first waits
 * one turn of the event loop (`setImmediate`), so accepting connections, reading requests and
 * timers take their turn between queries; a turn costs microseconds.
 */
export function yieldToIoBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
