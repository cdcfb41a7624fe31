/*
 * A document's sections (issue 28, API.md round 3 `sections`): its headings and the spans of
 * `originalContent` they head. One way for every source: a reader that knows its headings from
 * the file's own structure (Word heading styles, a PDF's larger lines, HTML `h1`–`h6`) names
 * them as hints and they are found in the final text here; a text without such hints (pasted,
 * .txt, a PDF or .docx without styled headings) has its Markdown-like and numbered headings
 * read here. The spans are closed the same way whatever the source. The local summarizer finds
 * an `Include: <title>` section with the same functions.
 */

/** A heading of the document and the span it heads (UTF-16 offsets into the text). */
export interface DocumentSection {
  title: string;
  /** 1 for a top-level heading, down to 6. */
  level: number;
  /** Where the heading's line starts. */
  start: number;
  /** Where the next heading of the same or a higher level starts (its text's end), or the text's end. */
  end: number;
}

/** A heading found in the text: its title, level and where its line starts. */
export interface FoundHeading {
  title: string;
  level: number;
  start: number;
}

/** A heading a reader knows from the file's structure, to be found in the final text. */
export interface HeadingHint {
  title: string;
  level: number;
}

/** Past this many, a document's headings are furniture, not an outline worth keeping. */
export const MAX_SECTIONS = 500;
/** A heading is a title, not a sentence: at most this many words and characters. */
const MAX_HEADING_WORDS = 14;
const MAX_HEADING_CHARS = 160;

