import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { startHttpServer } from './http-server';
import type { TestApp } from '../test/test-app';

/*
 * A keep-alive client (one socket, as a proxy's upstream pool has) sends a large body that the
 * API answers before reading it: a 401, a 404, a 413. The next request on that client must
 * still work, whether the server drained the body or closed the connection saying so.
 */

let t: TestApp;
let server: http.Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<http.Server>((resolve) => {
    const started = startHttpServer({
      fetch: t.app.fetch,
      config: { ...t.config, port: 0 },
      logger: t.deps.logger,
      onListening: () => resolve(started),
    });
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.destroy();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(
  agent: http.Agent,
  method: string,
  route: string,
  body: Buffer | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: route,
        agent,
        headers: body ? { 'Content-Length': String(body.length), ...headers } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

function jsonBody(bytes: number): Buffer {
  return Buffer.from(JSON.stringify({ content: 'x'.repeat(bytes) }));
}

describe('keep-alive connections after an answer given before the body was read', () => {
  it.each([
    ['401 (no token)', '/api/summaries', {}, jsonBody(200_000), 401],
    ['404 (no such route)', '/api/no-such-route', {}, jsonBody(200_000), 404],
    ['413 (over 1 MB)', '/api/summaries', { Authorization: 'Bearer x' }, jsonBody(1_200_000), 413],
  ] as const)(
    'keeps the next request on the socket working after a %s',
    async (_case, route, headers, body, status) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await send(agent, 'POST', route, body, {
          'Content-Type': 'application/json',
          ...headers,
        });
        expect(first.status).toBe(status);
        // Either the server says it closes, or the socket really stays usable.
        const next = await send(agent, 'GET', '/api/health', null);
        expect(next.status).toBe(200);
        const third = await send(agent, 'GET', '/api/health', null);
        expect(third.status).toBe(200);
      } finally {
        agent.destroy();
      }
    },
  );

  it('closes honestly after refusing a chunked body it began to read (no Content-Length)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await new Promise<Answer>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/summaries',
            agent,
            headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                body: '',
              }),
            );
          },
        );
        request.on('error', reject);
        // Written in pieces, so it goes out chunked, past the 1 MB limit.
        const piece = Buffer.alloc(64 * 1024, 0x61);
        for (let index = 0; index < 20; index += 1) request.write(piece);
        request.end();
      });
      expect(first.status).toBe(413);
      expect(first.connection).toBe('close');
      expect((await send(agent, 'GET', '/api/health', null)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('drains a small unread body and keeps the connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, 'POST', '/api/summaries', jsonBody(2_000), {
        'Content-Type': 'application/json',
      });
      expect(first.status).toBe(401);
      expect(first.connection).toBe('keep-alive');
      expect((await send(agent, 'GET', '/api/health', null)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
