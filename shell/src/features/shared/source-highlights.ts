/** A run of the original text: plain, or the source of summary sentences (`sources` > 0). */
export interface OriginalPart {
  text: string;
  /** The mark's id, to link to, when the part is a source; null when plain. */
  id: string | null;
}

/** A span of UTF-16 offsets into the original, end exclusive. */
export interface SourceSpan {
  start: number;
  end: number;
}

/** The id of the mark that holds a span starting at `start`. */
export function sourceMarkId(start: number): string {
  return `source-${start}`;
}

/**
 * The spans clipped to the text, sorted and merged where they overlap or touch, so the
 * original can be cut into plain and highlighted runs in one pass.
 */
export function mergedSpans(spans: readonly SourceSpan[], length: number): SourceSpan[] {
  const clipped = spans
    .map((span) => ({
      start: Math.max(0, Math.min(span.start, length)),
      end: Math.max(0, Math.min(span.end, length)),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: SourceSpan[] = [];
  for (const span of clipped) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The original cut into plain runs and highlighted sources (mergedSpans). */
export function originalParts(original: string, spans: readonly SourceSpan[]): OriginalPart[] {
  const parts: OriginalPart[] = [];
  let at = 0;
  for (const span of mergedSpans(spans, original.length)) {
    if (span.start > at) parts.push({ text: original.slice(at, span.start), id: null });
    parts.push({ text: original.slice(span.start, span.end), id: sourceMarkId(span.start) });
    at = span.end;
  }
  if (at < original.length) parts.push({ text: original.slice(at), id: null });
  return parts;
}

/** The mark a sentence's first source is highlighted in, after merging; null without sources. */
export function markIdOf(
  sources: readonly SourceSpan[],
  merged: readonly SourceSpan[],
): string | null {
  const first = sources[0];
  if (!first) return null;
  const holder = merged.find((span) => span.start <= first.start && first.start < span.end);
  return holder ? sourceMarkId(holder.start) : null;
}
