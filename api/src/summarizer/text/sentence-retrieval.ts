import { segmentSentences } from './sentence-segmenter';
import type { Sentence } from './sentence-segmenter';
import { extractTerms, tokenize } from './text-terms';

/**
 * Finds the sentences of a text that answer a question (or match a prompt): BM25 over the
 * text's sentences with the summarizer's own words (text-terms.ts: stop words dropped, light
 * stemming, bigrams of scripts written without spaces), a bonus for the question's words found
 * side by side, and the context of a sentence's neighbours, so that "He said the budget was
 * cut" is found for a question naming the minister of the sentence before. Pure: no I/O, no
 * state kept between calls. Decision 0035 says why each part is there and how it was tuned.
 */

/** A sentence of the text that matches the query, best first. */
export interface RetrievedSentence {
  /** Its index among `segmentSentences(text)`: the number a model sees is `index + 1`. */
  index: number;
  /** UTF-16 offsets in the text, `end` exclusive. */
  start: number;
  end: number;
  /** The sentence as the splitter gives it (spaces collapsed). */
  text: string;
  /** Its retrieval score (BM25, the side-by-side bonus, its neighbours' share); higher is better. */
  score: number;
  /**
   * The share (0–1) of the query's weight (its terms' IDF) that the sentence itself contains:
   * how much of the question it speaks to, comparable across questions and texts.
   */
  coverage: number;
}

export interface RetrievalOptions {
  /** How many sentences at most (default 10). */
  limit?: number;
  /**
   * The text's language (ISO 639-1): its sentence rules, stop words and stemmer, as the
   * summarizer uses them (decision 0037); the query's words are read the same way.
   */
  language?: string | undefined;
  /** The ranking's weights (default {@link DEFAULT_RETRIEVAL_WEIGHTS}), for benchmarks. */
  weights?: Partial<RetrievalWeights> | undefined;
}

/** The ranking's parameters: BM25's two, the side-by-side bonus and the neighbours' share. */
export interface RetrievalWeights {
  /** BM25's term-frequency saturation. */
  k1: number;
  /** BM25's length normalization (0: none, 1: full). */
  b: number;
  /** What two query terms found side by side add, as a share of the second one's IDF. */
  pairBonus: number;
  /**
   * The share a sentence takes of what each neighbour scores for query terms it lacks itself
   * (0: neighbours are ignored).
   */
  neighbourShare: number;
}

/** Tuned on CNN/DM's highlights as questions (decision 0035, `bench:summarizer`). */
export const DEFAULT_RETRIEVAL_WEIGHTS: Readonly<RetrievalWeights> = {
  k1: 1.2,
  b: 0.9,
  pairBonus: 1,
  neighbourShare: 0.05,
};
const DEFAULT_LIMIT = 10;

/** Units that can answer: prose, list items and table rows (not headings, code, e-mail headers). */
function answers(sentence: Sentence): boolean {
  return sentence.kind === 'sentence' || sentence.kind === 'bullet' || sentence.kind === 'table';
}

interface QueryTerms {
  /** Distinct terms of the query, by id (their position here). */
  terms: string[];
  idOf: Map<string, number>;
  /** Pairs of ids said one after the other in the query, as `first * count + second`. */
  pairs: Set<number>;
}

function queryTerms(query: string, language: string | undefined): QueryTerms {
  const sequence = extractTerms(query, language);
  const idOf = new Map<string, number>();
  const terms: string[] = [];
  for (const term of sequence) {
    if (!idOf.has(term)) {
      idOf.set(term, terms.length);
      terms.push(term);
    }
  }
  const pairs = new Set<number>();
  for (let i = 1; i < sequence.length; i++) {
    const first = idOf.get(sequence[i - 1] as string) as number;
    const second = idOf.get(sequence[i] as string) as number;
    if (first !== second) pairs.add(first * terms.length + second);
  }
  return { terms, idOf, pairs };
}

/**
 * The sentences of `text` that best match `query`, best first, at most `limit` of them; only
 * sentences sharing at least one term with the query are returned (none for a query of stop
 * words alone). Deterministic: ties go to the earlier sentence.
 *
 * @example
 * const [best] = retrieveSentences(article, 'How many people were evacuated?');
 * // best.start, best.end: where to highlight it; best.coverage: how much of the question it covers
 */
