import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

/*
 * Through the Node server the frame's headers (security headers, X-Request-Id) are written on
 * the Node response before the route runs; in process they are set on the answer afterwards.
 * Both must give every answer the same headers.
 */

let t: TestApp;
let server: TestServer;

beforeAll(async () => {
  t = await createTestApp();
  server = await startTestServer(t);
});

afterAll(async () => {
  await server.close();
  await t.destroy();
});

const FRAME_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function frameHeaders(response: Response): Record<string, string | null> {
  return Object.fromEntries(FRAME_HEADERS.map((name) => [name, response.headers.get(name)]));
}

describe('the frame headers over a real socket', () => {
  it.each([
    ['a JSON answer', 'GET', '/api/health', 200],
    ['an error of the error handler', 'GET', '/api/summaries', 401],
    ['an unknown route', 'GET', '/api/no-such-route', 404],
    ['a body refused', 'POST', '/api/auth/login', 400],
    ['a remote bundle path', 'GET', '/remotes/user/remoteEntry.js', 404],
  ])('gives %s the same headers as in process', async (_what, method, path, status) => {
    const init: RequestInit = {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'frame-test-1' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    };
    const overSocket = await fetch(`${server.origin}${path}`, init);
    const inProcess = await t.request(path, init);
    expect(overSocket.status).toBe(status);
    expect(inProcess.status).toBe(status);
    expect(frameHeaders(overSocket)).toEqual(frameHeaders(inProcess));
    expect(Object.values(frameHeaders(overSocket))).not.toContain(null);
    expect(overSocket.headers.get('x-request-id')).toBe('frame-test-1');
    expect(overSocket.headers.get('cross-origin-resource-policy')).toBe(
      path.startsWith('/remotes/') ? 'cross-origin' : 'same-origin',
    );
  });
});
