/**
 * Issue 24, item 2: a 0-credit user with one summary runs `--loops` parallel regeneration loops
 * (default 8) for `--seconds` (default 20) against the built server, while a probe asks
 * GET /api/health every 50 ms; prints the probe's p50/p99 (and before the flood, for reference),
 * the regenerations' answers by status and the versions stored.
 *
 *   pnpm --filter api build
 *   pnpm --filter api exec tsx bench/fair/regenerate-flood.ts --server dist/server.js --port 5401
 *
 * `--server`: the build to measure, relative to api/ (a "before" copy, say). Only 127.0.0.1.
 */
import { arg, percentile, post, signUp, spendDownTo, startServer } from './server';

const serverFile = arg('server', 'dist/server.js');
const port = Number(arg('port', '5401'));
const seconds = Math.min(60, Number(arg('seconds', '20')));
const loops = Math.min(32, Number(arg('loops', '8')));

async function probe(baseUrl: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`).then((res) => res.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((done) => setTimeout(done, 50));
  }
  return times;
}

const server = await startServer(serverFile, port);
try {
  const token = await signUp(server.baseUrl);
  const id = await spendDownTo(server.baseUrl, token, 0);
  const quiet = await probe(server.baseUrl, Date.now() + 3000);
  const statuses = new Map<number, number>();
  const until = Date.now() + seconds * 1000;
  const flood = Array.from({ length: loops }, async (_, loop) => {
    let n = 0;
    while (Date.now() < until) {
      const res = await post(server.baseUrl, `/api/summaries/${id}/regenerate`, token, {
        customPrompt: `loop ${loop} call ${n++}`,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  });
  const [loaded] = await Promise.all([probe(server.baseUrl, until), ...flood]);
  const versions = await fetch(`${server.baseUrl}/api/summaries/${id}/versions?limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await versions.json()) as {
    data: { versions: unknown[]; pagination?: { totalSummaries: number } };
  };
  const summary = await fetch(`${server.baseUrl}/api/summaries/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { version } = ((await summary.json()) as { data: { summary: { version: number } } }).data
    .summary;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.info(`server ${serverFile}, ${loops} loops for ${seconds} s`);
  console.info(`health quiet: p50 ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))}`);
  console.info(
    `health under flood (${loaded.length} probes): p50 ${ms(percentile(loaded, 50))}, ` +
      `p99 ${ms(percentile(loaded, 99))}, max ${ms(Math.max(...loaded))}`,
  );
  console.info(`regenerations by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.info(
    `summary version ${version}; versions listed ${body.data.versions.length}` +
      (body.data.pagination ? `, stored ${body.data.pagination.totalSummaries}` : '') +
      `; GET versions ${versions.headers.get('content-length') ?? '?'} bytes`,
  );
} finally {
  await server.stop();
}
