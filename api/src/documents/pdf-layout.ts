import type { HeadingHint } from '../lib/document-sections';

/*
 * Turns the positioned text runs of a PDF's pages into plain text as a person would copy it:
 * lines rebuilt from runs, headers and footers that repeat on most pages dropped (page
 * numbers too), the lines of a paragraph joined (a word hyphenated across a line break made
 * whole again), paragraphs separated by a blank line, and a paragraph that runs over a page
 * break joined across it. Pure functions, so the rules are tested without any PDF.
 */

/** One run of text as pdf.js reports it: its baseline origin in points, y from the bottom. */
export interface PdfTextRun {
  text: string;
  x: number;
  y: number;
  /** Width of the run in points. */
  width: number;
  /** Font size in points. */
  size: number;
  /** pdf.js saw the line end after this run. */
  endsLine: boolean;
  /** Set in a bold (or heavier) face. */
  bold?: boolean;
}

export interface PdfPageText {
  runs: PdfTextRun[];
}

/** A line of a page, in reading order. */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  right: number;
  size: number;
  /** Every letter of the line is set in a bold face. */
  bold: boolean;
}

/** Lines this close to the top or bottom of a page may be a header or footer. */
const EDGE_LINES = 3;
/** Share of the pages a line must repeat on, at the same place, to be a header or footer. */
const REPEAT_SHARE = 0.6;

/** The runs of a page put together into lines, blank lines dropped. */
export function linesOfPage(page: PdfPageText): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfLine | null = null;
  let ended = true;
  // Where the last run of the line with something to see ends.
  let inkRight = 0;
  for (const run of page.runs) {
    const sameLine =
      current !== null &&
      !ended &&
      Math.abs(run.y - current.y) <= Math.max(run.size, current.size) * 0.5;
    // White space (and punctuation) set in another face does not make a bold line plain.
    const bold = run.bold === true || !/[\p{L}\p{N}]/u.test(run.text);
    if (!sameLine || current === null) {
      if (current !== null) lines.push(current);
      inkRight = run.x;
      current = {
        text: run.text,
        x: run.x,
        y: run.y,
        right: run.x + run.width,
        size: run.size,
        bold,
      };
    } else {
      // Bold words far apart are table cells or columns, not a phrase set alone (pdf.js
      // fills such a gap with a run of white space as wide: it does not count).
      const apart = run.x - inkRight > Math.max(run.size, current.size) * 2;
      current.text += run.text;
      current.right = Math.max(current.right, run.x + run.width);
      current.size = Math.max(current.size, run.size);
      current.bold &&= bold && !apart;
    }
    if (run.text.trim() !== '') inkRight = run.x + run.width;
    ended = run.endsLine;
  }
  if (current !== null) lines.push(current);
  const kept = lines
    .map((line) => ({ ...line, text: line.text.replace(/[\s\u00a0]+/g, ' ').trim() }))
    .filter((line) => line.text !== '');
  // A bold line that shares its baseline with another (a table's cells, a word set apart) is
  // not bold alone on its line.
  const byHeight = [...kept].sort((a, b) => a.y - b.y);
  byHeight.forEach((line, index) => {
    const next = byHeight[index + 1];
    if (next !== undefined && next.y - line.y <= Math.max(line.size, next.size) * 0.5) {
      line.bold = false;
      next.bold = false;
    }
  });
  return kept;
}

