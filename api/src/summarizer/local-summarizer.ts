import { parseSummaryPrompt } from './prompt-steering';
import type { SummarySteering } from './prompt-steering';
import { segmentSentences } from './sentence-segmenter';
import type { Sentence } from './sentence-segmenter';
import type { SummarizeInput, Summarizer, SummaryResult } from './summarizer';
import { SummarizerError } from './summarizer-error';
import { extractTerms } from './text-terms';

/** The model name stored with every summary the local summarizer writes. */
export const LOCAL_SUMMARIZER_MODEL = 'brevity-local-extractive';

/*
 * The ranking, in the order it is applied. The constants are global, never tuned per text;
 * they sit in the middle of a plateau of settings that all beat the lead baselines of the
 * benchmark (api/bench), not at its peak:
 *  1. Sentences become sublinear TF-IDF vectors; similarity is their cosine.
 *  2. Position-aware centrality (PacSum, Zheng & Lapata 2019): a sentence similar to many later
 *     sentences introduces what the text goes on to say; similarity to earlier sentences counts
 *     less. Edges below a small share of the similarity range are ignored.
 *  3. A lead prior for text organized like news: the first few sentences are favoured, in
 *     proportion to how central the opening actually is (an opening that is not about what
 *     follows gets no bonus).
 *  4. Length: sentences with few content words (bylines, captions, fragments) and very long
 *     ones (run-ons, glued captions) are discounted.
 *  5. Greedy selection with maximal marginal relevance, so the summary does not say the same
 *     thing twice, until the sentence target or the word budget is reached.
 */
const EDGE_THRESHOLD = 0.1;
const FORWARD_WEIGHT = 1;
const BACKWARD_WEIGHT = 0.3;
const LEAD_WEIGHT = 3;
/** Decay of the lead prior, in sentences: the point of a news text is in its first few. */
const LEAD_DECAY = 4;
const MIN_INFORMATIVE_TERMS = 8;
const LONG_SENTENCE_WORDS = 45;
const REDUNDANCY_PENALTY = 0.5;
const DUPLICATE_SIMILARITY = 0.9;
const HINT_BOOST = 0.4;
// Beyond this many units, neighbouring sentences are merged: the similarity graph is
// quadratic in the number of units, and this bound caps its cost whatever the text looks like.
const MAX_UNITS = 700;

export interface ExtractiveSummary {
  summary: string;
  /** The chosen sentences, in document order. */
  sentences: string[];
}

interface Unit {
  text: string;
  kind: Sentence['kind'];
  terms: string[];
  distinctTerms: Set<string>;
  words: number;
}

interface TermVector {
  ids: Int32Array;
  weights: Float64Array;
}

function wordsOf(text: string): number {
  return text.split(/\s+/u).filter((word) => word.length > 0).length;
}

function toUnit(text: string, kind: Sentence['kind'], terms: string[]): Unit {
  return { text, kind, terms, distinctTerms: new Set(terms), words: wordsOf(text) };
}

function mergeUnits(sentences: (Sentence & { terms: string[] })[]): Unit[] {
  if (sentences.length <= MAX_UNITS) {
    return sentences.map((sentence) => toUnit(sentence.text, sentence.kind, sentence.terms));
  }
  const groupSize = Math.ceil(sentences.length / MAX_UNITS);
  const merged: Unit[] = [];
  for (let i = 0; i < sentences.length; i += groupSize) {
    const group = sentences.slice(i, i + groupSize);
    merged.push(
      toUnit(
        joinSentences(
          group.map((sentence) => sentence.text),
          'prose',
        ),
        group[0]?.kind ?? 'sentence',
        group.flatMap((sentence) => sentence.terms),
      ),
    );
  }
  return merged;
}

/** Sublinear TF-IDF vectors, L2-normalized, over the sentences of one text. */
function buildVectors(units: Unit[]): TermVector[] {
  const termIds = new Map<string, number>();
  const counts = units.map((unit) => {
    const tf = new Map<number, number>();
    for (const term of unit.terms) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    return tf;
  });
  const documentFrequency = new Float64Array(termIds.size);
  for (const tf of counts) {
    for (const id of tf.keys()) documentFrequency[id] = (documentFrequency[id] ?? 0) + 1;
  }
  const n = units.length;
  return counts.map((tf) => {
    const ids = new Int32Array(tf.size);
    const weights = new Float64Array(tf.size);
    let norm = 0;
    let k = 0;
    for (const [id, count] of tf) {
      const weight = (1 + Math.log(count)) * Math.log(1 + n / (documentFrequency[id] ?? 1));
      ids[k] = id;
      weights[k] = weight;
      norm += weight * weight;
      k++;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] ?? 0) / norm;
    return { ids, weights };
  });
}

