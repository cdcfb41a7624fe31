import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * How the proxy treats traffic: `pass` forwards it; `refuse` resets every open connection and
 * every new one (a database that went away); `blackhole` accepts connections but drops every
 * byte both ways, as a network that loses packets does, so nothing fails, it only hangs.
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  /** The 127.0.0.1 port that clients connect to. */
  port: number;
  /** Switches the mode; `refuse` resets the open connections at once. */
  setMode(mode: ProxyMode): void;
  /** Connections currently open through the proxy. */
  openConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

/**
 * A small TCP proxy on 127.0.0.1 in front of `target` (fault-injection tests put it between
 * a process and its Postgres). Bytes dropped in `blackhole` mode are lost for good, so a
 * connection that carried traffic then is out of step with the server even after `pass`.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<Pair>();

  const resetPair = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (mode === 'pass' && !to.destroyed) to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    setMode(next) {
      mode = next;
      if (next === 'refuse') for (const pair of [...pairs]) resetPair(pair);
    },
    openConnections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) resetPair(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
