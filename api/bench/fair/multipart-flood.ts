/**
 * Issue 24 item 1: how fast GET /api/health answers while multipart bodies of ~100,000 tiny
 * `file` parts (~9.5 MB each, under the upload limit) are sent to POST /api/summaries/upload.
 *
 *   pnpm --filter api build
 *   DATA_DIR=$(mktemp -d) NODE_ENV=production HOST=127.0.0.1 PORT=5150 node api/dist/server.js &
 *   pnpm --filter api exec tsx bench/fair/multipart-flood.ts --url http://127.0.0.1:5150
 *
 * Options: --parallel N bodies at once (default 3), --rounds N (default 1: each round sends the
 * N bodies and waits for their answers), --parts N per body (default 100000), --credits
 * zero|some (default both: a user who spent their 5 credits, as in the issue, then a fresh user
 * who has them). It registers its own users (one address: the registration limit allows a few).
 * Meanwhile one client asks for /api/health every 5 ms on its own connection and prints the
 * probe's p50/p99/max, with the same figures measured first for 2 s with no attack. Every request
 * gives up after 60 s and the whole run after 240 s. Send it only to a server on this machine.
 * Once bodies are refused in a few hundred ms, one round gives the probe only a handful of
 * samples: use --rounds 10 for a p99 that means something.
 *
 * Measured 2026-11-27 on a machine shared with five other sessions (load average 10–16 on 2
 * cores), PGlite, one run each: before (3 bodies, 1 round) health p50 241 ms, p99 25.0 s, the
 * bodies answered 400 after 25 s and 45 s and the third not within 60 s; after (--rounds 10)
 * p50 184 ms, p99 545 ms (zero-credit user, 402 in 0.2–0.6 s) and p50 108 ms, p99 247 ms
 * (credited user, 400 in 0.2–0.4 s), against an idle p99 of 235 ms on that machine then.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    parallel: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    parts: { type: 'string', default: '100000' },
    credits: { type: 'string', default: 'both' },
  },
});
if (!values.url) throw new Error('--url http://127.0.0.1:PORT is required');
const origin = new URL(values.url).origin;
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname)) {
  throw new Error('This benchmark only targets a server on this machine (127.0.0.1)');
}
const parallel = Number(values.parallel);
const rounds = Number(values.rounds);
const parts = Number(values.parts);
const creditModes =
  values.credits === 'both' ? ['zero', 'some'] : [values.credits === 'zero' ? 'zero' : 'some'];

const REQUEST_TIMEOUT_MS = 60_000;
const RUN_DEADLINE = Date.now() + 240_000;
const PROBE_INTERVAL_MS = 5;
const BOUNDARY = '----brevity-flood-bench';
const TEXT =
  'The council met on Monday to discuss the budget for next year. It agreed to fund the ' +
  'library and to repair two bridges before the winter. Residents asked for more buses.';

/** ~9.5 MB: `parts` one-byte files, all named `file`. */
function floodBody(count: number): Buffer {
  const part =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
    '\r\nx\r\n';
  return Buffer.from(part.repeat(count) + `--${BOUNDARY}--\r\n`);
}

async function json(res: Response): Promise<{ token?: string }> {
  return (await res.json()) as { token?: string };
}

/** A fresh user's token; with `spend`, their 5 starting credits are spent on summaries first. */
async function newUser(spend: boolean): Promise<string> {
  const email = `flood-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Flood Bench', email, password: 'flood-bench-1' }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const { token } = await json(res);
  if (res.status !== 201 || !token) throw new Error(`register answered ${res.status}`);
  if (spend) {
    for (let spent = 0; spent < 10; spent += 1) {
      const made = await fetch(`${origin}/api/summaries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: TEXT }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await made.arrayBuffer();
      if (made.status === 402) break;
      if (made.status !== 201)
        throw new Error(`a summary to spend credits answered ${made.status}`);
    }
  }
  return token;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(label: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `${label}: ${sorted.length} probes (${failedProbes} failed), p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? NaN)} ms`;
}

let failedProbes = 0;

/** Probes /api/health until `until` settles; the latencies in ms. */
async function probe(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done && Date.now() < RUN_DEADLINE) {
    const started = performance.now();
    try {
      const res = await fetch(`${origin}/api/health`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.arrayBuffer();
    } catch {
      // Counted at the time it failed (60 s for a time-out).
      failedProbes += 1;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  return latencies;
}

/** One flood body sent; its status (or the client's error) and how long it took. */
async function flood(body: Buffer, token: string): Promise<string> {
  const started = performance.now();
  let outcome: string;
  try {
    const res = await fetch(`${origin}/api/summaries/upload`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await res.json()) as { code?: string };
    outcome = `${res.status} ${answer.code ?? ''}`.trim();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    outcome = `error ${cause?.code ?? (error as Error).name}`;
  }
  return `${outcome} in ${Math.round(performance.now() - started)} ms`;
}

const body = floodBody(parts);
console.info(
  `${origin}: ${parallel} bodies at once × ${rounds} rounds, ${parts.toLocaleString('en-US')} parts, ${(body.length / 1e6).toFixed(2)} MB each`,
);
console.info(summary('idle', await probe(new Promise((resolve) => setTimeout(resolve, 2_000)))));
for (const mode of creditModes) {
  const token = await newUser(mode === 'zero');
  const outcomes: string[] = [];
  const attack = (async () => {
    for (let round = 0; round < rounds && Date.now() < RUN_DEADLINE; round += 1) {
      outcomes.push(
        ...(await Promise.all(Array.from({ length: parallel }, () => flood(body, token)))),
      );
    }
  })();
  const started = performance.now();
  const latencies = await probe(attack);
  await attack;
  console.info(
    summary(
      `${mode === 'zero' ? 'zero-credit' : 'credited'} user, under attack (${Math.round(performance.now() - started)} ms)`,
      latencies,
    ),
  );
  console.info(`  uploads: ${outcomes.join('; ')}`);
}
