import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { requestHeader } from './request-header';

/*
 * requestHeader reads Node's raw headers and must give what c.req.header gives: repeated
 * headers joined with ", ", values without their edge spaces, any case of the name.
 */

const app = new Hono<AppEnv>().get('/', (c) =>
  c.json({
    fast: ['authorization', 'x-request-id', 'accept-encoding', 'x-absent'].map((name) =>
      requestHeader(c, name),
    ),
    web: ['authorization', 'x-request-id', 'accept-encoding', 'x-absent'].map(
      (name) => c.req.header(name) ?? null,
    ),
  }),
);

let server: ServerType;
let port: number;

beforeAll(async () => {
  await new Promise<void>((listening) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => listening());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((closed) => server.close(closed));
});

/** GET / with these raw header lines (names and values as given, repeats kept). */
function get(headers: [string, string][]): Promise<{ fast: unknown[]; web: unknown[] }> {
  return new Promise((resolve, reject) => {
    // Raw header lines get no Host of Node's own.
    const raw = [['Host', `127.0.0.1:${port}`], ...headers].flat();
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: raw }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(body) as { fast: unknown[]; web: unknown[] });
        } catch (error) {
          reject(new Error(`${res.statusCode ?? '?'} ${body}`, { cause: error }));
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requestHeader', () => {
  it('gives what c.req.header gives for single, repeated, padded and absent headers', async () => {
    const answer = await get([
      ['AUTHORIZATION', 'Bearer one'],
      ['Authorization', 'Bearer two'],
      ['X-Request-Id', '  padded-id\t'],
      ['accept-encoding', 'gzip, br'],
    ]);
    expect(answer.fast).toEqual(['Bearer one, Bearer two', 'padded-id', 'gzip, br', null]);
    expect(answer.fast).toEqual(answer.web);
  });

  it('falls back to c.req.header when the app is called in process', async () => {
    const res = await app.request('/', {
      headers: { Authorization: 'Bearer three', 'Accept-Encoding': 'br' },
    });
    const answer = (await res.json()) as { fast: unknown[]; web: unknown[] };
    expect(answer.fast).toEqual(['Bearer three', null, 'br', null]);
  });
});
