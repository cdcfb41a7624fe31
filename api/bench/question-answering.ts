/**
 * Questions answered from the document (issue 29), measured on CNN/DailyMail: each reference
 * highlight is asked as a question of its own article, and the answer to find is the
 * article's sentence with the highest ROUGE-2 against it. Printed beside plain BM25 (lower-cased
 * words, no stop words dropped, no stemming, no neighbours, its top 3), with the local
 * answer's "The document does not say." share, how often it answers another article's
 * highlight (which it should not), and the time per question on a 50,000-character source.
 * Called by summarizer.bench.ts (`pnpm --filter api bench:summarizer`); decision 0035.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { answerFromDocument, NOT_IN_DOCUMENT } from '../src/summarizer/local/local-answer';
import { retrieveSentences } from '../src/summarizer/text/sentence-retrieval';
import { segmentSentences } from '../src/summarizer/text/sentence-segmenter';
import type { Sentence } from '../src/summarizer/text/sentence-segmenter';
import { rougeN, rougeTokenize } from '../src/test/rouge';

const FILE = 'cnndm_test_frank250.jsonl.gz';
/** Aimed at: the local answer's recall@3 at least this many times plain BM25's (issue 29). */
const RECALL_FACTOR = 1.1;
/**
 * Time per question on 50,000 characters: the median over the questions of each one's fastest
 * of TIMING_RUNS runs, under this (issue 29). As for the summarizer's times, the fastest run is
 * the code's cost; the others add the wait for a processor on a shared machine (the plain median
 * of every run is printed too).
 */
const TIME_TARGET_MS = 20;
const TIMED_QUESTIONS = 200;
const TIMING_RUNS = 3;
const SOURCE_CHARS = 50_000;

interface Article {
  article: string;
  reference: string;
}

interface Question {
  /** The article asked. */
  text: string;
  question: string;
  /** The answer to find: its sentence's start offset in `text`. */
  target: number;
}

/** The units an answer may quote (as the retrieval: prose, list items, table rows). */
function answerUnits(text: string): Sentence[] {
  return segmentSentences(text).filter(
    (sentence) =>
      sentence.kind === 'sentence' || sentence.kind === 'bullet' || sentence.kind === 'table',
  );
}

