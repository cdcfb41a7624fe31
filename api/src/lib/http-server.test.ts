import type { Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { startHttpServer } from './http-server';

/*
 * Slow and greedy clients against the real HTTP server: headers that never finish, a body that
 * trickles, an idle keep-alive connection, and one address opening connection after connection.
 * Node's defaults let each hold a socket for up to 300 s, with no cap per address.
 */

const LIMITS = {
  headersTimeoutMs: 1_500,
  requestTimeoutMs: 3_000,
  idleTimeoutMs: 1_000,
  maxConnectionsPerAddress: 4,
};

let t: TestApp;
let server: Server;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<Server>((resolve) => {
    const started = startHttpServer({
      fetch: t.app.fetch,
      config: { ...t.config, port: 0, http: LIMITS },
      logger: t.deps.logger,
      onListening: () => resolve(started),
    });
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.destroy();
});

async function connect(): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

/** Milliseconds until the server closes `socket` (or `limitMs`, if it never does). */
function closedAfter(socket: net.Socket, limitMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(limitMs), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    socket.resume();
  });
}

/** Sends a request on `socket` and resolves with the raw response head. */
function ask(socket: net.Socket, request: string): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve(received);
      }
    };
    socket.on('data', onData);
    socket.write(request);
  });
}

describe('the HTTP server against slow and greedy clients', () => {
  it('closes a connection whose headers never finish', async () => {
    const socket = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    // headersTimeout plus Node's check interval, with room for a busy machine.
    expect(await closedAfter(socket, 10_000)).toBeLessThan(6_000);
  });

  it('closes a connection whose body trickles in for longer than the request time-out', async () => {
    const socket = await connect();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    try {
      expect(await closedAfter(socket, 12_000)).toBeLessThan(8_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an idle keep-alive connection after the idle time-out', async () => {
    const socket = await connect();
    const head = await ask(socket, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/keep-alive/i);
    expect(await closedAfter(socket, 10_000)).toBeLessThan(4_000);
  });

  it('caps the connections one address may hold, and serves again once they close', async () => {
    const held = await Promise.all(
      Array.from({ length: LIMITS.maxConnectionsPerAddress }, connect),
    );
    const extra = await connect();
    expect(await closedAfter(extra, 3_000)).toBeLessThan(2_000);
    // The ones within the cap work.
    expect(await ask(held[0] as net.Socket, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200/,
    );
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await connect();
    expect(await ask(later, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200/,
    );
  });
});