/** Cosine similarity of every pair, accumulated through an inverted index (n × n, symmetric). */
function similarityMatrix(vectors: TermVector[]): Float64Array {
  const n = vectors.length;
  const matrix = new Float64Array(n * n);
  const postingUnits = new Map<number, number[]>();
  const postingWeights = new Map<number, number[]>();
  vectors.forEach((vector, unit) => {
    for (let k = 0; k < vector.ids.length; k++) {
      const id = vector.ids[k] as number;
      let units = postingUnits.get(id);
      let weights = postingWeights.get(id);
      if (!units || !weights) {
        units = [];
        weights = [];
        postingUnits.set(id, units);
        postingWeights.set(id, weights);
      }
      units.push(unit);
      weights.push(vector.weights[k] as number);
    }
  });
  for (const [id, units] of postingUnits) {
    const weights = postingWeights.get(id) ?? [];
    for (let a = 0; a < units.length; a++) {
      const rowOffset = (units[a] as number) * n;
      const weight = weights[a] as number;
      for (let b = a + 1; b < units.length; b++) {
        const cell = rowOffset + (units[b] as number);
        matrix[cell] = (matrix[cell] as number) + weight * (weights[b] as number);
      }
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) matrix[j * n + i] = matrix[i * n + j] as number;
  }
  return matrix;
}

function normalizeScores(values: Float64Array): Float64Array {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const range = max - min;
  return values.map((value) => (range > 0 ? (value - min) / range : 1));
}

function directedCentrality(similarity: Float64Array, n: number): Float64Array {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const value = similarity[i * n + j] as number;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  const threshold = n > 1 ? min + EDGE_THRESHOLD * (max - min) : 0;
  const centrality = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let forward = 0;
    let backward = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const edge = (similarity[i * n + j] as number) - threshold;
      if (edge <= 0) continue;
      if (j > i) forward += edge;
      else backward += edge;
    }
    centrality[i] = FORWARD_WEIGHT * forward + BACKWARD_WEIGHT * backward;
  }
  return centrality;
}

/**
 * How much the text reads like news, from 0 to 1: 1 when its opening sentences are among the
 * most central (inverted pyramid), falling to 0 as the opening becomes peripheral.
 */
function leadStrength(similarity: Float64Array, n: number): number {
  if (n <= 3) return 1;
  const degree = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) if (j !== i) sum += similarity[i * n + j] as number;
    degree[i] = sum;
  }
  const opening = ((degree[0] as number) + (degree[1] as number)) / 2;
  let moreCentral = 0;
  for (const value of degree) if (value > opening) moreCentral++;
  const percentile = moreCentral / (n - 1);
  return Math.max(0, Math.min(1, 1.1 - percentile));
}

function countSentences(n: number, steering: SummarySteering): number {
  if (steering.sentenceCount !== null) return Math.min(steering.sentenceCount, n);
  // About a quarter of the sentences, at least a few (when there are enough) and at most a dozen.
  let count = Math.min(12, Math.max(Math.min(3, Math.ceil(n / 4)), Math.round(n * 0.25)));
  if (steering.length === 'shorter') count = Math.max(1, Math.round(count / 2));
  if (steering.length === 'longer') count = Math.min(24, Math.round(count * 1.75) + 1);
  return Math.max(1, Math.min(count, n));
}

function wordBudget(totalWords: number, steering: SummarySteering): number {
  if (steering.sentenceCount !== null) return Infinity;
  const share = steering.length === 'shorter' ? 0.2 : steering.length === 'longer' ? 0.6 : 0.35;
  return Math.max(40, totalWords * share);
}

function joinSentences(sentences: string[], format: SummarySteering['format']): string {
  if (format === 'bullets') return sentences.map((sentence) => `- ${sentence}`).join('\n');
  let summary = '';
  for (const sentence of sentences) {
    if (summary.length === 0) summary = sentence;
    // Scripts written without spaces run their sentences together too.
    else if (/[。！？｡]$/u.test(summary)) summary += sentence;
    else summary += ` ${sentence}`;
  }
  return summary;
}