export function retrieveSentences(
  text: string,
  query: string,
  options: RetrievalOptions = {},
): RetrievedSentence[] {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const { k1, b, pairBonus, neighbourShare } = { ...DEFAULT_RETRIEVAL_WEIGHTS, ...options.weights };
  const { terms, idOf, pairs } = queryTerms(query, options.language);
  if (terms.length === 0 || limit <= 0) return [];
  const sentences = segmentSentences(text, { language: options.language });
  // The sentences that can answer, in order; `units[u]` is an index into `sentences`.
  const units: number[] = [];
  sentences.forEach((sentence, index) => {
    if (answers(sentence)) units.push(index);
  });
  if (units.length === 0) return [];

  const count = terms.length;
  // tf[u * count + q]: how often query term q occurs in unit u.
  const tf = new Float64Array(units.length * count);
  const lengths = new Float64Array(units.length);
  const pairHits = new Float64Array(units.length * count);
  let unit = 0;
  // The query term just read (-1: another word), for pairs said side by side.
  let previousTerm = -1;
  for (const token of tokenize(text, options.language)) {
    // Both lists are in text order: move to the unit holding the token, if any.
    while (
      unit < units.length &&
      (sentences[units[unit] as number] as Sentence).end <= token.start
    ) {
      unit++;
      previousTerm = -1;
    }
    if (unit >= units.length) break;
    const sentence = sentences[units[unit] as number] as Sentence;
    if (token.start < sentence.start) continue;
    if (token.terms.length === 0) continue;
    lengths[unit] = (lengths[unit] as number) + token.terms.length;
    for (const term of token.terms) {
      const id = idOf.get(term);
      if (id === undefined) {
        previousTerm = -1;
        continue;
      }
      tf[unit * count + id] = (tf[unit * count + id] as number) + 1;
      // A pair counts where its second term follows its first within the sentence.
      if (previousTerm >= 0 && pairs.has(previousTerm * count + id)) {
        pairHits[unit * count + id] = 1;
      }
      previousTerm = id;
    }
  }

  const documents = units.length;
  let totalLength = 0;
  for (const length of lengths) totalLength += length;
  const averageLength = Math.max(1, totalLength / documents);
  const idf = new Float64Array(count);
  let queryWeight = 0;
  for (let q = 0; q < count; q++) {
    let df = 0;
    for (let u = 0; u < documents; u++) if ((tf[u * count + q] as number) > 0) df++;
    idf[q] = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
    queryWeight += idf[q] as number;
  }

  const own = new Float64Array(documents);
  const coverage = new Float64Array(documents);
  // contribution[u * count + q]: what query term q adds to unit u's BM25 score.
  const contribution = new Float64Array(documents * count);
  for (let u = 0; u < documents; u++) {
    const norm = k1 * (1 - b + (b * (lengths[u] as number)) / averageLength);
    let score = 0;
    let covered = 0;
    for (let q = 0; q < count; q++) {
      const frequency = tf[u * count + q] as number;
      if (frequency === 0) continue;
      const weight = idf[q] as number;
      const part = (weight * frequency * (k1 + 1)) / (frequency + norm);
      contribution[u * count + q] = part;
      score += part;
      covered += weight;
      if ((pairHits[u * count + q] as number) > 0) score += pairBonus * weight;
    }
    own[u] = score;
    coverage[u] = queryWeight > 0 ? covered / queryWeight : 0;
  }

  const found: RetrievedSentence[] = [];
  for (let u = 0; u < documents; u++) {
    if ((own[u] as number) <= 0) continue;
    // A neighbour lends what it says of the question that this sentence does not ("He said it
    // was cut" after the sentence naming the budget), not the terms both have.
    let context = 0;
    for (const neighbour of [u - 1, u + 1]) {
      if (neighbour < 0 || neighbour >= documents) continue;
      for (let q = 0; q < count; q++) {
        if ((tf[u * count + q] as number) === 0)
          context += contribution[neighbour * count + q] as number;
      }
    }
    const index = units[u] as number;
    const sentence = sentences[index] as Sentence;
    found.push({
      index,
      start: sentence.start,
      end: sentence.end,
      text: sentence.text,
      score: (own[u] as number) + neighbourShare * context,
      coverage: coverage[u] as number,
    });
  }
  found.sort((a, b) => b.score - a.score || a.index - b.index);
  return found.slice(0, limit);
}
