import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../documents/web/fetch-page';
import { AppError } from '../../lib/app-error';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { resolveSummaryInput } from './summary-input';

/*
 * A summary's `url` input read by the test app's DocumentReader (issue 27): pages come from a
 * server this test starts on 127.0.0.1, allowed by FETCH_ALLOWED_HOSTS; every other name goes
 * to an injected resolver answering an internal address. Nothing is sent anywhere else.
 * (The routes do not take `url` yet; this checks the reader's wiring and the API's errors.)
 */

const PROSE =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build ' +
  'deltas, fertile plains where cities grow. Dams now trap much of that sediment upstream.';

const PAGE = `<!doctype html><html><head><title>Rivers and deltas</title></head><body>
  <article><h1>Rivers and deltas</h1><p>${PROSE}</p><h2>Dams</h2><p>${PROSE}</p></article>
  </body></html>`;

let server: Server;
let origin: string;
let t: TestApp;

const internalResolver: Resolver = () => Promise.resolve([{ address: '10.0.0.1', family: 4 }]);

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/rivers') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else if (request.url === '/meeting.ics') {
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      response.end('BEGIN:VCALENDAR');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { FETCH_ALLOWED_HOSTS: `127.0.0.1:${port}` },
    resolve: internalResolver,
  });
});

afterAll(async () => {
  await t.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function read(url: string) {
  return resolveSummaryInput(
    t.deps,
    { kind: 'url', url, customPrompt: null, length: 'medium', format: 'paragraph' },
    'user-1',
  );
}

async function answerOf(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) {
      return { status: error.status, code: error.code, message: error.message };
    }
    throw error;
  }
  throw new Error('expected the address to be refused');
}

describe('a summary from a web address', () => {
  it('reads the article of an allowed page, with its address and title', async () => {
    expect(await read(`${origin}/rivers`)).toMatchObject({
      source: 'url',
      sourceUrl: `${origin}/rivers`,
      sourceTitle: 'Rivers and deltas',
      text: expect.stringContaining('\n\nDams\n\n'),
    });
  });

  it('refuses a name resolving to an internal address: 400 URL_NOT_ALLOWED', async () => {
    expect(await answerOf(read('https://intranet.example.test/'))).toEqual({
      status: 400,
      code: 'URL_NOT_ALLOWED',
      message: 'The address intranet.example.test is not on the public internet.',
    });
  });

  it('answers 422 URL_UNREACHABLE naming a 404, and 415 for a calendar', async () => {
    expect(await answerOf(read(`${origin}/missing`))).toEqual({
      status: 422,
      code: 'URL_UNREACHABLE',
      message: 'The page answered 404 Not Found.',
    });
    expect(await answerOf(read(`${origin}/meeting.ics`))).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/text\/calendar/),
    });
  });
});
