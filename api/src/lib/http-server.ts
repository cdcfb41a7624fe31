import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Config } from '../config';
import type { Logger } from './logger';

export interface HttpServerOptions {
  fetch: (request: Request, env: object) => Response | Promise<Response>;
  config: Pick<Config, 'port' | 'host' | 'http' | 'trustProxy'>;
  logger: Logger;
  /** Called once the server listens, with its port. */
  onListening?: (port: number) => void;
}

/** How often Node checks the header and request time-outs (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The API's HTTP server: a slow client has `http.headersTimeoutMs` for its headers and
 * `http.requestTimeoutMs` for its whole request, an idle keep-alive connection is closed
 * after `http.idleTimeoutMs` (longer than load balancers keep theirs, so a reused connection
 * never meets one being closed), and one address may hold at most
 * `http.maxConnectionsPerAddress` connections (the proxies of TRUST_PROXY excepted): more
 * are closed at once.
 */
export function startHttpServer({ fetch, config, logger, onListening }: HttpServerOptions): Server {
  const { http } = config;
  const server = serve(
    {
      fetch,
      // settleUnreadBody drains what a request leaves unread after its answer, within its own
      // bounds; @hono/node-server's clean-up would close the socket after 500 ms (issue 24).
      autoCleanupIncoming: false,
      port: config.port,
      hostname: config.host,
      createServer,
      serverOptions: {
        headersTimeout: http.headersTimeoutMs,
        requestTimeout: http.requestTimeoutMs,
        keepAliveTimeout: http.idleTimeoutMs,
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      },
    },
    (info) => onListening?.(info.port),
  ) as Server;

  const exempt = new Set(config.trustProxy);
  const perAddress = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (exempt.has(address)) return;
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > http.maxConnectionsPerAddress) {
      refused += 1;
      // One line per hundred refusals: a client over its cap must not flood the logs either.
      if (refused % 100 === 1) {
        logger.warn({ address, refused }, 'Too many connections from one address; closing');
      }
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  return server;
}

/** While a server closes, how often connections that went idle are closed. */
const CLOSING_SWEEP_MS = 100;

/**
 * Stops `server` taking work, for a graceful shutdown: the listener closes at once, and no
 * connection is kept for another request. Node's `close()` alone closes only the connections
 * idle at that moment: one busy then stays open for keep-alive once its answer is sent, and a
 * client reusing it is served on for as long as it likes, so behind a load balancer the
 * stopping process keeps taking requests. Here every answer from now on says
 * `Connection: close`, and connections that go idle are closed every 100 ms. `onClosed` runs
 * when the last connection has ended.
 */
export function closeHttpServer(server: Server, onClosed: () => void): void {
  // Before the app's own listener, which may write its answer before returning.
  server.prependListener('request', (_request, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  const sweep = setInterval(() => server.closeIdleConnections(), CLOSING_SWEEP_MS);
  sweep.unref();
  server.close(() => {
    clearInterval(sweep);
    onClosed();
  });
  server.closeIdleConnections();
}
