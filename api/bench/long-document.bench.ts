/**
 * The local summarizer on a long document (Issue 27: files, pages and scans of up to 500,000
 * characters): time per summary, peak memory, and how much of the document the summary covers.
 *
 *   pnpm --filter api bench:long-document            # a built document of 500,000 characters
 *   pnpm --filter api bench:long-document -- FILE    # the text of FILE instead (UTF-8)
 *
 * Summarizer-level on purpose: the same figures for any text, whoever extracted it.
 */
import { readFileSync } from 'node:fs';
import { summarizeLocally } from '../src/summarizer/local/local-summarizer';
import type { SummaryFormat, SummaryLength } from '../src/summarizer/summarizer';
import { buildLongDocument, sectionAt } from '../src/test/long-document';
import type { LongDocument } from '../src/test/long-document';

/** 500,000 characters must summarize well under this (ms, slowest run). */
const TIME_TARGET_MS = 2000;
const RUNS = 5;
const CASES: readonly { length: SummaryLength; format: SummaryFormat }[] = [
  { length: 'short', format: 'paragraph' },
  { length: 'medium', format: 'paragraph' },
  { length: 'long', format: 'bullets' },
  { length: 'medium', format: 'tldr' },
];

function megabytes(kilobytes: number): string {
  return `${(kilobytes / 1024).toFixed(0)} MB`;
}

/** Times every case on `text`; `document` (when built) tells which sections were drawn on. */
function run(label: string, text: string, document: LongDocument | null): boolean {
  console.info(`\n${label}: ${text.length.toLocaleString('en')} characters`);
  let ok = true;
  for (const { length, format } of CASES) {
    const times: number[] = [];
    let sentences = 0;
    let covered = '';
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { sourceMap } = summarizeLocally({ text, customPrompt: null, length, format });
      times.push(performance.now() - started);
      sentences = sourceMap.length;
      if (document) {
        const sections = new Set(
          sourceMap.map((entry) => sectionAt(document, entry.sources[0]?.start ?? -1)),
        );
        covered = `, ${sections.size} of ${document.sections.length} sections`;
      }
    }
    times.sort((a, b) => a - b);
    const slowest = times[times.length - 1] ?? 0;
    ok &&= slowest < TIME_TARGET_MS;
    console.info(
      `  ${`${length}, ${format}`.padEnd(18)} median ${(times[RUNS >> 1] ?? 0).toFixed(0)} ms, ` +
        `slowest ${slowest.toFixed(0)} ms; ${sentences} sentences${covered}`,
    );
  }
  return ok;
}

const file = process.argv.slice(2).find((argument) => argument !== '--');
let ok: boolean;
if (file) {
  ok = run(file, readFileSync(file, 'utf8'), null);
} else {
  const headed = buildLongDocument({ chars: 500_000 });
  const plain = buildLongDocument({ chars: 500_000, headings: false });
  ok = run('ten sections under headings', headed.text, headed);
  ok = run('the same without headings (even chunks)', plain.text, plain) && ok;
}
// maxRSS is in kilobytes.
console.info(`\npeak RSS: ${megabytes(process.resourceUsage().maxRSS)}`);
console.info(
  ok
    ? `Target met: every summary under ${TIME_TARGET_MS} ms.`
    : `Target missed: a summary took ${TIME_TARGET_MS} ms or more.`,
);
if (!ok) process.exitCode = 1;
