import type { TextSegment } from './source-map';

/*
 * A collection's documents on the screens (API.md round 3 `sources`, issue 29): which documents
 * a summary sentence draws on (`[2]`, `[1, 3]`), and the original text cut so each document
 * shows under its title.
 */

/** One document of a collection: its summary, title and the span of its text in the original. */
export interface CollectionDocument {
  summaryId: string;
  title: string;
  start: number;
  end: number;
}

/** A document's title line in the original text, to be shown as its heading. */
export interface DocumentHeading {
  /** 1, 2, … in order. */
  number: number;
  title: string;
  /** The stretch of the original the heading stands for: from the previous document's end. */
  start: number;
  end: number;
}

/** A segment of the original text, or the heading of a document in it. */
export type CollectionSegment = TextSegment & { heading?: DocumentHeading };

/** The well-formed documents of `sources` inside a text of `length`, in order; `[]` for none. */
export function collectionDocuments(
  sources: readonly CollectionDocument[] | null | undefined,
  length: number,
): CollectionDocument[] {
  const documents = (sources ?? [])
    .filter(
      (source) =>
        Number.isInteger(source.start) &&
        Number.isInteger(source.end) &&
        source.start >= 0 &&
        source.end > source.start &&
        source.end <= length,
    )
    .sort((a, b) => a.start - b.start);
  return documents.length >= 2 ? documents : [];
}

/** The documents (1, 2, …) the spans fall in, each once, in order. */
export function documentsOfSpans(
  spans: readonly { start: number; end: number }[],
  documents: readonly CollectionDocument[],
): number[] {
  const numbers = new Set<number>();
  for (const span of spans) {
    const index = documents.findIndex(
      (document) => document.start <= span.start && span.start < document.end,
    );
    if (index >= 0) numbers.add(index + 1);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** `[2]` or `[1, 3]` as a sentence names its documents; '' for none. */
export function documentsLabel(numbers: readonly number[]): string {
  return numbers.length === 0 ? '' : `[${numbers.join(', ')}]`;
}

/** `document 2` or `documents 1 and 3`, for screen readers. */
export function documentsPhrase(numbers: readonly number[]): string {
  if (numbers.length === 0) return '';
  if (numbers.length === 1) return `document ${numbers[0]}`;
  return `documents ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** Each document's heading: the stretch of the original from the previous document's end to its start. */
export function documentHeadings(documents: readonly CollectionDocument[]): DocumentHeading[] {
  return documents.map((document, index) => ({
    number: index + 1,
    title: document.title,
    start: index === 0 ? 0 : (documents[index - 1] as CollectionDocument).end,
    end: document.start,
  }));
}

/**
 * The segments of the original (common/source-map's segmentText) with each document's title
 * line replaced by its heading: a segment across a heading's edge is cut there, and the part
 * inside it becomes one segment carrying the heading.
 */
export function withDocumentHeadings(
  segments: readonly TextSegment[],
  headings: readonly DocumentHeading[],
): CollectionSegment[] {
  if (headings.length === 0) return [...segments];
  const result: CollectionSegment[] = [];
  const shown = new Set<number>();
  for (const segment of segments) {
    // A page's marker stays with the segment's first piece only.
    const { page, ...plain } = segment;
    let from = segment.start;
    while (from < segment.end) {
      const heading = headings.find((item) => item.start <= from && from < item.end);
      if (heading) {
        if (!shown.has(heading.number)) {
          shown.add(heading.number);
          result.push({ ...plain, start: heading.start, end: heading.end, text: '', heading });
        }
        from = Math.min(segment.end, heading.end);
        continue;
      }
      const next = headings.find((item) => item.start > from && item.start < segment.end);
      const to = next ? next.start : segment.end;
      result.push({
        ...plain,
        ...(page !== undefined && from === segment.start ? { page } : {}),
        start: from,
        end: to,
        text: segment.text.slice(from - segment.start, to - segment.start),
      });
      from = to;
    }
  }
  return result;
}
