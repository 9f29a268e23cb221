import net from 'node:net';

/**
 * A TCP proxy on loopback between the app and its PostgreSQL server, for fault tests: the app's
 * DATABASE_URL names the proxy, and the test takes the database away without touching the shared
 * server. `cut('refuse')` is what a restarting server looks like (every connection dropped, new
 * ones refused); `cut('blackhole')` a network that stops answering (connections accepted, nothing
 * ever forwarded). `restore()` forwards again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** Connections forwarded since the start (each a new connection of the app's pool). */
  connections(): number;
  cut(mode: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  let forwarded = 0;

  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'blackhole') return;
    forwarded += 1;
    const upstream = net.connect(target);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const port = await listen(0);
  return {
    port,
    connections: () => forwarded,
    async cut(how) {
      if (how === 'refuse') {
        const closed = stopListening();
        dropAll();
        await closed;
      } else {
        mode = 'blackhole';
        dropAll();
      }
    },
    async restore() {
      mode = 'forward';
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
