/**
 * Issue 24, item 7: a user with 1 credit sends `--parallel` (default 20) creates at once
 * (`--route stream` for POST /api/summaries/stream) to the built server, whose Gemini is a
 * small fake on 127.0.0.1 that counts its calls and answers after `--delay` ms (default 500);
 * prints the upstream calls, the answers by status and the summaries stored.
 *
 *   pnpm --filter api build
 *   pnpm --filter api exec tsx bench/fair/credit-race.ts --server dist/server.js --port 5402
 *
 * `--server`: the build to measure, relative to api/. Only 127.0.0.1; the fake stops with it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arg, post, signUp, spendDownTo, startServer, TEXT } from './server';

const serverFile = arg('server', 'dist/server.js');
const port = Number(arg('port', '5402'));
const parallel = Math.min(100, Number(arg('parallel', '20')));
const delayMs = Math.min(10_000, Number(arg('delay', '500')));
const route = arg('route', 'create');

let calls = 0;
const answer = JSON.stringify({
  candidates: [
    {
      content: {
        role: 'model',
        parts: [
          {
            text: JSON.stringify({
              items: [{ text: 'The council will build a bridge over the river.', sources: [1] }],
            }),
          },
        ],
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  modelVersion: 'gemini-fake',
});
const gemini = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    calls += 1;
    setTimeout(() => {
      if (request.url?.includes(':streamGenerateContent')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(`data: ${answer}\r\n\r\n`);
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(answer);
      }
    }, delayMs);
  });
});
await new Promise<void>((done) => gemini.listen(0, '127.0.0.1', done));
const fakeUrl = `http://127.0.0.1:${(gemini.address() as AddressInfo).port}`;

const server = await startServer(serverFile, port, {
  GEMINI_API_KEY: 'x',
  GEMINI_BASE_URL: fakeUrl,
});
try {
  const token = await signUp(server.baseUrl);
  await spendDownTo(server.baseUrl, token, 1);
  const before = await summaryCount(server.baseUrl, token);
  calls = 0;
  const path = route === 'stream' ? '/api/summaries/stream' : '/api/summaries';
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const res = await post(server.baseUrl, path, token, { content: TEXT });
      const text = await res.text();
      const key =
        route === 'stream' && res.status === 200
          ? `200 ${text.includes('event: done') ? 'done' : 'error'}`
          : String(res.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  const after = await summaryCount(server.baseUrl, token);
  const me = await fetch(`${server.baseUrl}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const credits = ((await me.json()) as { data: { credits: number } }).data.credits;
  console.info(`server ${serverFile}, ${parallel} parallel ${route} on 1 credit`);
  console.info(`upstream Gemini calls: ${calls}`);
  console.info(`answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.info(`summaries stored: ${after - before}; credits left: ${credits}`);
} finally {
  await server.stop();
  gemini.closeAllConnections();
  gemini.close();
}

async function summaryCount(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/summaries?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { pagination: { totalSummaries: number } } }).data
    .pagination.totalSummaries;
}
