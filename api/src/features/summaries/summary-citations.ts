import type { SummaryRecord } from '../../db/summaries.repository';
import { offsetsOf, sourceMapOf } from '../../domain/summary-response';
import { collectionSourcesOf, documentOfSpan } from '../../domain/collection-sources';
import type { SourceSpan } from '../../summarizer/summarizer';

/*
 * The citations of an exported summary (issue 28, API.md round 3): each summary sentence (item
 * for bullets) is followed by a note quoting the source sentences its source map names, with
 * their page for PDFs and paged scans, and the export ends with where the text came from.
 * A sentence the source map names no source for gets the note "Not found in the source.", so
 * every sentence is numbered and an unsupported one says so. A summary without a source map
 * (older summaries) gets no notes, only the source line. This runs on the main thread before
 * the .docx thread: it is a single pass over the summary and its sources.
 */

/** A quoted source sentence is cut to this many characters, then "…". */
export const MAX_QUOTE_CHARS = 300;
export const NOT_FOUND_NOTE = 'Not found in the source.';
export const PASTED_TEXT = 'Pasted text';

/** A run of a block's text, and the number of the note after it (null: none). */
export interface CitedPart {
  text: string;
  note: number | null;
}

export interface CitedBlock {
  kind: 'paragraph' | 'bullet';
  text: string;
  parts: CitedPart[];
}

/** Where the summarized text came from: a page's title and address, a file name, or pasted text. */
export interface SourceCredit {
  title: string | null;
  url: string | null;
}

/** What the citations are made from. */
export type CitedSummary = Pick<
  SummaryRecord,
  | 'original_content'
  | 'source_map'
  | 'page_breaks'
  | 'source'
  | 'file_name'
  | 'source_url'
  | 'source_title'
> &
  Partial<Pick<SummaryRecord, 'sources'>>;

export interface SummaryCitations {
  blocks: CitedBlock[];
  /** The notes' texts: `notes[0]` is note 1. */
  notes: string[];
  source: SourceCredit;
}

/** Bullet or number markers a source map's text may keep (as common/source-map.ts strips them). */
const ITEM_MARKER = /^\s*(?:[-*•]|\d+[.)])\s+/u;

function clampedSpans(spans: readonly SourceSpan[], length: number): SourceSpan[] {
  const seen = new Set<string>();
  return spans
    .map((span) => ({
      start: Math.max(0, Math.min(length, Math.floor(span.start))),
      end: Math.max(0, Math.min(length, Math.floor(span.end))),
    }))
    .filter((span) => {
      const key = `${span.start}:${span.end}`;
      if (span.end <= span.start || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.start - b.start);
}

/** `text` with its whitespace collapsed, cut to MAX_QUOTE_CHARS (never inside a surrogate pair). */
export function shortQuote(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= MAX_QUOTE_CHARS) return flat;
  let end = MAX_QUOTE_CHARS;
  const last = flat.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${flat.slice(0, end).trimEnd()}…`;
}

/** The page an offset of the original is on: 1 + the page breaks at or before it. */
export function pageOf(offset: number, pageBreaks: readonly number[]): number {
  return 1 + pageBreaks.filter((pageBreak) => pageBreak <= offset).length;
}

function pageLabel(span: SourceSpan, pageBreaks: readonly number[]): string {
  const first = pageOf(span.start, pageBreaks);
  const last = pageOf(span.end - 1, pageBreaks);
  return first === last ? `p. ${first}` : `pp. ${first}–${last}`;
}

/**
 * A note's text: the quoted source sentences, each page's (or page range's) quotes after its
 * label when `pageBreaks` is given, e.g. `p. 4: “First.” “Second.”; p. 5: “Third.”`; for a
 * collection, `labelOf` names each quote's document instead (`[2] Title: “…”`).
 */
export function noteText(
  original: string,
  spans: readonly SourceSpan[],
  pageBreaks: readonly number[] | null,
  labelOf?: (span: SourceSpan) => string | null,
): string {
  const sources = clampedSpans(spans, original.length);
  if (sources.length === 0) return NOT_FOUND_NOTE;
  const groups: { label: string | null; quotes: string[] }[] = [];
  for (const span of sources) {
    const quote = `“${shortQuote(original.slice(span.start, span.end))}”`;
    const label = labelOf
      ? labelOf(span)
      : pageBreaks === null
        ? null
        : pageLabel(span, pageBreaks);
    const group = groups[groups.length - 1];
    if (group && group.label === label) group.quotes.push(quote);
    else groups.push({ label, quotes: [quote] });
  }
  return groups
    .map((group) => `${group.label === null ? '' : `${group.label}: `}${group.quotes.join(' ')}`)
    .join('; ');
}

/** Where the summary's text came from (a collection: its documents, numbered). */
export function sourceCredit(summary: CitedSummary): SourceCredit {
  const documents = summary.source === 'collection' ? collectionSourcesOf(summary.sources) : [];
  if (documents.length > 0) {
    const titles = documents.map((document, index) => `[${index + 1}] ${document.title}`);
    return { title: titles.join('; '), url: null };
  }
  if (summary.source === 'url' && summary.source_url !== null) {
    return { title: summary.source_title, url: summary.source_url };
  }
  return { title: summary.file_name ?? summary.source_title ?? PASTED_TEXT, url: null };
}

/**
 * The summary's blocks with a note after each sentence of its source map. Sentences are found
 * in order; one whose text is nowhere in the rest of the summary (it cannot be placed) is left
 * out, and text no sentence covers stays as it is, without a note.
 */
export function summaryCitations(
  summary: CitedSummary,
  blocks: readonly { kind: 'paragraph' | 'bullet'; text: string }[],
): SummaryCitations {
  const original = summary.original_content;
  const breaks = offsetsOf(summary.page_breaks);
  const paged = summary.source === 'pdf' || breaks.length > 0 ? breaks : null;
  // A collection's notes name the document each quote is from (issue 29).
  const documents = summary.source === 'collection' ? collectionSourcesOf(summary.sources) : [];
  const labelOf =
    documents.length > 0
      ? (span: SourceSpan): string | null => {
          const document = documentOfSpan(documents, span);
          return document ? `[${document.number}] ${document.title}` : null;
        }
      : undefined;
  const sentences = sourceMapOf(summary.source_map)
    .map((entry) => ({ text: entry.text.replace(ITEM_MARKER, '').trim(), sources: entry.sources }))
    .filter((entry) => entry.text !== '');
  const notes: string[] = [];
  let next = 0;
  const cited = blocks.map((block, blockIndex): CitedBlock => {
    const parts: CitedPart[] = [];
    let position = 0;
    while (next < sentences.length) {
      const sentence = sentences[next] as (typeof sentences)[number];
      const at = block.text.indexOf(sentence.text, position);
      if (at < 0) {
        const later = blocks
          .slice(blockIndex + 1)
          .some((laterBlock) => laterBlock.text.includes(sentence.text));
        if (later) break;
        next += 1;
        continue;
      }
      const end = at + sentence.text.length;
      notes.push(noteText(original, sentence.sources, paged, labelOf));
      parts.push({ text: block.text.slice(position, end), note: notes.length });
      position = end;
      next += 1;
    }
    if (position < block.text.length) parts.push({ text: block.text.slice(position), note: null });
    return { kind: block.kind, text: block.text, parts };
  });
  return { blocks: cited, notes, source: sourceCredit(summary) };
}
