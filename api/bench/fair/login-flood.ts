/**
 * Issue 24, item 5: a login flood of unknown emails from one client address beside a health
 * probe and two victims. Run against a built server started with TRUST_PROXY=127.0.0.1 (so
 * X-Forwarded-For gives each simulated client its address) on a fresh DATA_DIR:
 *
 *   pnpm --filter api exec tsx bench/fair/login-flood.ts --url http://127.0.0.1:5301
 *
 * Options: --parallel (flood connections, 40), --seconds (flood length, 20). Before the flood
 * it registers two victims; during it, every second: the victim from its own address logs in
 * with its correct password, a newcomer from another address signs up, and a victim that
 * shares the flood's address (an office behind one proxy) logs in too; a probe calls
 * GET /api/health back to back. Prints one JSON object. Bounded: the flood stops after
 * --seconds, every request times out after 60 s.
 */
import { countStatuses, parseBenchArgs, percentile, sleep, timedRequest } from './common';
import type { Timed } from './common';

const args = parseBenchArgs({ parallel: '40', seconds: '20' });
const base = args.url as string;
const parallel = Math.min(200, Number(args.parallel));
const seconds = Math.min(120, Number(args.seconds));

const FLOOD_ADDRESS = '198.51.100.66';
const VICTIM_ADDRESS = '203.0.113.7';
const NEWCOMER_PREFIX = '192.0.2.';
const run = Date.now().toString(36);

async function registerVictim(label: string, address: string) {
  const email = `victim-${label}-${run}@example.com`;
  const password = 'correct-horse-1';
  const res = await timedRequest(`${base}/api/auth/register`, {
    method: 'POST',
    json: { name: `Victim ${label}`, email, password },
    address,
  });
  if (res.status !== 201) throw new Error(`registering ${label} answered ${res.status}`);
  return { email, password };
}

function summarize(samples: Timed[]) {
  const ms = samples.map((sample) => sample.ms);
  return {
    n: samples.length,
    statuses: countStatuses(samples),
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(Math.max(0, ...ms)),
  };
}

const victim = await registerVictim('own-address', VICTIM_ADDRESS);
const officeVictim = await registerVictim('same-address', '198.51.100.67');

const floodUntil = performance.now() + seconds * 1000;
const flooding = () => performance.now() < floodUntil;
const flood: Timed[] = [];
const health: Timed[] = [];
const victimLogins: Timed[] = [];
const officeLogins: Timed[] = [];
const signups: Timed[] = [];

const started = performance.now();
await Promise.all([
  ...Array.from({ length: parallel }, async (_, worker) => {
    let index = 0;
    while (flooding()) {
      index += 1;
      flood.push(
        await timedRequest(`${base}/api/auth/login`, {
          method: 'POST',
          json: { email: `nobody-${worker}-${index}-${run}@example.com`, password: 'guess-12345' },
          address: FLOOD_ADDRESS,
        }),
      );
    }
  }),
  (async () => {
    while (flooding()) health.push(await timedRequest(`${base}/api/health`));
  })(),
  (async () => {
    await sleep(500);
    let index = 0;
    while (flooding()) {
      index += 1;
      const tick = sleep(1000);
      await Promise.all([
        timedRequest(`${base}/api/auth/login`, {
          method: 'POST',
          json: victim,
          address: VICTIM_ADDRESS,
        }).then((res) => victimLogins.push(res)),
        timedRequest(`${base}/api/auth/login`, {
          method: 'POST',
          json: officeVictim,
          address: FLOOD_ADDRESS,
        }).then((res) => officeLogins.push(res)),
        timedRequest(`${base}/api/auth/register`, {
          method: 'POST',
          json: {
            name: 'Newcomer',
            email: `newcomer-${index}-${run}@example.com`,
            password: 'newcomer-123',
          },
          address: `${NEWCOMER_PREFIX}${(index % 250) + 1}`,
        }).then((res) => signups.push(res)),
        tick,
      ]);
    }
  })(),
]);

console.info(
  JSON.stringify(
    {
      parallel,
      seconds,
      elapsedMs: Math.round(performance.now() - started),
      flood: summarize(flood),
      health: summarize(health),
      victimOwnAddress: summarize(victimLogins),
      victimSameAddress: summarize(officeLogins),
      signupsOtherAddresses: summarize(signups),
    },
    null,
    2,
  ),
);
