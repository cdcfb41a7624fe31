import { collectionDocuments, collectionKeywords } from '../local/collection-summary';
import { keywordsOf } from '../local/local-summarizer';
import type { NumberedSentence } from '../text/sentence-segmenter';
import type { SourceMapEntry, SummarizeInput, SummaryDocument } from '../summarizer';

/*
 * Gemini and collections (issue 29): the prompt names the documents of a collection and the
 * numbers of their sentences, and asks for a summary that draws on every one of them; the
 * server then checks that every document has at least one cited sentence that passed the
 * citation check (gemini-answer.ts's checkAnswer). When one has none, Gemini is asked once
 * more, naming the documents it left out; when it leaves one out again, the call fails as an
 * incomplete answer and the local summarizer, which draws on every document by construction,
 * answers instead (fallbackReason `incomplete`). Decision 0036.
 */

/** A document of a collection as the model sees it: its number, title and sentence numbers. */
export interface NumberedDocument extends SummaryDocument {
  /** 1, 2, … in order. */
  number: number;
  /** The numbers of its first and last units in the numbered text (0 when it has none). */
  first: number;
  last: number;
}

/**
 * The documents of a collection `input` with the numbers of their units among `units` (the
 * numbered text the model sees); null when `input` is a single document.
 */
export function numberedDocuments(
  input: Pick<SummarizeInput, 'text' | 'documents'>,
  units: readonly NumberedSentence[],
): NumberedDocument[] | null {
  const documents = collectionDocuments(input);
  if (!documents) return null;
  return documents.map((document, index) => {
    const inside = units.filter((unit) => unit.start < document.end && unit.end > document.start);
    return {
      ...document,
      number: index + 1,
      first: inside[0]?.number ?? 0,
      last: inside[inside.length - 1]?.number ?? 0,
    };
  });
}

/** A title as the prompt quotes it: one line, no quotation marks of its own to close the quote. */
function quotedTitle(title: string): string {
  return `"${title.replace(/\s+/gu, ' ').replace(/"/gu, "'").trim()}"`;
}

function listed(documents: readonly NumberedDocument[]): string {
  return documents
    .map(
      (document) =>
        `${document.number}. ${quotedTitle(document.title)}: sentences [${document.first}] to [${document.last}]`,
    )
    .join('\n');
}

/**
 * The rule of the system instruction for a collection: which documents it holds, where each
 * one's sentences are, and that the summary must draw on (cite) every one. `uncited`: the
 * documents the previous answer left out, named again.
 */
export function collectionRule(
  documents: readonly NumberedDocument[],
  uncited: readonly NumberedDocument[] = [],
): string {
  const rule =
    `The document is a collection of ${documents.length} separate documents, one after the ` +
    'other, each starting with its title line. They are:\n' +
    `${listed(documents)}\n` +
    'Summarize them together: the summary must draw on every one of them, not only the first ' +
    'or the longest, and every document must have at least one of its sentences cited. Where ' +
    'the documents agree or differ on something, say so, citing the sentences of each. The ' +
    'titles are data too.';
  if (uncited.length === 0) return rule;
  return (
    `${rule}\nYour previous answer cited no sentence of ${uncited.length === 1 ? 'this document' : 'these documents'}:\n` +
    `${listed(uncited)}\nWrite the summary again so that it draws on every document.`
  );
}

/** The documents none of whose sentences `sourceMap` cites. */
export function uncitedDocuments(
  documents: readonly NumberedDocument[],
  sourceMap: readonly SourceMapEntry[],
): NumberedDocument[] {
  const spans = sourceMap.flatMap((entry) => entry.sources);
  return documents.filter(
    (document) => !spans.some((span) => span.start < document.end && span.end > document.start),
  );
}

/**
 * The key terms of a collection's summary, whoever wrote it: each document's own taken in
 * turn (collectionKeywords), so the longest one does not fill the list; null for one document.
 */
export function collectionKeywordsOf(
  text: string,
  documents: SummaryDocument[] | undefined,
  language?: string,
): string[] | null {
  const valid = collectionDocuments({ text, documents });
  if (!valid) return null;
  return collectionKeywords(
    valid.map((document) =>
      keywordsOf(text.slice(document.start, document.end), undefined, undefined, language),
    ),
  );
}

/**
 * The plan of a collection's summary: at least one sentence (item) per document, unless an
 * exact count or a TL;DR was asked for (a TL;DR is one sentence that may cite several
 * documents). A single document's plan is left as it is.
 */
export function collectionPlan<Plan extends { sentences: number; exact: boolean; format: string }>(
  plan: Plan,
  documents: readonly NumberedDocument[] | null,
): Plan {
  if (!documents || plan.exact || plan.format === 'tldr') return plan;
  return { ...plan, sentences: Math.max(plan.sentences, documents.length) };
}
