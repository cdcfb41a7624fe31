import type { OwnSummaryRecord } from './own-summary';

/** One sentence (or item) of the summary and the source sentences that support it. */
type SourceMapEntry = OwnSummaryRecord['sourceMap'][number];
/** UTF-16 offsets into `originalContent`, end exclusive. */
type SourceSpan = SourceMapEntry['sources'][number];

/** One summary sentence (or item) as the workbench shows it. */
export interface SummarySentence {
  index: number;
  text: string;
  /** Spans of `originalContent` that support it, clamped and sorted; empty when unsupported. */
  sources: SourceSpan[];
  /** Its sources could not be checked (a summary in another language than its source). */
  unchecked: boolean;
}

const ITEM_MARKER = /^\s*(?:[-*•]|\d+[.)])\s+/u;

function clampSpans(spans: readonly SourceSpan[], length: number): SourceSpan[] {
  return spans
    .map((span) => ({
      start: Math.max(0, Math.min(length, Math.floor(span.start))),
      end: Math.max(0, Math.min(length, Math.floor(span.end))),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
}

/**
 * The summary's sentences from its `sourceMap`, or null when it has none (an older summary):
 * the screens then show the text as before.
 */
export function summarySentences(summary: {
  originalContent: string | null;
  sourceMap?: readonly SourceMapEntry[] | null;
}): SummarySentence[] | null {
  const map = summary.sourceMap;
  if (!map || map.length === 0) return null;
  const length = summary.originalContent?.length ?? 0;
  return map.map((entry, index) => ({
    index,
    text: entry.text.replace(ITEM_MARKER, '').trim(),
    sources: clampSpans(entry.sources, length),
    unchecked: entry.checked === false,
  }));
}

/** Where `term` occurs in `text`, case-insensitively (UTF-16 offsets). */
export function findTerm(text: string, term: string): SourceSpan[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [];
  const haystack = text.toLowerCase();
  const found: SourceSpan[] = [];
  let from = haystack.indexOf(needle);
  while (from >= 0) {
    found.push({ start: from, end: from + needle.length });
    from = haystack.indexOf(needle, from + needle.length);
  }
  return found;
}

/** A run of the original text and what it belongs to. */
export interface TextSegment {
  start: number;
  end: number;
  text: string;
  /** Some summary sentence uses it. */
  used: boolean;
  /** The chosen sentence uses it. */
  active: boolean;
  /** The chosen key term. */
  keyword: boolean;
  /** The page that starts here (2, 3, …), where a page break falls at `start`. */
  page?: number;
}

/**
 * A PDF's page breaks (API.md round 3 `pageBreaks`: the offsets where page 2, 3, … begin) that
 * fall inside a text of `length`, each with its page number, in order.
 */
export function pageStarts(
  pageBreaks: readonly number[] | null | undefined,
  length: number,
): { offset: number; page: number }[] {
  return (pageBreaks ?? []).flatMap((offset, index) =>
    Number.isInteger(offset) && offset > 0 && offset < length ? [{ offset, page: index + 2 }] : [],
  );
}

/**
 * The pages (1, 2, …) the spans fall on, in order, each once: a span's start and its last
 * character decide (a span over a page break is on both pages, and those between).
 */
export function pagesOfSpans(
  spans: readonly { start: number; end: number }[],
  pageBreaks: readonly number[] | null | undefined,
): number[] {
  const breaks = (pageBreaks ?? []).filter((offset) => Number.isInteger(offset) && offset > 0);
  if (breaks.length === 0) return [];
  const pageAt = (offset: number) => 1 + breaks.filter((start) => start <= offset).length;
  const pages = new Set<number>();
  for (const span of spans) {
    const first = pageAt(span.start);
    const last = pageAt(Math.max(span.start, span.end - 1));
    for (let page = first; page <= last; page += 1) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}

/** `p. 4`, `pp. 4–5` (consecutive) or `pp. 2, 4` as a citation names pages; '' for none. */
export function pageLabel(pages: readonly number[]): string {
  if (pages.length === 0) return '';
  if (pages.length === 1) return `p. ${pages[0]}`;
  const consecutive = pages.every(
    (page, index) => index === 0 || page === (pages[index - 1] ?? 0) + 1,
  );
  return consecutive ? `pp. ${pages[0]}–${pages[pages.length - 1]}` : `pp. ${pages.join(', ')}`;
}

/** `text` cut at its page breaks: the first page's text, then each page's with its number. */
export function splitPages(
  text: string,
  pageBreaks: readonly number[] | null | undefined,
): { page: number; text: string }[] {
  const starts = pageStarts(pageBreaks, text.length);
  const pages: { page: number; text: string }[] = [];
  let from = 0;
  let page = 1;
  for (const start of starts) {
    if (start.offset <= from) continue;
    pages.push({ page, text: text.slice(from, start.offset) });
    from = start.offset;
    page = start.page;
  }
  pages.push({ page, text: text.slice(from) });
  return pages;
}

function covers(spans: readonly SourceSpan[], start: number, end: number): boolean {
  return spans.some((span) => span.start <= start && end <= span.end);
}

/** Cuts `text` at every edge of the used, active and key-term spans. */
export function segmentText(
  text: string,
  layers: {
    used: readonly SourceSpan[];
    active: readonly SourceSpan[];
    keyword: readonly SourceSpan[];
  },
  pageBreaks?: readonly number[] | null,
): TextSegment[] {
  const pages = new Map(
    pageStarts(pageBreaks, text.length).map((start) => [start.offset, start.page]),
  );
  const edges = new Set<number>([0, text.length, ...pages.keys()]);
  for (const span of [...layers.used, ...layers.active, ...layers.keyword]) {
    edges.add(span.start);
    edges.add(span.end);
  }
  const points = [...edges]
    .filter((point) => point >= 0 && point <= text.length)
    .sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let index = 0; index + 1 < points.length; index += 1) {
    const start = points[index] as number;
    const end = points[index + 1] as number;
    if (end <= start) continue;
    const segment: TextSegment = {
      start,
      end,
      text: text.slice(start, end),
      used: covers(layers.used, start, end),
      active: covers(layers.active, start, end),
      keyword: covers(layers.keyword, start, end),
    };
    const page = pages.get(start);
    if (page !== undefined) segment.page = page;
    const last = segments[segments.length - 1];
    if (
      page === undefined &&
      last &&
      last.used === segment.used &&
      last.active === segment.active &&
      last.keyword === segment.keyword
    ) {
      last.end = end;
      last.text += segment.text;
    } else {
      segments.push(segment);
    }
  }
  return segments;
}

/** A sentence cut into plain runs and the unverified terms in it. */
export function splitFlagged(
  sentence: string,
  terms: readonly string[],
): { text: string; flagged: boolean }[] {
  const spans = terms
    .flatMap((term) => findTerm(sentence, term))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: { text: string; flagged: boolean }[] = [];
  let position = 0;
  for (const span of spans) {
    if (span.start < position) continue;
    if (span.start > position)
      parts.push({ text: sentence.slice(position, span.start), flagged: false });
    parts.push({ text: sentence.slice(span.start, span.end), flagged: true });
    position = span.end;
  }
  if (position < sentence.length) parts.push({ text: sentence.slice(position), flagged: false });
  return parts;
}
