import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, LISTENING, ProcessGroup } from '../../test/processes';
import { testDatabaseUrl } from '../../test/test-database';

/*
 * Load test against the real server (a child process with production password hashing,
 * scrypt N = 2^17): 60 concurrent logins with unknown emails, while signed-in users keep
 * calling GET /api/auth/me. The signed-in requests must stay fast: their p99 under 300 ms more
 * than the same traffic gets from the same machine without the flood (measured just before, so
 * a machine busy with other work, such as CI's other test files, is not blamed on the flood;
 * before the fix the flood added tens of seconds). Every login must get a clear answer (401,
 * 429 or 503, never a hang or a 500), and memory must stay bounded. Needs TEST_DATABASE_URL: the embedded database runs its SQL on the server's own
 * event loop, so latencies there measure PGlite rather than the isolation of hashing.
 */

const FLOOD = 60;
const SIGNED_IN_CLIENTS = 4;
const MIN_SIGNED_IN_SAMPLES = 200;
/** What the flood may add to the signed-in p99. */
const P99_LIMIT_MS = 300;
const BASELINE_MS = 3_000;
const RSS_LIMIT_MB = 450;

const processes = new ProcessGroup();
let dropDatabase: (() => Promise<void>) | null = null;

afterAll(async () => {
  await processes.stopAll();
  await dropDatabase?.();
});

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Resident memory of a process in MB (Linux), or null elsewhere. */
function rssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid ?? 0}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

describe.skipIf(!testDatabaseUrl)(
  'a login flood beside signed-in traffic (needs TEST_DATABASE_URL)',
  () => {
    it('keeps signed-in requests fast and answers every login', async () => {
      const scratch = await createScratchDatabase('brevity_flood');
      dropDatabase = scratch.drop;
      const env: Record<string, string> = { WORKERS: '0', DEMO: '1', DATABASE_URL: scratch.url };
      const api = await processes.start('src/server.ts', env, LISTENING);
      const post = (route: string, json: unknown) =>
        fetch(`${api.base}${route}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
          signal: AbortSignal.timeout(60_000),
        });

      const signIn = await post('/api/auth/login', {
        email: 'demo@brevity.app',
        password: 'demo1234',
      });
      expect(signIn.status).toBe(200);
      const { token } = (await signIn.json()) as { token: string };
      /** One signed-in request; a failure counts as status 0 (the test then fails on it). */
      const me = async () => {
        const started = performance.now();
        try {
          const res = await fetch(`${api.base}/api/auth/me`, {
            headers: { Authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          return { status: res.status, ms: performance.now() - started };
        } catch {
          return { status: 0, ms: performance.now() - started };
        }
      };
      for (let warm = 0; warm < 20; warm += 1) expect((await me()).status).toBe(200);
      const rssBefore = rssMb(api.child.pid);

      // The same signed-in traffic without the flood, for about as long as the flood lasts.
      const quiet: { status: number; ms: number }[] = [];
      const quietUntil = performance.now() + BASELINE_MS;
      await Promise.all(
        Array.from({ length: SIGNED_IN_CLIENTS }, async () => {
          while (performance.now() < quietUntil) quiet.push(await me());
        }),
      );
      const baselineP99 = percentile(
        quiet.map((sample) => sample.ms),
        0.99,
      );

      let flooding = true;
      let rssPeak = rssBefore ?? 0;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssMb(api.child.pid) ?? 0);
      }, 50);
      const floodStarted = performance.now();
      const flood = Promise.all(
        Array.from({ length: FLOOD }, async (_, index) => {
          try {
            const res = await post('/api/auth/login', {
              email: `nobody-${index}-${crypto.randomUUID()}@example.com`,
              password: 'guess-123456',
            });
            await res.arrayBuffer();
            return res.status;
          } catch {
            return 0;
          }
        }),
      ).finally(() => {
        flooding = false;
      });
      const samples: { status: number; ms: number }[] = [];
      await Promise.all(
        Array.from({ length: SIGNED_IN_CLIENTS }, async () => {
          while (flooding || samples.length < MIN_SIGNED_IN_SAMPLES) samples.push(await me());
        }),
      );
      const floodStatuses = await flood;
      const floodMs = performance.now() - floodStarted;
      clearInterval(sampler);

      const latencies = samples.map((sample) => sample.ms);
      const p50 = percentile(latencies, 0.5);
      const p99 = percentile(latencies, 0.99);
      const counts = floodStatuses.reduce<Record<number, number>>((all, status) => {
        all[status] = (all[status] ?? 0) + 1;
        return all;
      }, {});
      console.info(
        `login flood: ${FLOOD} bad logins answered in ` +
          `${Math.round(floodMs)} ms ${JSON.stringify(counts)}; signed-in GET /api/auth/me ` +
          `n=${samples.length} p50=${p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms ` +
          `(without the flood: n=${quiet.length} p99=${baselineP99.toFixed(1)} ms) ` +
          `max=${Math.max(...latencies).toFixed(1)} ms; RSS ${rssBefore?.toFixed(0) ?? '?'} -> ` +
          `peak ${rssPeak.toFixed(0)} MB`,
      );

      expect(samples.every((sample) => sample.status === 200)).toBe(true);
      for (const status of floodStatuses) expect([401, 429, 503]).toContain(status);
      expect(quiet.every((sample) => sample.status === 200)).toBe(true);
      expect(p99).toBeLessThan(P99_LIMIT_MS + baselineP99);
      if (rssBefore !== null) expect(rssPeak).toBeLessThan(RSS_LIMIT_MB);
      expect(api.alive()).toBe(true);
    }, 180_000);
  },
);
