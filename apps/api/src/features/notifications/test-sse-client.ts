import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';

/** One Server-Sent Event as a client reads it (`data` parsed as JSON). */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** Comment lines (`: heartbeat`) received. */
  comments: string[];
  /** Resolves with the first event (from the start) matching, or rejects after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A listening server for an app, for tests that need a real connection (streams). */
export async function listenOnFreePort(
  app: RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Opens an event stream the way a browser's EventSource does (Accept: text/event-stream, the
 * cookie, Last-Event-ID when resuming) and parses what arrives, as it arrives.
 */
export function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string; acceptEncoding?: string } = {},
): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    if (options.acceptEncoding) headers['Accept-Encoding'] = options.acceptEncoding;
    const req = http.get(url, { headers }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let resolveEnded!: () => void;
      const ended = new Promise<void>((done) => (resolveEnded = done));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.event !== undefined || fields.data !== undefined) {
            events.push({
              event: fields.event ?? 'message',
              id: fields.id,
              data: fields.data === undefined ? undefined : JSON.parse(fields.data),
            });
          }
        }
        for (const waiter of [...waiters]) waiter();
      });
      res.on('end', resolveEnded);
      res.on('close', resolveEnded);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        close: () => req.destroy(),
        waitFor(match, timeoutMs = 2000) {
          return new Promise((found, fail) => {
            const check = () => {
              const event = events.find(match);
              if (!event) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(event);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `no matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      });
    });
    req.on('error', reject);
  });
}

/** Resolves true if the promise settles within `ms`, false otherwise. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}
