import http, { type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from './startup-error.js';

/**
 * The HTTP server with a graceful stop: once draining, no connection takes another request.
 * Requests in flight finish and are answered with `Connection: close`; idle keep-alive sockets are
 * closed at once; a request that still arrives on an open connection gets a 503 and the connection
 * is closed.
 */
export interface DrainableServer {
  server: Server;
  /** Stop taking requests; resolves once every connection has ended. */
  drain(): Promise<void>;
  /** Requests that started and have not been answered yet. */
  inFlight(): number;
  /** Close every connection still open (the grace period is over). */
  closeAllConnections(): void;
}

export function createDrainableServer(app: RequestListener): DrainableServer {
  const active = new Set<ServerResponse>();
  let draining = false;

  const server = http.createServer((req, res) => {
    if (draining) {
      res.statusCode = 503;
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '5');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(
        JSON.stringify({
          success: false,
          message: 'The server is restarting, try again',
          code: 'UNAVAILABLE',
        }),
      );
      return;
    }
    active.add(res);
    res.once('close', () => active.delete(res));
    // A response already under way when the stop began still closes its connection afterwards.
    res.once('finish', () => {
      if (draining) res.socket?.end();
    });
    app(req, res);
  });

  let closed: Promise<void> | undefined;
  return {
    server,
    drain() {
      if (closed) return closed;
      draining = true;
      for (const res of active) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      return closed;
    },
    inFlight: () => active.size,
    closeAllConnections: () => server.closeAllConnections(),
  };
}

/** Listens, or fails with a one-line reason that names the setting to change. */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise<AddressInfo>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `port ${port} is already in use (PORT=${port}) on ${host}: stop the process using it or set PORT to a free port`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new StartupError(
            `no permission to listen on port ${port} (PORT=${port}): ports below 1024 need privileges; set PORT to 1024 or above`,
          ),
        );
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(
          new StartupError(
            `cannot listen on HOST=${host}: no such address on this machine (${error.code})`,
          ),
        );
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** `http://127.0.0.1:3000`, `http://[::1]:3000`: the address actually bound. */
export function formatAddress(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
