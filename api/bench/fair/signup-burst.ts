/**
 * Issue 24, item 6: --people (30) sign-ups at the same moment, each from its own address
 * (X-Forwarded-For: run the server with TRUST_PROXY=127.0.0.1) on a fresh DATA_DIR:
 *
 *   pnpm --filter api exec tsx bench/fair/signup-burst.ts --url http://127.0.0.1:5301
 *
 * Prints how many were admitted (201), the other answers, and the time to the last answer.
 * Bounded: one request per person, each timing out after 60 s.
 */
import { countStatuses, parseBenchArgs, percentile, timedRequest } from './common';

const args = parseBenchArgs({ people: '30' });
const base = args.url as string;
const people = Math.min(250, Number(args.people));
const run = Date.now().toString(36);

const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: people }, (_, index) =>
    timedRequest(`${base}/api/auth/register`, {
      method: 'POST',
      json: {
        name: `Person ${index}`,
        email: `burst-${index}-${run}@example.com`,
        password: 'burst-1234',
      },
      address: `192.0.2.${index + 1}`,
    }),
  ),
);
const ms = answers.map((answer) => answer.ms);
console.info(
  JSON.stringify({
    people,
    admitted: answers.filter((answer) => answer.status === 201).length,
    statuses: countStatuses(answers),
    p50Ms: Math.round(percentile(ms, 50)),
    lastMs: Math.round(performance.now() - started),
  }),
);
