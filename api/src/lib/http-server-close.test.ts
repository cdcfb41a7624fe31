import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createConsoleLogger } from '../test/console-logger';
import { closeHttpServer, startHttpServer } from './http-server';

/*
 * A graceful shutdown with requests in flight: Node's close() leaves a connection that was busy
 * at that moment open for keep-alive, and goes on serving whoever reuses it. closeHttpServer
 * must refuse new connections, close every connection once its answer is sent, and end as soon
 * as the last request in flight does, not when the idle time-out (here a minute) runs out.
 */

const IDLE_TIMEOUT_MS = 60_000;

let server: Server;
let base: string;

function delayed(ms: number): Promise<Response> {
  return new Promise((resolve) => setTimeout(() => resolve(new Response('done')), ms));
}

beforeAll(async () => {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
  server = await new Promise<Server>((resolve) => {
    const started = startHttpServer({
      // `/quick` is answered at once, as a route with nothing to wait for is.
      fetch: (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/slow') return delayed(1_000);
        return path === '/busy' ? delayed(200) : new Response('done');
      },
      config: {
        ...config,
        host: '127.0.0.1',
        port: 0,
        http: { ...config.http, idleTimeoutMs: IDLE_TIMEOUT_MS },
      },
      logger: createConsoleLogger('silent'),
      onListening: () => resolve(started),
    });
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
});

describe('closeHttpServer', () => {
  it('keeps no connection for another request and ends with the last request in flight', async () => {
    // Warm two kept-alive connections, then keep both busy across the close.
    await Promise.all(
      [fetch(`${base}/quick`), fetch(`${base}/quick`)].map((res) => res.then((r) => r.text())),
    );
    const slow = fetch(`${base}/slow`);
    const busy = fetch(`${base}/busy`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = new Promise<number>((resolve) => {
      closeHttpServer(server, () => resolve(performance.now()));
    });
    expect((await busy).status).toBe(200);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push(
        await fetch(`${base}/quick`).then(
          async (res) => {
            await res.text();
            return `${res.status} ${res.headers.get('connection')}`;
          },
          () => 'refused',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(answers.filter((answer) => answer !== 'refused' && answer !== '200 close')).toEqual([]);
    await (await slow).text();
    const slowEnded = performance.now();
    expect((await closed) - slowEnded).toBeLessThan(1_500);
  });
});
