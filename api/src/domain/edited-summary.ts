import type { SourceMapEntry, SummaryFormat } from '../summarizer/summarizer';
import { segmentSentences } from '../summarizer/text/sentence-segmenter';

/*
 * What a staff edit keeps of the summarizer's checks. The edited text is split into sentences
 * (items for bullets) like a summary's source map; a sentence the edit left as it was keeps
 * its source spans, a new or changed one has none (nothing is known to support it). Unverified
 * terms stay flagged while the text still contains them.
 */

const BULLET_MARKER = /^\s*[-*•]\s+/u;

function normalized(text: string): string {
  return text.replace(BULLET_MARKER, '').replace(/\s+/gu, ' ').trim().toLowerCase();
}

function unitsOf(text: string, format: SummaryFormat): string[] {
  if (format === 'bullets') {
    return text
      .split(/\r?\n/u)
      .map((line) => line.replace(BULLET_MARKER, '').trim())
      .filter((line) => line !== '');
  }
  return segmentSentences(text).map((sentence) => sentence.text);
}

/** The source map of an edited summary, from the one of the text it replaced. */
export function sourceMapAfterEdit(
  text: string,
  format: SummaryFormat,
  previous: readonly SourceMapEntry[],
): SourceMapEntry[] {
  const known = new Map<string, SourceMapEntry['sources']>();
  for (const entry of previous) known.set(normalized(entry.text), entry.sources);
  return unitsOf(text, format).map((unit) => ({
    text: unit,
    sources: (known.get(normalized(unit)) ?? []).map((span) => ({ ...span })),
  }));
}

/** The unverified terms of the text before the edit that the edited text still holds. */
export function unverifiedAfterEdit(text: string, previous: readonly string[]): string[] {
  return previous.filter((term) => text.includes(term));
}
