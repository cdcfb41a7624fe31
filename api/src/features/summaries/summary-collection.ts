import type { CollectionSource } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { collectionSourcesOf } from '../../domain/collection-sources';
import { MAX_DOCUMENT_CHARS } from '../../lib/product-constants';
import { countCodePoints } from '../../lib/summary-text';
import type { SummaryDocument } from '../../summarizer/summarizer';
import type { CollectedSummaryRow } from './summary-collection.repository';
import { MAX_COMBINED } from './summary-collection.schemas';
import type { SummaryOptions, SummarySourceText } from './summary-input';

/*
 * A collection's text (issue 29, API.md round 3 `source: "collection"`): the documents of the
 * summaries it combines, one after the other, each under its title, as one SummarySourceText
 * that the usual paying path (reserve, summarize, store) turns into a summary like any other.
 *
 * A collection given as a source counts as its documents: its own sources, each with the text
 * of its span and its title (the summaries they came from may since be deleted: the text was
 * copied). After flattening, a document met twice (a collection and one of its documents, two
 * collections sharing one) is kept once, where it first appears; at most MAX_COMBINED documents
 * in all. Decision 0036.
 */

/** A title names its document in at most this many characters. */
export const MAX_TITLE_CHARS = 120;
/** Words of the text that name a pasted document with no title (as the screens' card titles). */
const TITLE_WORDS = 8;
/** Between two documents of the text. */
const DOCUMENT_SEPARATOR = '\n\n';

export const SUMMARY_NOT_FOUND_FIELD_MESSAGE = 'Summary not found';

/**
 * The 404 of the summary `id`, given at `summaryIds[index]`, that is missing, deleted or
 * someone else's (the same answer for all three).
 */
export function summaryNotFoundAt(id: string, index: number): AppError {
  return new AppError(404, 'NOT_FOUND', `Summary not found: ${id}`, [
    { field: `summaryIds.${index}`, message: SUMMARY_NOT_FOUND_FIELD_MESSAGE },
  ]);
}

/** One document of a collection, before it is placed in the collection's text. */
export interface CollectedDocument {
  summaryId: string;
  title: string;
  text: string;
  ocr: boolean;
}

/** A title on one line, at most MAX_TITLE_CHARS characters (cut with "…"). */
function oneLine(title: string): string {
  const flat = title.replace(/\s+/gu, ' ').trim();
  if (flat.length <= MAX_TITLE_CHARS) return flat;
  return `${flat.slice(0, MAX_TITLE_CHARS - 1).trimEnd()}…`;
}

/**
 * The title of a single summary's document, as its card names it: the uploaded file's name,
 * the page's or document's title, else the first words of its text.
 */
export function documentTitle(
  row: Pick<CollectedSummaryRow, 'file_name' | 'source_title' | 'original_content'>,
): string {
  const named = row.file_name?.trim() || row.source_title?.trim();
  if (named) return oneLine(named);
  const words = row.original_content.trim().split(/\s+/u);
  const first = words.slice(0, TITLE_WORDS).join(' ');
  return oneLine(words.length > TITLE_WORDS ? `${first}…` : first) || 'Untitled document';
}

/**
 * The documents of the summaries `ids` (in that order) read as `rows`: a collection flattened
 * to its documents, each document once. 404 NOT_FOUND naming the first id with no row (missing,
 * deleted or someone else's: the same answer for all three); 400 past MAX_COMBINED documents.
 */
export function collectedDocuments(
  ids: readonly string[],
  rows: readonly CollectedSummaryRow[],
): CollectedDocument[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const documents: CollectedDocument[] = [];
  const seen = new Set<string>();
  const add = (document: CollectedDocument): void => {
    if (seen.has(document.summaryId)) return;
    seen.add(document.summaryId);
    documents.push(document);
  };
  ids.forEach((id, index) => {
    const row = byId.get(id);
    if (!row) throw summaryNotFoundAt(id, index);
    const sources = row.source === 'collection' ? collectionSourcesOf(row.sources) : [];
    const inside = sources.filter((source) => source.end <= row.original_content.length);
    if (inside.length === 0) {
      add({
        summaryId: row.id,
        title: documentTitle(row),
        text: row.original_content,
        ocr: row.ocr,
      });
      return;
    }
    for (const source of inside) {
      add({
        summaryId: source.summaryId,
        title: oneLine(source.title) || 'Untitled document',
        text: row.original_content.slice(source.start, source.end),
        ocr: row.ocr,
      });
    }
  });
  if (documents.length > MAX_COMBINED) {
    const message =
      `These summaries hold ${documents.length} documents (a combined summary counts as its ` +
      `documents); at most ${MAX_COMBINED} can be combined`;
    throw new AppError(400, 'VALIDATION_ERROR', message, [{ field: 'summaryIds', message }]);
  }
  return documents;
}

/** The line a document's title stands on, above its text. */
function titleLine(title: string): string {
  return `# ${title}`;
}

/**
 * The collection's text: each document under its title line, a blank line between, and each
 * document's span (its text, the title line outside it). 413 PAYLOAD_TOO_LARGE past the
 * 500,000 characters of a document's text.
 */
export function composeCollection(documents: readonly CollectedDocument[]): {
  text: string;
  sources: CollectionSource[];
} {
  let text = '';
  const sources: CollectionSource[] = [];
  documents.forEach((document, index) => {
    if (index > 0) text += DOCUMENT_SEPARATOR;
    text += `${titleLine(document.title)}${DOCUMENT_SEPARATOR}`;
    const body = document.text.trim();
    sources.push({
      summaryId: document.summaryId,
      title: document.title,
      start: text.length,
      end: text.length + body.length,
    });
    text += body;
  });
  const characters = countCodePoints(text);
  if (characters > MAX_DOCUMENT_CHARS) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The combined documents hold ${characters.toLocaleString('en-US')} characters, more than ` +
        `the ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')} a document may have`,
    );
  }
  return { text, sources };
}

/** The collection's own title: its documents' titles. */
export function collectionTitle(documents: readonly CollectedDocument[]): string {
  const full = `Combined: ${documents.map((document) => document.title).join(' · ')}`;
  return full.length <= 2 * MAX_TITLE_CHARS ? full : `${full.slice(0, 2 * MAX_TITLE_CHARS - 1)}…`;
}

/**
 * What a new collection summary is made from: the flattened documents of `ids` (read as
 * `rows`) composed into one text with their spans, and the request's options. Throws the 404,
 * 400 and 413 above.
 */
export function collectionSourceText(
  ids: readonly string[],
  rows: readonly CollectedSummaryRow[],
  options: SummaryOptions,
): Omit<SummarySourceText, 'sourceLanguage' | 'secondSourceLanguage'> {
  const documents = collectedDocuments(ids, rows);
  const { text, sources } = composeCollection(documents);
  return {
    ...options,
    text,
    source: 'collection',
    fileName: null,
    sourceUrl: null,
    sourceTitle: collectionTitle(documents),
    ocr: documents.some((document) => document.ocr),
    // Each document's pages start again at 1: a page number would mislead across them.
    pageBreaks: [],
    sections: [],
    sources,
  };
}

/** The documents the summarizer is told of, for a collection's sources. */
export function summarizerDocuments(sources: readonly CollectionSource[]): SummaryDocument[] {
  return sources.map(({ title, start, end }) => ({ title, start, end }));
}