/** The text of a line as a header or footer is recognised: digits stand for any number. */
function repeatKey(line: PdfLine, edge: 'top' | 'bottom'): string {
  const text = line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  // A header may move a point or two between pages; 8-point bands keep it in one place.
  return `${edge}|${Math.round(line.y / 8)}|${text}`;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The usual distance between the baselines of consecutive lines (`lines` top to bottom):
 * the median of the gaps no wider than two and a half lines, else 1.2 times the font size.
 */
function lineSpacing(lines: readonly PdfLine[]): number {
  const gaps: number[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const above = lines[index - 1];
    const below = lines[index];
    if (above === undefined || below === undefined) continue;
    const gap = above.y - below.y;
    if (gap > 0 && gap <= Math.max(above.size, below.size) * 2.5) gaps.push(gap);
  }
  return median(gaps) ?? (median(lines.map((line) => line.size)) ?? 10) * 1.2;
}

/**
 * The lines of a page that may be a header or a footer: at most three lines at the top (or
 * bottom) that stand apart from the body by a gap of more than two lines. Body text that runs
 * to the edge of the page is never a candidate, however often it repeats.
 */
function edgeLines(lines: readonly PdfLine[]): { line: PdfLine; edge: 'top' | 'bottom' }[] {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  const apart = lineSpacing(byHeight) * 2;
  const gapAfter = (index: number): number =>
    (byHeight[index]?.y ?? 0) - (byHeight[index + 1]?.y ?? Number.NEGATIVE_INFINITY);
  const edges: { line: PdfLine; edge: 'top' | 'bottom' }[] = [];
  const last = byHeight.length - 1;
  for (let index = 0; index < Math.min(EDGE_LINES, last); index += 1) {
    if (gapAfter(index) > apart) {
      for (const line of byHeight.slice(0, index + 1)) edges.push({ line, edge: 'top' });
      break;
    }
  }
  for (let index = last; index > Math.max(last - EDGE_LINES, 0); index -= 1) {
    if (gapAfter(index - 1) > apart) {
      for (const line of byHeight.slice(index)) {
        if (!edges.some((edge) => edge.line === line)) edges.push({ line, edge: 'bottom' });
      }
      break;
    }
  }
  return edges;
}

/**
 * Drops the lines that repeat near the top or bottom of at least 60% of the pages (and of
 * two pages at least): running headers, footers and page numbers. One page alone keeps all.
 */
export function dropRepeatedEdges(pages: readonly PdfLine[][]): PdfLine[][] {
  if (pages.length < 2) return pages.map((lines) => [...lines]);
  const pagesWithKey = new Map<string, number>();
  const keysOfPage = pages.map((lines) => {
    const keys = new Map<PdfLine, string>();
    for (const { line, edge } of edgeLines(lines)) keys.set(line, repeatKey(line, edge));
    for (const key of new Set(keys.values())) {
      pagesWithKey.set(key, (pagesWithKey.get(key) ?? 0) + 1);
    }
    return keys;
  });
  const needed = Math.max(2, Math.ceil(pages.length * REPEAT_SHARE));
  return pages.map((lines, index) =>
    lines.filter((line) => {
      const key = keysOfPage[index]?.get(line);
      return key === undefined || (pagesWithKey.get(key) ?? 0) < needed;
    }),
  );
}

const SENTENCE_END = /[.!?:;)"'\u201d\u2019]$/;
/** A line this much larger than the body's (15 %) is set as a heading. */
const HEADING_SIZE_STEP = 0.15;
/** A heading is short: at most this many lines and words. */
const HEADING_MAX_LINES = 3;
const HEADING_MAX_WORDS = 14;

/** A bold line that ends like a sentence or a clause is prose set in bold, not a heading. */
const NOT_A_HEADING_END = /[.!?,;]$/;

/** A line that may be a heading set in bold: wholly bold, short, not ending a sentence. */
function boldHeadingLine(line: PdfLine): boolean {
  return (
    line.bold &&
    /\p{L}/u.test(line.text) &&
    !NOT_A_HEADING_END.test(line.text) &&
    line.text.split(' ').length <= HEADING_MAX_WORDS
  );
}

/**
 * The paragraphs of one page's lines, each a list of lines. With `boldHeadings`, a line set in
 * bold alone after a sentence's end, and the plain text after such a line, start paragraphs.
 */
function paragraphsOfPage(lines: readonly PdfLine[], boldHeadings = false): PdfLine[][] {
  const spacing = lineSpacing(lines);
  const margin = median(lines.map((line) => line.x)) ?? 0;
  const fullWidth = Math.max(0, ...lines.map((line) => line.right - margin));

  const paragraphs: PdfLine[][] = [];
  let previous: PdfLine | undefined;
  for (const line of lines) {
    let startsParagraph = previous === undefined;
    if (previous !== undefined) {
      const gap = previous.y - line.y;
      const widerGap = gap > spacing * 1.3 || gap < -previous.size;
      const indented = line.x > margin + line.size && previous.x <= margin + previous.size / 2;
      const shortEnd =
        SENTENCE_END.test(previous.text) && previous.right - margin < fullWidth * 0.7;
      // A heading set larger than the text under it is a paragraph of its own.
      const newSize =
        Math.abs(line.size - previous.size) >
        Math.min(line.size, previous.size) * HEADING_SIZE_STEP;
      // A heading set in bold at the body's size stands alone: after a sentence's end, and
      // before the first plain line (bold words inside a paragraph never fill a line alone).
      const boldAlone =
        boldHeadings &&
        ((boldHeadingLine(line) && !previous.bold && SENTENCE_END.test(previous.text)) ||
          (!line.bold &&
            boldHeadingLine(previous) &&
            (paragraphs.at(-1) ?? []).every((above) => above.bold)));
      startsParagraph = widerGap || indented || shortEnd || newSize || boldAlone;
    }
    if (startsParagraph) paragraphs.push([line]);
    else paragraphs.at(-1)?.push(line);
    previous = line;
  }
  return paragraphs;
}

/**
 * `before` and `after` as one text across a line break: a word hyphenated over the break is
 * made whole (`infor-` + `mation`), another hyphen kept without a space (`non-` + `English`,
 * `12-` + `14`), a soft hyphen dropped, and other lines joined with a space.
 */
export function joinLines(before: string, after: string): string {
  if (before.endsWith('\u00ad')) return before.slice(0, -1) + after;
  if (/\S[-\u2010]$/u.test(before)) {
    const hyphenated = /\p{L}[-\u2010]$/u.test(before) && /^\p{Ll}/u.test(after);
    return hyphenated ? before.slice(0, -1) + after : before + after;
  }
  return `${before} ${after}`;
}

/** Whether the text of one page's last paragraph goes on at the top of the next page. */
function continuesOnNextPage(last: string, next: string): boolean {
  if (/[-\u2010\u00ad]$/.test(last)) return true;
  return !SENTENCE_END.test(last) && /^\p{Ll}/u.test(next);
}

/** A document's text with where each page's text begins in it. */
export interface PdfPagedText {
  text: string;
  /**
   * One a page: the UTF-16 offset in `text` where the page's text begins (a page with none
   * begins where the next page's text does, or at the end).
   */
  pageStarts: number[];
  /**
   * The paragraphs set as headings: short, and larger than the body's size (the size most of
   * the text is set in), or set in bold alone; the larger, the higher (level 1).
   */
  headings: HeadingHint[];
}

/** The plain text of a document's pages, paragraphs separated by a blank line. */
export function pdfPagesToText(pages: readonly PdfPageText[]): string {
  return pdfPagesToPagedText(pages).text;
}

const PARAGRAPH_BREAK = '\n\n';

/** The size most of the text is set in (counted in characters, to half a point). */
function bodySize(pages: readonly PdfLine[][]): number {
  const characters = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 2) / 2;
    characters.set(size, (characters.get(size) ?? 0) + line.text.length);
  }
  let body = 0;
  let most = -1;
  for (const [size, count] of characters) {
    if (count > most) [body, most] = [size, count];
  }
  return body;
}

