/**
 * The local summarizer's outputs on the benchmark's texts and the tests' documents, as one
 * digest (issue 25): a change meant only to make it faster must leave this digest unchanged.
 *
 *   pnpm --filter api exec tsx bench/summarizer-outputs.ts [file to write the outputs to]
 *
 * Reads `<repo>/../shared/data` (or BENCH_DATA_DIR) as the benchmark does; without it, only the
 * tests' documents are summarized.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  keywordsOf,
  summarizeExtractive,
  summarizeLocally,
} from '../src/summarizer/local/local-summarizer';
import { parseSummaryPrompt } from '../src/summarizer/text/prompt-steering';
import { segmentSentences } from '../src/summarizer/text/sentence-segmenter';
import { MEETING_MINUTES, STRUCTURED_ABSTRACT, TRANSIT_REPORT } from '../src/test/reader-documents';
import { REPORT_WITH_HEADINGS } from '../src/test/summarizer-fixtures';

const FILES = [
  'cnndm_test_frank250.jsonl.gz',
  'xsum_test_frank251.jsonl.gz',
  'scitldr_a_dev619.jsonl.gz',
];
const LENGTHS = ['short', 'medium', 'long'] as const;
const FORMATS = ['paragraph', 'bullets', 'tldr'] as const;
const PROMPTS = [null, 'in 1 sentence', 'in 3 sentences'];

function dataDirectory(): string {
  const override = process.env['BENCH_DATA_DIR'];
  if (override) return resolve(override);
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data');
}

function articles(file: string): string[] {
  const path = join(dataDirectory(), file);
  if (!existsSync(path)) return [];
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => (JSON.parse(line) as { article: string }).article);
}

const outputs: unknown[] = [];
const [news, xsum, science] = FILES.map(articles) as [string[], string[], string[]];
// The benchmark's long texts: the news articles one after the other, cut at 50,000 and 500,000.
let longest = '';
for (const article of [...news, ...xsum]) {
  if (longest.length >= 500_000) break;
  longest += `${article}\n\n`;
}
const documents = [
  STRUCTURED_ABSTRACT,
  TRANSIT_REPORT,
  MEETING_MINUTES,
  REPORT_WITH_HEADINGS,
  longest.slice(0, 50_000),
  longest.slice(0, 500_000),
  longest.slice(0, 120_000),
];
for (const text of documents) {
  for (const length of LENGTHS) {
    for (const format of FORMATS) {
      outputs.push(summarizeLocally({ text, customPrompt: null, length, format }));
    }
  }
  outputs.push(
    summarizeLocally({
      text,
      customPrompt: 'in 3 sentences',
      length: 'medium',
      format: 'paragraph',
    }),
  );
}
for (const text of [...documents, ...news, ...xsum, ...science]) {
  outputs.push(segmentSentences(text));
}
for (const text of [...news, ...xsum, ...science]) {
  for (const prompt of PROMPTS)
    outputs.push(summarizeExtractive(text, parseSummaryPrompt(prompt)).sentences);
  outputs.push(
    summarizeExtractive(text, parseSummaryPrompt(null), { length: 'medium', format: 'tldr' })
      .sentences,
  );
  outputs.push(keywordsOf(text));
}
const json = JSON.stringify(outputs);
const target = process.argv[2];
if (target) writeFileSync(target, json);
console.info(
  `${outputs.length} outputs, ${documents.length + news.length + xsum.length + science.length} texts: sha256 ${createHash('sha256').update(json).digest('hex')}`,
);