const ATX = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/u;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/u;
const FENCE = /^ {0,3}(`{3,}|~{3,})/u;
/** "1. Introduction", "2.3 Methods", "4.1.2. Sampling": the number's parts give the level. */
const NUMBERED = /^ {0,3}(\d{1,2}(?:\.\d{1,2}){0,5})\.?[ \t]+(\p{Lu}.*?)[ \t]*$/u;
/** A list item: a numbered line next to one of these is an item of the list, not a heading. */
const LIST_ITEM = /^\s*(?:[-*+•‣◦▪–—]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+\S/u;
/** A title does not end like a sentence or a clause. */
const SENTENCE_END = /[.!?…:;,]$/u;

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lines.push({ text: text.slice(start, end).replace(/\r$/u, ''), start });
    if (newline === -1) return lines;
    start = newline + 1;
  }
}

const collapse = (text: string): string => text.replace(/\s+/gu, ' ').trim();

function isTitleLike(title: string): boolean {
  return (
    title.length > 0 &&
    title.length <= MAX_HEADING_CHARS &&
    title.split(' ').length <= MAX_HEADING_WORDS &&
    /\p{L}/u.test(title)
  );
}

const isBlank = (line: Line | undefined): boolean => line === undefined || line.text.trim() === '';

/**
 * The Markdown-like (`#` to `######`, a line underlined with `===` or `---`) and numbered
 * ("1. Introduction", "2.3 Methods": level = the number's parts) headings of a plain text, in
 * order. Code fences are skipped; a numbered line next to another list item is a list's item.
 */
export function textHeadings(text: string): FoundHeading[] {
  const lines = linesOf(text);
  const headings: FoundHeading[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length && headings.length < MAX_SECTIONS; index++) {
    const line = lines[index] as Line;
    const fenceMark = FENCE.exec(line.text)?.[1];
    if (fenceMark !== undefined) {
      if (fence === null) fence = fenceMark[0] as string;
      else if (fenceMark.startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const indent = line.text.length - line.text.trimStart().length;
    const atx = ATX.exec(line.text);
    if (atx) {
      const title = collapse(atx[2] as string);
      if (isTitleLike(title)) {
        headings.push({ title, level: (atx[1] as string).length, start: line.start + indent });
      }
      continue;
    }
    const next = lines[index + 1];
    if (
      next !== undefined &&
      !isBlank(line) &&
      isBlank(lines[index - 1]) &&
      SETEXT.test(next.text) &&
      !LIST_ITEM.test(line.text)
    ) {
      const title = collapse(line.text);
      if (isTitleLike(title) && !SENTENCE_END.test(title)) {
        headings.push({
          title,
          level: next.text.includes('=') ? 1 : 2,
          start: line.start + indent,
        });
        index++;
        continue;
      }
    }
    const numbered = NUMBERED.exec(line.text);
    if (numbered) {
      const title = collapse(line.text);
      const name = collapse(numbered[2] as string);
      const previous = lines[index - 1];
      const besideItem =
        (!isBlank(previous) && LIST_ITEM.test((previous as Line).text)) ||
        (!isBlank(next) && LIST_ITEM.test((next as Line).text));
      // Prose must follow: a numbered line at the end, or before a list, is not a heading.
      let following = index + 1;
      while (following < lines.length && isBlank(lines[following])) following++;
      const after = lines[following];
      if (
        isTitleLike(title) &&
        !SENTENCE_END.test(name) &&
        !besideItem &&
        after !== undefined &&
        !LIST_ITEM.test(after.text)
      ) {
        const level = Math.min(6, (numbered[1] as string).split('.').length);
        headings.push({ title, level, start: line.start + indent });
      }
    }
  }
  return headings;
}

/**
 * The hints found in `text`, in order: each is the first line at or after the previous one's
 * whose text, with spaces collapsed, is the hint's title. A hint not found (its text was cut or
 * rewritten on the way) is left out.
 */
export function anchorHeadings(text: string, hints: readonly HeadingHint[]): FoundHeading[] {
  const lines = linesOf(text);
  // The lines of each text, in order: a hint's line is found without scanning the text again.
  const linesByKey = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = collapse(line.text);
    if (!isTitleLike(key)) return;
    const list = linesByKey.get(key);
    if (list) list.push(index);
    else linesByKey.set(key, [index]);
  });
  const found: FoundHeading[] = [];
  let from = 0;
  for (const hint of hints.slice(0, MAX_SECTIONS)) {
    const title = collapse(hint.title);
    const candidates = linesByKey.get(title);
    if (candidates === undefined) continue;
    const index = candidates[firstAtOrAfter(candidates, from)];
    if (index === undefined) continue;
    const line = lines[index] as Line;
    const indent = line.text.length - line.text.trimStart().length;
    found.push({
      title,
      level: Math.max(1, Math.min(6, hint.level)),
      start: line.start + indent,
    });
    from = index + 1;
  }
  return found;
}

/** The position of the first value at or after `from` in the ascending `values`. */
function firstAtOrAfter(values: readonly number[], from: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The sections of `headings` (in order) in `text`: each runs to where the next heading of its
 * level or a higher one starts (the text before it, without the blank lines), or to the end.
 */
export function sectionsOfHeadings(
  text: string,
  headings: readonly FoundHeading[],
): DocumentSection[] {
  const sections: DocumentSection[] = headings.map((heading) => ({ ...heading, end: -1 }));
  const open: DocumentSection[] = [];
  const close = (section: DocumentSection, at: number): void => {
    section.end = section.start + text.slice(section.start, at).trimEnd().length;
  };
  for (const section of sections) {
    while (open.length > 0 && (open.at(-1) as DocumentSection).level >= section.level) {
      close(open.pop() as DocumentSection, section.start);
    }
    open.push(section);
  }
  for (const section of open) close(section, text.length);
  return sections;
}

/**
 * The sections of a document's final text: from the reader's `hints` when it has any that are
 * found in the text, else from the text's own Markdown-like and numbered headings.
 */
export function documentSections(
  text: string,
  hints: readonly HeadingHint[] = [],
): DocumentSection[] {
  const anchored = hints.length > 0 ? anchorHeadings(text, hints) : [];
  return sectionsOfHeadings(text, anchored.length > 0 ? anchored : textHeadings(text));
}

/**
 * `sections` of a text from which `cut` characters were trimmed at the start and which is now
 * `length` long: moved by the cut, held within the text, empty ones dropped.
 */
export function shiftSections(
  sections: readonly DocumentSection[],
  cut: number,
  length: number,
): DocumentSection[] {
  return sections.flatMap((section) => {
    const start = Math.max(0, section.start - cut);
    const end = Math.min(length, section.end - cut);
    return end > start ? [{ ...section, start, end }] : [];
  });
}

/**
 * Where the section headed `title` is in `text` ("Methods", "2. Methods" or "## Methods" for
 * "Methods"; case and numbering aside), with `own`: its text before its first sub-heading.
 * Headings are found as for `documentSections`, and, for a text whose headings are only lines
 * standing alone (a .docx or PDF read to text), as any short line equal to the title. Null when
 * no heading has that title.
 */
export function findSection(
  text: string,
  title: string,
): { section: DocumentSection; own: { start: number; end: number } } | null {
  const wanted = titleKey(title);
  if (wanted === '') return null;
  const headings = textHeadings(text);
  let sections = sectionsOfHeadings(text, headings);
  let section = sections.find((candidate) => titleKey(candidate.title) === wanted);
  if (section === undefined) {
    // A heading known only as a line of its own: the section runs to the next such line.
    const standalone = standaloneLines(text);
    const index = standalone.findIndex((line) => titleKey(line.title) === wanted);
    if (index === -1) return null;
    const merged = [...headings, ...standalone].sort((a, b) => a.start - b.start);
    sections = sectionsOfHeadings(
      text,
      merged.map((heading) => ({ ...heading, level: 1 })),
    );
    section = sections.find(
      (candidate) => candidate.start === (standalone[index] as FoundHeading).start,
    );
    if (section === undefined) return null;
  }
  const headingEnd = text.indexOf('\n', section.start);
  const ownStart = headingEnd === -1 || headingEnd > section.end ? section.end : headingEnd + 1;
  const child = sections.find(
    (candidate) =>
      candidate.start > (section as DocumentSection).start &&
      candidate.start < (section as DocumentSection).end,
  );
  return { section, own: { start: ownStart, end: child ? child.start : section.end } };
}

/** A title as compared: its numbering, marks and case aside. */
export function titleKey(title: string): string {
  return collapse(title)
    .replace(/^#+\s*/u, '')
    .replace(/^\d{1,2}(?:\.\d{1,2})*\.?\s+/u, '')
    .replace(/[:.]$/u, '')
    .toLowerCase();
}

/** Short lines standing alone between blank lines, without final punctuation. */
function standaloneLines(text: string): FoundHeading[] {
  const lines = linesOf(text);
  const found: FoundHeading[] = [];
  lines.forEach((line, index) => {
    const title = collapse(line.text);
    if (
      isTitleLike(title) &&
      !SENTENCE_END.test(title) &&
      isBlank(lines[index - 1]) &&
      isBlank(lines[index + 1]) &&
      index < lines.length - 1
    ) {
      found.push({
        title,
        level: 1,
        start: line.start + line.text.length - line.text.trimStart().length,
      });
    }
  });
  return found;
}