/** Whether most of the text is set in bold: then bold marks nothing out. */
function mostlyBold(pages: readonly PdfLine[][]): boolean {
  let bold = 0;
  let all = 0;
  for (const line of pages.flat()) {
    all += line.text.length;
    if (line.bold) bold += line.text.length;
  }
  return bold * 2 >= all;
}

/**
 * The size of a paragraph set as a heading, or null: set larger than the body, or (with
 * `boldHeadings`) wholly in bold at about the body's size without a sentence's end.
 */
function headingSize(
  lines: readonly PdfLine[],
  text: string,
  body: number,
  boldHeadings: boolean,
): number | null {
  if (lines.length > HEADING_MAX_LINES || text.split(' ').length > HEADING_MAX_WORDS) return null;
  if (!/\p{L}/u.test(text)) return null;
  const smallest = Math.min(...lines.map((line) => line.size));
  const size = Math.round(smallest * 2) / 2;
  if (smallest > body * (1 + HEADING_SIZE_STEP)) return size;
  const bold =
    boldHeadings &&
    lines.every((line) => line.bold) &&
    !NOT_A_HEADING_END.test(text) &&
    smallest >= body * (1 - HEADING_SIZE_STEP);
  return bold ? size : null;
}

/** Levels of the headings: 1 for the largest size, then down. */
function headingLevels(found: readonly { title: string; size: number }[]): HeadingHint[] {
  const sizes = [...new Set(found.map((heading) => heading.size))].sort((a, b) => b - a);
  return found.map(({ title, size }) => ({
    title,
    level: Math.min(6, sizes.indexOf(size) + 1),
  }));
}

/** pdfPagesToText, with the offset where each page begins. */
export function pdfPagesToPagedText(pages: readonly PdfPageText[]): PdfPagedText {
  const kept = dropRepeatedEdges(pages.map(linesOfPage));
  const body = bodySize(kept);
  const boldHeadings = !mostlyBold(kept);
  const headings: { title: string; size: number }[] = [];
  const paragraphs: string[] = [];
  // Where the last paragraph starts in the text, and the text's length so far.
  let lastStart = 0;
  let length = 0;
  const pageStarts: (number | null)[] = [];
  for (const lines of kept) {
    let pageStart: number | null = null;
    paragraphsOfPage(lines, boldHeadings).forEach((lineList, index) => {
      const paragraph = lineList.map((line) => line.text).reduce(joinLines);
      const last = paragraphs.at(-1);
      if (index === 0 && last !== undefined && continuesOnNextPage(last, paragraph)) {
        const joined = joinLines(last, paragraph);
        paragraphs[paragraphs.length - 1] = joined;
        // joinLines keeps `paragraph` whole at the end of what it returns.
        pageStart = lastStart + joined.length - paragraph.length;
        length = lastStart + joined.length;
      } else {
        lastStart = paragraphs.length === 0 ? 0 : length + PARAGRAPH_BREAK.length;
        paragraphs.push(paragraph);
        const size = headingSize(lineList, paragraph, body, boldHeadings);
        if (size !== null) headings.push({ title: paragraph, size });
        pageStart ??= lastStart;
        length = lastStart + paragraph.length;
      }
    });
    pageStarts.push(pageStart);
  }
  const text = paragraphs.join(PARAGRAPH_BREAK);
  // A page without text begins where the next page with text does.
  let next = text.length;
  for (let index = pageStarts.length - 1; index >= 0; index -= 1) {
    next = pageStarts[index] ?? next;
    pageStarts[index] = next;
  }
  return {
    text,
    pageStarts: pageStarts.map((start) => start ?? text.length),
    headings: headingLevels(headings),
  };
}
