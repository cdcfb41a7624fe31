/**
 * Benchmark of the local summarizer (issue 6): ROUGE on news articles with human reference
 * summaries, against lead baselines segmented the same way, plus timings.
 *
 *   pnpm --filter api bench:summarizer
 *
 * The articles belong to their publishers and are never copied into this repository: they are
 * read from `<repo>/../shared/data` (or BENCH_DATA_DIR), and the benchmark skips, exiting 0,
 * when they are absent. heldout.bin in that folder is a sealed acceptance set and is never read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { summarizeExtractive } from '../src/summarizer/local-summarizer';
import { parseSummaryPrompt } from '../src/summarizer/prompt-steering';
import { scoreRouge } from '../src/summarizer/rouge';
import type { RougeScores } from '../src/summarizer/rouge';
import { segmentSentences } from '../src/summarizer/sentence-segmenter';

interface Article {
  id: string;
  article: string;
  reference: string;
}

interface Dataset {
  name: string;
  file: string;
  /** Sentences of the lead baseline and of the "in N sentences" prompt. */
  leadSentences: number;
}

interface Row {
  dataset: string;
  system: string;
  rouge1: number;
  rouge2: number;
  rougeLsum: number;
  words: number;
}

const DATASETS: Dataset[] = [
  { name: 'CNN/DM', file: 'cnndm_test_frank250.jsonl.gz', leadSentences: 3 },
  { name: 'XSum', file: 'xsum_test_frank251.jsonl.gz', leadSentences: 1 },
];

function dataDirectory(): string {
  const override = process.env['BENCH_DATA_DIR'];
  if (override) return resolve(override);
  // api/bench -> api -> repository root -> its parent, where shared/ lives beside the checkout.
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data');
}

function loadArticles(path: string): Article[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Article);
}

/** One sentence per line, as ROUGE-Lsum expects. */
function asLines(text: string): string {
  return segmentSentences(text)
    .map((sentence) => sentence.text)
    .join('\n');
}

function words(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word.length > 0);
}

function leadSentences(article: string, count: number): string[] {
  return segmentSentences(article)
    .filter((sentence) => sentence.kind !== 'heading')
    .slice(0, count)
    .map((sentence) => sentence.text);
}

function mean(values: number[]): number {
  return values.length === 0
    ? 0
    : values.reduce((total, value) => total + value, 0) / values.length;
}

function evaluate(
  dataset: string,
  system: string,
  articles: Article[],
  summarize: (article: Article) => string[],
): Row {
  const scores: RougeScores[] = [];
  const lengths: number[] = [];
  for (const article of articles) {
    const sentences = summarize(article);
    scores.push(scoreRouge(asLines(article.reference), sentences.join('\n')));
    lengths.push(words(sentences.join(' ')).length);
  }
  return {
    dataset,
    system,
    rouge1: 100 * mean(scores.map((score) => score.rouge1.f1)),
    rouge2: 100 * mean(scores.map((score) => score.rouge2.f1)),
    rougeLsum: 100 * mean(scores.map((score) => score.rougeLsum.f1)),
    words: mean(lengths),
  };
}

function printTable(rows: Row[]): void {
  const header = ['dataset', 'system', 'R-1', 'R-2', 'R-Lsum', 'words'];
  const cells = rows.map((row) => [
    row.dataset,
    row.system,
    row.rouge1.toFixed(2),
    row.rouge2.toFixed(2),
    row.rougeLsum.toFixed(2),
    row.words.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => (cell[column] ?? '').length)),
  );
  const line = (cell: string[]): string =>
    cell
      .map((value, column) =>
        column < 2 ? value.padEnd(widths[column] ?? 0) : value.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.info(line(header));
  console.info(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cell of cells) console.info(line(cell));
}

function timeMs(run: () => void, repeats: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

function main(): number {
  const directory = dataDirectory();
  const missing = DATASETS.filter((dataset) => !existsSync(join(directory, dataset.file)));
  if (missing.length > 0) {
    console.info(
      `Summarizer benchmark skipped: ${missing.map((dataset) => dataset.file).join(', ')} not found in ${directory}. ` +
        'The evaluation data lives outside the repository (../shared/data, or set BENCH_DATA_DIR).',
    );
    return 0;
  }

  const rows: Row[] = [];
  const failures: string[] = [];
  const articleTimes: number[] = [];
  let longText = '';

  for (const dataset of DATASETS) {
    const articles = loadArticles(join(directory, dataset.file));
    const n = dataset.leadSentences;
    const prompt = n === 1 ? 'in 1 sentence' : `in ${n} sentences`;
    const steered = parseSummaryPrompt(prompt);
    const defaults = parseSummaryPrompt(null);

    const lead = evaluate(dataset.name, `LEAD-${n}`, articles, (article) =>
      leadSentences(article.article, n),
    );
    const ours = evaluate(dataset.name, `local, "${prompt}"`, articles, (article) => {
      const started = performance.now();
      const { sentences } = summarizeExtractive(article.article, steered);
      articleTimes.push(performance.now() - started);
      return sentences;
    });

    const defaultLengths = new Map<string, number>();
    const oursDefault = evaluate(dataset.name, 'local, default length', articles, (article) => {
      const { sentences } = summarizeExtractive(article.article, defaults);
      defaultLengths.set(article.id, words(sentences.join(' ')).length);
      return sentences;
    });
    const leadSameLength = evaluate(
      dataset.name,
      'lead words, same length',
      articles,
      (article) => {
        const cut = words(article.article)
          .slice(0, defaultLengths.get(article.id) ?? 0)
          .join(' ');
        return asLines(cut).split('\n');
      },
    );
    rows.push(lead, ours, leadSameLength, oursDefault);

    const steeredOk =
      n === 1
        ? ours.rouge1 >= lead.rouge1 + 1 &&
          ours.rouge2 > lead.rouge2 &&
          ours.rougeLsum > lead.rougeLsum
        : ours.rouge1 >= lead.rouge1 && ours.rouge2 >= lead.rouge2;
    if (!steeredOk) failures.push(`${dataset.name}: "${prompt}" does not reach LEAD-${n}`);
    if (oursDefault.rouge1 < leadSameLength.rouge1 || oursDefault.rouge2 < leadSameLength.rouge2) {
      failures.push(`${dataset.name}: default length is below the same-length lead`);
    }
    for (const article of articles) {
      if (longText.length >= 50_000) break;
      longText += `${article.article}\n\n`;
    }
  }

  printTable(rows);
  longText = longText.slice(0, 50_000);
  const defaults = parseSummaryPrompt(null);
  const longMs = timeMs(() => summarizeExtractive(longText, defaults), 9);
  console.info('');
  console.info(
    `mean time per article: ${mean(articleTimes).toFixed(2)} ms (${articleTimes.length} articles)`,
  );
  console.info(`50,000-character text: ${longMs.toFixed(1)} ms (median of 9 runs)`);
  console.info('');
  if (failures.length > 0) {
    for (const failure of failures) console.info(`TARGET MISSED: ${failure}`);
    return 1;
  }
  console.info(
    'All targets met: "in N sentences" >= LEAD-N (XSum: clearly above), default >= same-length lead.',
  );
  return 0;
}

process.exitCode = main();
