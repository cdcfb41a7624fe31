import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { startHttpServer } from '../lib/http-server';
import type { TestApp } from './test-app';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Resolves with the status of the next answer the app finishes (its handler has returned). */
  nextAnswer(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The test app behind the real HTTP server on 127.0.0.1 and a free port, for what only a real
 * socket shows: a client that hangs up, a streamed answer, the server's time-outs.
 */
export async function startTestServer(
  t: TestApp,
  http: Partial<Config['http']> = {},
): Promise<TestServer> {
  const waiting: ((status: number) => void)[] = [];
  const server = await new Promise<Server>((resolve) => {
    const started = startHttpServer({
      fetch: async (request, env) => {
        const response = await t.app.fetch(request, env);
        waiting.shift()?.(response.status);
        return response;
      },
      config: { ...t.config, port: 0, http: { ...t.config.http, ...http } },
      logger: t.deps.logger,
      onListening: () => resolve(started),
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    nextAnswer: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