function sentenceScores(
  units: Unit[],
  similarity: Float64Array,
  steering: SummarySteering,
): Float64Array {
  const n = units.length;
  const centrality = normalizeScores(directedCentrality(similarity, n));
  const lead = LEAD_WEIGHT * leadStrength(similarity, n);
  const focus = new Set(steering.focusTerms);
  const hints = new Set(steering.hintTerms);
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const unit = units[i] as Unit;
    let score = (centrality[i] as number) + lead * Math.exp(-i / LEAD_DECAY);
    const distinct = unit.distinctTerms.size;
    if (distinct < MIN_INFORMATIVE_TERMS) score *= distinct / MIN_INFORMATIVE_TERMS;
    if (unit.words > LONG_SENTENCE_WORDS) score /= 1 + (unit.words - LONG_SENTENCE_WORDS) / 25;
    let focusHits = 0;
    let hintHits = 0;
    for (const term of unit.distinctTerms) {
      if (focus.has(term)) focusHits++;
      if (hints.has(term)) hintHits++;
    }
    // A sentence on the asked-for topic outranks any sentence that is merely central or early.
    if (focusHits > 0) score += LEAD_WEIGHT + 1 + focusHits / focus.size;
    if (hintHits > 0) score *= 1 + (HINT_BOOST * hintHits) / hints.size;
    scores[i] = score;
  }
  return normalizeScores(scores);
}

/**
 * Picks the sentences of `text` that best summarize it, steered by `steering`, and returns
 * them in document order. Deterministic: the same input always gives the same summary.
 */
export function summarizeExtractive(text: string, steering: SummarySteering): ExtractiveSummary {
  const segmented = segmentSentences(text).map((sentence) => ({
    ...sentence,
    terms: extractTerms(sentence.text),
  }));
  let candidates = segmented.filter(
    (sentence) => sentence.kind !== 'heading' && sentence.terms.length > 0,
  );
  // Text with no words we can compare (only numbers and symbols, or only headings).
  if (candidates.length === 0) candidates = segmented;
  if (candidates.length === 0) return { summary: '', sentences: [] };
  const units = mergeUnits(candidates);

  const n = units.length;
  const similarity = similarityMatrix(buildVectors(units));
  const scores = sentenceScores(units, similarity, steering);

  const target = countSentences(n, steering);
  const budget = wordBudget(
    units.reduce((total, unit) => total + unit.words, 0),
    steering,
  );
  const chosen: number[] = [];
  const redundancy = new Float64Array(n);
  const considered = new Uint8Array(n);
  let words = 0;
  while (chosen.length < target) {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      // A sentence saying again what the summary already says is never worth its words.
      if (considered[i] || (redundancy[i] as number) >= DUPLICATE_SIMILARITY) continue;
      const value = (scores[i] as number) - REDUNDANCY_PENALTY * (redundancy[i] as number);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    if (best < 0) break;
    considered[best] = 1;
    const unit = units[best] as Unit;
    if (chosen.length > 0 && words + unit.words > budget) continue;
    chosen.push(best);
    words += unit.words;
    for (let i = 0; i < n; i++) {
      const value = similarity[best * n + i] as number;
      if (value > (redundancy[i] as number)) redundancy[i] = value;
    }
  }
  chosen.sort((a, b) => a - b);
  const sentences = chosen.map((index) => (units[index] as Unit).text);
  return { summary: joinSentences(sentences, steering.format), sentences };
}

/** The summarizer that needs no network: extractive, deterministic, always `isFallback`. */
export function createLocalSummarizer(): Summarizer {
  return {
    async summarize(input: SummarizeInput, signal?: AbortSignal): Promise<SummaryResult> {
      if (signal?.aborted) {
        throw new SummarizerError('ABORTED', 'The summary request was cancelled', {
          retryable: false,
          cause: signal.reason,
        });
      }
      const started = performance.now();
      const { summary } = summarizeExtractive(input.text, parseSummaryPrompt(input.customPrompt));
      return {
        summary,
        model: LOCAL_SUMMARIZER_MODEL,
        isFallback: true,
        processingTimeMs: Math.round(performance.now() - started),
      };
    },
  };
}
