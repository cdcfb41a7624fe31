import type { AppDeps } from '../../app-env';
import { sourceMapOf, stringsOf } from '../../domain/summary-response';
import {
  mentionedTermsOffThread,
  topSentencesOffThread,
} from '../../summarizer/local/comparison-pool';
import { extractTerms } from '../../summarizer/text/text-terms';
import type { SummaryRequester } from './summaries.service';
import { documentTitle, summaryNotFoundAt } from './summary-collection';
import type { CollectedSummaryRow } from './summary-collection.repository';
import { findOwnSummariesByIds } from './summary-collection.repository';
import type { CompareSummariesInput } from './summary-collection.schemas';

/*
 * POST /api/summaries/compare (issue 29): several of one's own summaries side by side, free.
 * Nothing is summarized: each column is the summary's own key terms (its `keywords`), each
 * marked `shared` when every compared document mentions it, and its top sentences for the same
 * question or prompt, found by the sentence retrieval the questions use (sentence-retrieval.ts)
 * over the summary's original text. Without a question, the terms the documents share are the
 * query; with none shared either, the sentences each summary cites first. A collection compares
 * as one document (its whole text, its own key terms). Decision 0036.
 */

/** Top sentences shown per document. */
export const COMPARED_SENTENCES = 3;

/** What the top sentences were found for. */
export type ComparisonBasis = 'question' | 'shared-terms' | 'summary';

export interface ComparedSentence {
  /** UTF-16 offsets into the summary's originalContent, `end` exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface ComparedDocument {
  summaryId: string;
  title: string;
  /** The summary's key terms, most important first; `shared`: every compared document has it. */
  keyTerms: { term: string; shared: boolean }[];
  /** Best first. */
  sentences: ComparedSentence[];
}

export interface Comparison {
  /** The question or prompt the sentences answer (`q`, or the shared terms); null for none. */
  query: string | null;
  basis: ComparisonBasis;
  /** Key terms every document mentions, each once, in the documents' order. */
  sharedTerms: string[];
  documents: ComparedDocument[];
}

/** The key under which a term is compared: its stemmed words, as the ranking reads them. */
function termKey(term: string): string[] {
  return extractTerms(term);
}

/** The sentences a summary cites first, when there is no query: its own basis. */
function citedSentences(row: CollectedSummaryRow): ComparedSentence[] {
  const seen = new Set<string>();
  const sentences: ComparedSentence[] = [];
  for (const entry of sourceMapOf(row.source_map)) {
    for (const span of entry.sources) {
      const key = `${span.start}:${span.end}`;
      if (seen.has(key) || span.end > row.original_content.length || span.end <= span.start) {
        continue;
      }
      seen.add(key);
      const text = row.original_content.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
      sentences.push({ start: span.start, end: span.end, text });
      if (sentences.length >= COMPARED_SENTENCES) return sentences;
    }
  }
  return sentences;
}

/**
 * The comparison of the requester's summaries `summaryIds` (2 to 10, in that order): 404
 * naming the first that is not theirs or is gone. A long document's part of the work runs in
 * a worker thread (comparison-pool.ts).
 */
export async function compareSummaries(
  deps: AppDeps,
  requester: SummaryRequester,
  input: CompareSummariesInput,
): Promise<Comparison> {
  const rows = await findOwnSummariesByIds(deps.db, requester.user.id, input.summaryIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = input.summaryIds.map((id, index) => {
    const row = byId.get(id);
    if (!row) throw summaryNotFoundAt(id, index);
    return row;
  });

  // Which key terms (of any document) every document mentions.
  const candidates = [...new Set(ordered.flatMap((row) => stringsOf(row.keywords)))];
  const mentions = await Promise.all(
    ordered.map((row) => mentionedTermsOffThread(row.original_content, candidates)),
  );
  const mentionedByAll = new Set(
    candidates.filter((_, index) => mentions.every((mentioned) => mentioned[index] === true)),
  );
  const sharedTerms: string[] = [];
  const sharedKeys = new Set<string>();
  const keyTerms = ordered.map((row) =>
    stringsOf(row.keywords).map((term) => {
      const shared = mentionedByAll.has(term);
      const key = termKey(term).join(' ');
      if (shared && !sharedKeys.has(key)) {
        sharedKeys.add(key);
        sharedTerms.push(term);
      }
      return { term, shared };
    }),
  );

  const basis: ComparisonBasis =
    input.q !== null ? 'question' : sharedTerms.length > 0 ? 'shared-terms' : 'summary';
  const query = input.q ?? (sharedTerms.length > 0 ? sharedTerms.join(' ') : null);
  const documents = await Promise.all(
    ordered.map(async (row, index): Promise<ComparedDocument> => ({
      summaryId: row.id,
      title: documentTitle(row),
      keyTerms: keyTerms[index] ?? [],
      sentences:
        query === null
          ? citedSentences(row)
          : await topSentencesOffThread(row.original_content, query, COMPARED_SENTENCES),
    })),
  );
  return { query, basis, sharedTerms, documents };
}
