import { retrieveSentences } from '../text/sentence-retrieval';
import { extractTerms } from '../text/text-terms';

/*
 * The per-document work of a comparison (issue 29, POST /api/summaries/compare): which key terms
 * a document mentions, and its top sentences for a query. Pure; comparison-pool.ts runs it in a
 * worker thread for long documents.
 */

/** A sentence of a document: UTF-16 offsets into it (`end` exclusive) and its text. */
export interface TopSentence {
  start: number;
  end: number;
  text: string;
}

/**
 * For each of `terms` (key terms, one or more words), whether `text` mentions it: every one of
 * its words, stemmed as the summarizer reads them, occurs in the text. A term with no such
 * word (stop words only) is mentioned nowhere.
 */
export function mentionedTerms(text: string, terms: readonly string[]): boolean[] {
  const vocabulary = new Set(extractTerms(text));
  return terms.map((term) => {
    const words = extractTerms(term);
    return words.length > 0 && words.every((word) => vocabulary.has(word));
  });
}

/** The `limit` sentences of `text` that best match `query`, best first (sentence-retrieval.ts). */
export function topSentences(text: string, query: string, limit: number): TopSentence[] {
  return retrieveSentences(text, query, { limit }).map(({ start, end, text: sentence }) => ({
    start,
    end,
    text: sentence,
  }));
}

/** A comparison task for one document, as the thread takes it. */
export type ComparisonTask =
  | { kind: 'mentions'; text: string; terms: string[] }
  | { kind: 'top'; text: string; query: string; limit: number };

/** The answer to a ComparisonTask. */
export type ComparisonAnswer = boolean[] | TopSentence[];

/** Runs one task (in a thread or inline). */
export function runComparisonTask(task: ComparisonTask): ComparisonAnswer {
  return task.kind === 'mentions'
    ? mentionedTerms(task.text, task.terms)
    : topSentences(task.text, task.query, task.limit);
}
