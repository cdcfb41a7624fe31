import type { CollectionSource } from '../db/schema';
import type { SummaryDocument } from '../summarizer/summarizer';

/*
 * A collection's documents (API.md round 3 `sources`) as stored in summaries.sources, read
 * back defensively: jsonb is whatever was written, and a malformed entry never reaches a
 * response or a summarizer.
 */

function isCollectionSource(value: unknown): value is CollectionSource {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.summaryId === 'string' &&
    typeof entry.title === 'string' &&
    Number.isInteger(entry.start) &&
    Number.isInteger(entry.end) &&
    (entry.start as number) >= 0 &&
    (entry.end as number) > (entry.start as number)
  );
}

/** The stored documents of a collection, well-formed ones only, in their order; `[]` for none. */
export function collectionSourcesOf(value: unknown): CollectionSource[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isCollectionSource).map(({ summaryId, title, start, end }) => ({
    summaryId,
    title,
    start,
    end,
  }));
}

/**
 * The documents a summarizer is told of (SummarizeInput.documents) for a stored summary: its
 * collection's titles and spans, or undefined for any other summary (a single document).
 */
export function summarizerDocumentsOf(summary: {
  source: string;
  sources: unknown;
}): SummaryDocument[] | undefined {
  if (summary.source !== 'collection') return undefined;
  const sources = collectionSourcesOf(summary.sources);
  return sources.length > 1
    ? sources.map(({ title, start, end }) => ({ title, start, end }))
    : undefined;
}

/**
 * The document of a collection a span of its original text falls in (its start decides), as
 * its 1-based number and title; null for a span outside every document (a title line).
 */
export function documentOfSpan(
  sources: readonly CollectionSource[],
  span: { start: number; end: number },
): { number: number; title: string } | null {
  const index = sources.findIndex(
    (source) => source.start <= span.start && span.start < source.end,
  );
  const source = sources[index];
  return source ? { number: index + 1, title: source.title } : null;
}
