import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Resolver } from '../../documents/web/fetch-page';
import type { SummaryDto } from '../../domain/summary-response';
import type { ErrorEnvelope } from '../../test/envelope';
import { readEvents } from '../../test/server-sent-events';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * A summary's `url` input read by the test app's DocumentReader (issue 27): pages come from a
 * server this test starts on 127.0.0.1, allowed by FETCH_ALLOWED_HOSTS; every other name goes
 * to an injected resolver answering an internal address. Nothing is sent anywhere else.
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

/** A local service that must never be reached: not in FETCH_ALLOWED_HOSTS. */
const inside = { server: createServer(), port: 0, requests: 0 };

beforeAll(async () => {
  inside.server.on('request', (_request, response) => {
    inside.requests += 1;
    response.end('secret');
  });
  await new Promise<void>((resolve) => inside.server.listen(0, '127.0.0.1', resolve));
  inside.port = (inside.server.address() as AddressInfo).port;
  server = createServer((request, response) => {
    if (request.url === '/rivers') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else if (request.url === '/to-inside') {
      response.writeHead(302, { Location: `http://127.0.0.1:${inside.port}/secret` });
      response.end();
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
  for (const running of [server, inside.server]) {
    running.closeAllConnections();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  }
});

let user: TestUser;

beforeEach(async () => {
  user = await t.createUser({ credits: 2 });
});

function create(url: string, path = '/api/summaries') {
  return t.request(path, { method: 'POST', token: user.token, json: { url } });
}

async function answerOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as ErrorEnvelope;
  return { status: res.status, code: body.code, message: body.message };
}

async function expectNothingCharged() {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  expect(row.credits).toBe(2);
  const summaries = await t.db
    .selectFrom('summaries')
    .select('id')
    .where('user_id', '=', user.user.id)
    .execute();
  expect(summaries).toHaveLength(0);
}

describe('POST /api/summaries with a web address, read by the real fetcher', () => {
  it('summarizes the article of an allowed page, with its address and title, for 1 credit', async () => {
    const res = await create(`${origin}/rivers`);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as {
      data: { summary: SummaryDto; updatedCredits: number };
    };
    expect(data.updatedCredits).toBe(1);
    expect(data.summary).toMatchObject({
      source: 'url',
      sourceUrl: `${origin}/rivers`,
      sourceTitle: 'Rivers and deltas',
      originalContent: expect.stringContaining('\n\nDams\n\n'),
    });
  });

  it('streams the stages fetching, reading and summarizing before the text', async () => {
    const res = await create(`${origin}/rivers`, '/api/summaries/stream');
    expect(res.status).toBe(200);
    if (!res.body) throw new Error('no body');
    const events = await readEvents(res.body).rest();
    expect(events.filter((event) => event.event === 'progress').map((event) => event.data)).toEqual(
      [{ stage: 'fetching' }, { stage: 'reading' }, { stage: 'summarizing' }],
    );
    expect(events.at(-1)?.event).toBe('done');
  });

  it('refuses a name resolving to an internal address: 400 URL_NOT_ALLOWED', async () => {
    expect(await answerOf(await create('https://intranet.example.test/'))).toEqual({
      status: 400,
      code: 'URL_NOT_ALLOWED',
      message: 'The address intranet.example.test is not on the public internet.',
    });
    await expectNothingCharged();
  });

  it('refuses an allowed page that redirects to a local address that is not allowed', async () => {
    const answer = await answerOf(await create(`${origin}/to-inside`));
    expect(answer).toMatchObject({ status: 400, code: 'URL_NOT_ALLOWED' });
    expect(inside.requests).toBe(0);
    await expectNothingCharged();
  });

  it('answers 422 URL_UNREACHABLE naming a 404, and 415 for a calendar', async () => {
    expect(await answerOf(await create(`${origin}/missing`))).toEqual({
      status: 422,
      code: 'URL_UNREACHABLE',
      message: 'The page answered 404 Not Found.',
    });
    expect(await answerOf(await create(`${origin}/meeting.ics`))).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/text\/calendar/),
    });
    await expectNothingCharged();
  });
});
