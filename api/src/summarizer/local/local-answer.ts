import { joinSummarySentences } from '../text/sentence-segmenter';
import { retrieveSentences } from '../text/sentence-retrieval';
import type { RetrievalWeights, RetrievedSentence } from '../text/sentence-retrieval';
import { LOCAL_SUMMARIZER_MODEL } from './local-summarizer';
import type { QuestionInput, QuestionResult, SourceSpan } from '../summarizer';

/**
 * The local summarizer's answer to a question about a document: the one to three sentences
 * of the document that answer it best, quoted as they are, in document order, each cited; or
 * {@link NOT_IN_DOCUMENT} when no sentence speaks to the question well enough. It never writes
 * a word of its own. Decision 0035 gives the threshold and how it was measured.
 */

/** The answer when the document does not answer the question (API.md, round 3). */
export const NOT_IN_DOCUMENT = 'The document does not say.';

export interface LocalAnswer {
  /** The quoted sentences, or {@link NOT_IN_DOCUMENT}. */
  answer: string;
  /** The quoted sentences' offsets in the document, in document order; `[]` for none. */
  citations: SourceSpan[];
}

/** How the answer is chosen; the defaults are the measured ones ({@link DEFAULT_ANSWER_RULES}). */
export interface AnswerRules {
  /** The best sentence must cover at least this share of the question's weight. */
  minCoverage: number;
  /** A second or third sentence is quoted when it scores at least this share of the best. */
  companionShare: number;
  /** At most this many sentences are quoted. */
  maxSentences: number;
}

export const DEFAULT_ANSWER_RULES: Readonly<AnswerRules> = {
  minCoverage: 0.2,
  companionShare: 0.4,
  maxSentences: 3,
};

export interface LocalAnswerOptions {
  /** The document's language (ISO 639-1), passed on to the retrieval. */
  language?: string | undefined;
  rules?: Partial<AnswerRules> | undefined;
  weights?: Partial<RetrievalWeights> | undefined;
}

/** The sentences an answer quotes, best first, from retrieval results best first. */
export function chooseAnswerSentences(
  found: readonly RetrievedSentence[],
  rules: Partial<AnswerRules> = {},
): RetrievedSentence[] {
  const { minCoverage, companionShare, maxSentences } = { ...DEFAULT_ANSWER_RULES, ...rules };
  const best = found[0];
  if (!best || best.coverage < minCoverage) return [];
  const chosen = [best];
  for (const sentence of found.slice(1)) {
    if (chosen.length >= maxSentences) break;
    if (sentence.score >= companionShare * best.score) chosen.push(sentence);
  }
  return chosen;
}

/**
 * Answers `question` from `text` with its own sentences (see {@link NOT_IN_DOCUMENT}).
 * Pure and deterministic; about a millisecond per 10,000 characters.
 */
export function answerFromDocument(
  text: string,
  question: string,
  options: LocalAnswerOptions = {},
): LocalAnswer {
  const found = retrieveSentences(text, question, {
    limit: 10,
    ...(options.language === undefined ? {} : { language: options.language }),
    weights: options.weights,
  });
  const chosen = chooseAnswerSentences(found, options.rules).sort((a, b) => a.index - b.index);
  if (chosen.length === 0) return { answer: NOT_IN_DOCUMENT, citations: [] };
  return {
    answer: joinSummarySentences(
      chosen.map((sentence) => sentence.text),
      false,
    ),
    citations: chosen.map(({ start, end }) => ({ start, end })),
  };
}

/**
 * The local summarizer's {@link QuestionResult}: {@link answerFromDocument}, a Quick answer
 * (`isFallback`), nothing unverified since every word is the document's own.
 */
export function answerLocally(input: QuestionInput): QuestionResult {
  const started = performance.now();
  const { answer, citations } = answerFromDocument(input.text, input.question, {
    language: input.sourceLanguage,
  });
  return {
    answer,
    citations,
    unverified: [],
    model: LOCAL_SUMMARIZER_MODEL,
    isFallback: true,
    fallbackReason: null,
    processingTimeMs: Math.round(performance.now() - started),
  };
}