/** Okapi BM25 (k1 1.2, b 0.75) on lower-cased words: the baseline's top `limit` starts. */
function plainBm25(units: readonly Sentence[], question: string, limit: number): number[] {
  const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const documents = units.map((unit) => words(unit.text));
  const averageLength =
    documents.reduce((total, document) => total + document.length, 0) /
    Math.max(1, documents.length);
  const terms = [...new Set(words(question))];
  const idf = new Map(
    terms.map((term) => {
      const df = documents.filter((document) => document.includes(term)).length;
      return [term, Math.log(1 + (documents.length - df + 0.5) / (df + 0.5))];
    }),
  );
  return documents
    .map((document, index) => {
      let score = 0;
      for (const term of terms) {
        const frequency = document.filter((word) => word === term).length;
        if (frequency === 0) continue;
        const norm = 1.2 * (0.25 + (0.75 * document.length) / averageLength);
        score += ((idf.get(term) ?? 0) * frequency * 2.2) / (frequency + norm);
      }
      return { start: (units[index] as Sentence).start, score, index };
    })
    .filter((scored) => scored.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((scored) => scored.start);
}

function questionsOf(articles: readonly Article[]): Question[] {
  const questions: Question[] = [];
  for (const { article, reference } of articles) {
    const units = answerUnits(article);
    const unitTokens = units.map((unit) => rougeTokenize(unit.text));
    for (const highlight of segmentSentences(reference)) {
      const tokens = rougeTokenize(highlight.text);
      let best = -1;
      let bestScore = 0;
      unitTokens.forEach((candidate, index) => {
        const score = rougeN(tokens, candidate, 2).f1;
        if (score > bestScore) {
          bestScore = score;
          best = index;
        }
      });
      // A highlight sharing no word pair with its article has no sentence to find.
      if (best >= 0) {
        questions.push({
          text: article,
          question: highlight.text,
          target: (units[best] as Sentence).start,
        });
      }
    }
  }
  return questions;
}

function percent(share: number): string {
  return `${(100 * share).toFixed(1)} %`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The lines the summarizer benchmark prints for questions; a missed time target is pushed to
 * `failures`. Returns no lines when the data set is absent (the caller has said so).
 */
export function questionAnsweringLines(directory: string, failures: string[]): string[] {
  const path = join(directory, FILE);
  if (!existsSync(path)) return [];
  const articles = gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Article);
  const questions = questionsOf(articles);

  let answerHits = 0;
  let notSaid = 0;
  let citations = 0;
  let retrievalHits = 0;
  let baselineHits = 0;
  let answerFirst = 0;
  let baselineFirst = 0;
  for (const { text, question, target } of questions) {
    const answer = answerFromDocument(text, question);
    if (answer.answer === NOT_IN_DOCUMENT) notSaid++;
    citations += answer.citations.length;
    if (answer.citations.some((citation) => citation.start === target)) answerHits++;
    const ranked = retrieveSentences(text, question, { limit: 3 });
    if (ranked.some((sentence) => sentence.start === target)) retrievalHits++;
    if (ranked[0]?.start === target) answerFirst++;
    const baseline = plainBm25(answerUnits(text), question, 3);
    if (baseline.includes(target)) baselineHits++;
    if (baseline[0] === target) baselineFirst++;
  }
  // Another article's highlights: the document does not say, whatever words they share.
  let falseAnswers = 0;
  let asked = 0;
  articles.forEach((article, index) => {
    const other = articles[(index + 1) % articles.length] as Article;
    for (const highlight of segmentSentences(other.reference)) {
      asked++;
      if (answerFromDocument(article.article, highlight.text).citations.length > 0) falseAnswers++;
    }
  });

  const count = questions.length;
  const answerRecall = answerHits / count;
  const baselineRecall = baselineHits / count;
  const factor = baselineRecall > 0 ? answerRecall / baselineRecall : 0;

  // Time: questions of the first articles asked of the first 50,000 characters of them all.
  const source = articles
    .map((article) => article.article)
    .join('\n\n')
    .slice(0, SOURCE_CHARS);
  const timedQuestions = questions.slice(0, TIMED_QUESTIONS).map((entry) => entry.question);
  answerFromDocument(source, timedQuestions[0] ?? 'warm-up');
  const runs: number[] = [];
  const times = timedQuestions.map((question) => {
    let fastest = Infinity;
    for (let run = 0; run < TIMING_RUNS; run++) {
      const started = performance.now();
      answerFromDocument(source, question);
      const ms = performance.now() - started;
      runs.push(ms);
      fastest = Math.min(fastest, ms);
    }
    return fastest;
  });
  const medianMs = median(times);
  const everyRunMs = median(runs);
  if (medianMs >= TIME_TARGET_MS) {
    failures.push(
      `a question on 50,000 characters takes ${medianMs.toFixed(1)} ms (median of the fastest runs; target < ${TIME_TARGET_MS})`,
    );
  }

  const ceiling = baselineRecall > 0 ? 1 / baselineRecall : 0;
  return [
    '',
    `Questions (CNN/DM highlights as questions, ${count} of ${articles.length} articles; the answer to find: the sentence of highest ROUGE-2):`,
    `  recall@3, local answer's citations:  ${percent(answerRecall)} (${factor.toFixed(2)}× plain BM25; "${NOT_IN_DOCUMENT}" for ${percent(notSaid / count)} of questions, counted as misses; ${(citations / count).toFixed(2)} citations per answer)`,
    `  recall@3, plain BM25 (no stemming, no neighbours): ${percent(baselineRecall)}`,
    `  recall@3, the retrieval's top 3 (no threshold):    ${percent(retrievalHits / count)}`,
    `  recall@1, retrieval / plain BM25:                  ${percent(answerFirst / count)} / ${percent(baselineFirst / count)}`,
    `  another article's highlight answered (should say "${NOT_IN_DOCUMENT}"): ${percent(falseAnswers / Math.max(1, asked))} of ${asked}`,
    factor >= RECALL_FACTOR
      ? `  aim met: ≥ ${RECALL_FACTOR}× plain BM25`
      : `  aim NOT met: ≥ ${RECALL_FACTOR}× plain BM25 (at most ${ceiling.toFixed(2)}× is possible on this set: BM25 finds ${percent(baselineRecall)} already; decision 0035)`,
    `  time per question, ${source.length.toLocaleString('en')} characters (${times.length} questions, fastest of ${TIMING_RUNS} runs each): median ${medianMs.toFixed(1)} ms (target < ${TIME_TARGET_MS} ms); median of every run ${everyRunMs.toFixed(1)} ms`,
  ];
}
