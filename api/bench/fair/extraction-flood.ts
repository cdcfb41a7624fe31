/**
 * Issue 24, item 3: one account floods the file readers while another uploads text files.
 *
 *   pnpm --filter api exec tsx bench/fair/extraction-flood.ts --url http://127.0.0.1:PORT
 *
 * Registers two users through the API. The attacker sends 17 concurrent uploads of a PDF of
 * 5,000 pages that share one 40 MB content stream (about 870 KB); a second later the victim
 * sends four .txt uploads at once. Meanwhile GET /api/health is probed every 100 ms, one at a
 * time. Prints the probe's p50/p99, the victim's outcomes and the attacker's. Bounded: every
 * upload gives up after 120 s, so the script ends within about two minutes.
 * Options: --files (17), --pages (5000), --content-mb (40), --victim-files (4; 0 measures the
 * attack alone), --probe-seconds (40: the probe runs at least this long from the attack's start,
 * so runs that end sooner are compared over the same window).
 */
import { buildSharedContentPdf } from '../../src/test/hostile-pdfs';
import { benchOptions, percentile, registerUser, sleep, upload } from './common';
import type { UploadOutcome } from './common';

const { options, values } = benchOptions({
  files: { type: 'string', default: '17' },
  pages: { type: 'string', default: '5000' },
  'content-mb': { type: 'string', default: '40' },
  'victim-files': { type: 'string', default: '4' },
  'probe-seconds': { type: 'string', default: '40' },
});
const probeSeconds = Number(values['probe-seconds']);
const victimFiles = Number(values['victim-files']);
const files = Number(values.files);
const pages = Number(values.pages);
const contentMb = Number(values['content-mb']);

const VICTIM_TEXT =
  'The council met on Monday to discuss the budget for next year. It agreed to fund the ' +
  'library and to repair two bridges before the winter. Residents asked for more buses, and ' +
  'the mayor promised a report on the matter by the end of the month.';

function summarize(label: string, outcomes: readonly UploadOutcome[]): void {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = `${outcome.status}${outcome.retryAfter === null ? '' : ` (Retry-After ${outcome.retryAfter})`}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const times = outcomes.map((outcome) => outcome.ms);
  console.info(
    `${label}: ${[...counts].map(([key, count]) => `${count}× ${key}`).join(', ')}; ` +
      `time min ${Math.min(...times)} ms, max ${Math.max(...times)} ms`,
  );
}

const pdf = buildSharedContentPdf(pages, contentMb * 1024 * 1024);
console.info(
  `attack: ${files} uploads of a ${pages}-page PDF (${Math.round(pdf.length / 1024)} KB, one ${contentMb} MB content stream)`,
);
const attacker = await registerUser(options.url, 'flood-attacker');
const victim = await registerUser(options.url, 'flood-victim');

const probes: number[] = [];
let probing = true;
const probe = (async () => {
  while (probing) {
    const started = performance.now();
    try {
      const response = await fetch(`${options.url}/api/health`, {
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      probes.push(performance.now() - started);
    } catch {
      probes.push(10_000);
    }
    await sleep(100);
  }
})();

const started = performance.now();
const attack = Array.from({ length: files }, (_, index) =>
  upload(options.url, attacker, `flood-${index}.pdf`, pdf),
);
await sleep(1000);
const victimOutcomes = await Promise.all(
  Array.from({ length: victimFiles }, (_, index) =>
    upload(options.url, victim, `notes-${index}.txt`, Buffer.from(`${VICTIM_TEXT} (${index})`)),
  ),
);
const attackOutcomes = await Promise.all(attack);
const answeredMs = Math.round(performance.now() - started);
await sleep(Math.max(0, probeSeconds * 1000 - (performance.now() - started)));
probing = false;
await probe;

console.info(`all uploads answered after ${answeredMs} ms`);
summarize(`victim (${victimFiles} .txt)`, victimOutcomes);
for (const outcome of victimOutcomes) {
  console.info(`  victim ${outcome.status} in ${outcome.ms} ms ${outcome.message}`);
}
summarize(`attacker (${files} .pdf)`, attackOutcomes);
const messages = new Set(attackOutcomes.map((outcome) => `${outcome.status} ${outcome.message}`));
for (const message of messages) console.info(`  attacker: ${message}`);
console.info(
  `health probe over ${Math.round((performance.now() - started) / 1000)} s: ${probes.length} probes, p50 ${percentile(probes, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(probes, 99).toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms`,
);
