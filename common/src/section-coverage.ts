import type { TextSegment } from './source-map';

/*
 * What the summary left out (issue 28): which of the source's sections (API.md round 3
 * `sections`) the summary draws on, from its sourceMap. A section is judged by its own text:
 * from its heading to its first sub-section (a "Methods" that only holds "Sampling" and
 * "Analysis" has none, and is judged through them). The source view marks each section, and
 * the card says `Covers 5 of 8 sections` with the uncovered titles.
 */

/** A heading of the source and the span of originalContent it heads (UTF-16, end exclusive). */
export interface Section {
  title: string;
  level: number;
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

/** A section as the screens show it: whether the summary draws on its own text. */
export interface SectionCoverage extends Section {
  /** Its own text: after its heading's line, before its first sub-section. */
  ownStart: number;
  ownEnd: number;
  covered: boolean;
}

/** The sections counted and those the summary draws on. */
export interface Coverage {
  /** Sections with text of their own, in order (the ones counted). */
  sections: SectionCoverage[];
  covered: number;
  total: number;
  /** Titles of the sections not drawn on, in order. */
  uncovered: string[];
}

/** Fewer sections than this and coverage says nothing worth showing. */
export const MIN_SECTIONS_SHOWN = 2;

/** Well-formed sections within a text of `length`, in order. */
function validSections(sections: readonly Section[] | null | undefined, length: number): Section[] {
  return (sections ?? [])
    .filter(
      (section) =>
        typeof section.title === 'string' &&
        section.title.trim() !== '' &&
        Number.isInteger(section.start) &&
        Number.isInteger(section.end) &&
        section.start >= 0 &&
        section.end > section.start &&
        section.end <= length,
    )
    .sort((a, b) => a.start - b.start);
}

/**
 * Which sections of `text` the summary (its sourceMap's spans) draws on. A sentence draws on a
 * section when one of its source spans overlaps the section's own text.
 */
export function sectionCoverage(
  text: string,
  sections: readonly Section[] | null | undefined,
  sourceMap: readonly { sources: readonly Span[] }[] | null | undefined,
): Coverage {
  const valid = validSections(sections, text.length);
  const spans = (sourceMap ?? []).flatMap((entry) => entry.sources);
  const counted: SectionCoverage[] = [];
  valid.forEach((section, index) => {
    const lineEnd = text.indexOf('\n', section.start);
    const ownStart = lineEnd === -1 || lineEnd >= section.end ? section.end : lineEnd + 1;
    const child = valid
      .slice(index + 1)
      .find((other) => other.start >= ownStart && other.start < section.end);
    const ownEnd = child ? child.start : section.end;
    // A heading followed straight by its sub-sections, or by nothing, has no text of its own.
    if (!/[\p{L}\p{N}]/u.test(text.slice(ownStart, ownEnd))) return;
    const covered = spans.some((span) => span.start < ownEnd && span.end > ownStart);
    counted.push({ ...section, ownStart, ownEnd, covered });
  });
  const uncovered = counted.filter((section) => !section.covered).map((section) => section.title);
  return {
    sections: counted,
    covered: counted.length - uncovered.length,
    total: counted.length,
    uncovered,
  };
}

/** `Covers 5 of 8 sections`. */
export function coverageLabel(coverage: Pick<Coverage, 'covered' | 'total'>): string {
  return `Covers ${coverage.covered} of ${coverage.total} sections`;
}

/** The prompt that regenerates a summary drawing on the section titled `title`. */
export function includePrompt(title: string): string {
  return `Include: ${title}`;
}

/** A segment of the original, with the section whose heading starts there, if any. */
export type SectionSegment<T extends TextSegment> = T & { section?: SectionCoverage };

/**
 * The segments of the original (common/source-map's segmentText) cut where each counted
 * section's heading starts, the piece starting there carrying the section (for its mark).
 */
export function withSectionMarks<T extends TextSegment>(
  segments: readonly T[],
  sections: readonly SectionCoverage[],
): SectionSegment<T>[] {
  if (sections.length === 0) return [...segments];
  const byStart = new Map(sections.map((section) => [section.start, section]));
  const result: SectionSegment<T>[] = [];
  for (const segment of segments) {
    const cuts = sections
      .map((section) => section.start)
      .filter((start) => start > segment.start && start < segment.end);
    const bounds = [segment.start, ...cuts, segment.end];
    for (let index = 0; index + 1 < bounds.length; index++) {
      const start = bounds[index] as number;
      const section = byStart.get(start);
      const part = piece(segment, start, bounds[index + 1] as number);
      result.push(section ? { ...part, section } : part);
    }
  }
  return result;
}

/** The part of `segment` from `start` to `end`; a page's marker stays with its first piece. */
function piece<T extends TextSegment>(segment: T, start: number, end: number): T {
  const text = segment.text.slice(start - segment.start, end - segment.start);
  if (start === segment.start) return { ...segment, text, end };
  const { page: _page, ...rest } = segment;
  return { ...(rest as T), text, start, end };
}
