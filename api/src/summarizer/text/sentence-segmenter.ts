/**
 * Splits free text (pasted prose, Markdown-ish notes, e-mails, text extracted from .docx or PDF)
 * into the units the summarizers work with: prose sentences, list items, headings, table rows,
 * code blocks and e-mail header lines, each with its exact place in the original text.
 */
import { sentenceRulesFor } from './sentence-rules';
import type { SentenceRules } from './sentence-rules';

export type SentenceKind = 'sentence' | 'bullet' | 'heading' | 'table' | 'code' | 'email-header';

export interface Sentence {
  /**
   * The unit as written, with spaces collapsed and markers removed ("- ", "1. ", "## ", "> ",
   * table pipes are kept). For a heading, a table row or a code block this is the whole unit.
   */
  text: string;
  /**
   * `sentence` for prose; `bullet` for a list item's sentences; `heading` for a title line;
   * `table` for a table row; `code` for a code block; `email-header` for a quoted e-mail's
   * header lines ("From: …", "On … wrote:"). Only prose is meant to be quoted as a summary.
   */
  kind: SentenceKind;
  /** Index of the block (paragraph, list item, heading, table row, code block) it belongs to. */
  block: number;
  /**
   * UTF-16 offsets of the unit in the original text, `end` exclusive: `text.slice(start, end)`
   * equals `text` up to whitespace (and up to markers of lines the unit continues on, such as
   * the "> " of a quoted paragraph's second line). Exact whatever the line endings (CRLF), the
   * collapsed whitespace or the characters outside the Basic Multilingual Plane (emoji).
   */
  start: number;
  end: number;
  /** For headings: 1–6 as in Markdown (setext: 1 for "===", 2 for "---"); absent for a short
   * line taken as a title because it stands alone without final punctuation. */
  level?: number;
}

export interface SegmentOptions {
  /**
   * The document's language (ISO 639-1, as `sourceLanguage`): its abbreviations, ordinals and
   * sentence marks. `und` or absent: the generic rules (decision 0037).
   */
  language?: string;
  /** Sentences longer than this many words are split at ";" or "," (then hard) into chunks. */
  maxSentenceWords?: number;
  /** The same cap in characters, for scripts written without spaces. */
  maxSentenceChars?: number;
}

const DEFAULT_MAX_WORDS = 60;
const DEFAULT_MAX_CHARS = 300;

// Terminators that end a sentence even without a following space (CJK, Indic, Arabic...).
const HARD_TERMINATORS = new Set([
  '。',
  '｡',
  '！',
  '？',
  '．',
  '।',
  '॥',
  '؟',
  '۔',
  '։',
  '።',
  '፧',
  '፨',
  '။',
  '។',
  '჻',
  '܀',
]);
const TERMINATORS = new Set(['.', '!', '?', '…', '‼', '⁇', '⁈', '⁉']);
const CLOSERS = new Set([
  '"',
  "'",
  '”',
  '’',
  '»',
  '›',
  ')',
  ']',
  '}',
  '」',
  '』',
  '】',
  '〕',
  '）',
  '〉',
  '》',
  '*',
  '_',
]);

const BULLET =
  /^\s*(?:[-*+•‣◦▪▫–—](?:\s?\d{1,3}\.(?=\s))?|\(?\d{1,3}(?:\.\)|[.)])|\(?[a-zA-Z](?:\.\)|[.)]))\s+(?=\S)/u;
const HEADING_MARK = /^\s{0,3}#{1,6}\s+/u;
const HEADING_CLOSE = /\s#+\s*$/u;
const SETEXT_UNDERLINE = /^\s{0,3}(?:=+|-+)\s*$/u;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/u;
const QUOTE_MARK = /^\s*(?:>\s?)+/u;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/u;
const INDENTED = /^(?: {4}|\t)/u;
// Lines that read as program text: they end in a brace, bracket or semicolon, or start with a
// keyword, a comment or a tag.
const CODE_LINE =
  /[{}();[\]]\s*$|^\s*(?:[{}\])]|\/\/|\/\*|#include\b|#!|\$ |def |class |function\b|return\b|import |from \S+ import|const |let |var |public |private |static |if\s*\(|for\s*\(|while\s*\(|<\/?[a-z][\w-]*[\s>])/u;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/u;
const EMAIL_FIELD =
  /^(?:from|to|cc|bcc|sent|date|subject|reply-to|von|an|gesendet|betreff|datum|de|à|envoyé|objet|para|enviado|asunto)\s*:\s*\S/iu;
const EMAIL_SEPARATOR =
  /^(?:-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht|message d'origine|mensaje original)\s*-{2,}|begin forwarded message:?)\s*$/iu;
const EMAIL_ATTRIBUTION =
  /^(?:on\s.{4,200}\swrote|am\s.{4,200}\sschrieb.{0,120}|le\s.{4,200}\sa écrit)\s?:\s*$/iu;
const EMAIL_ATTRIBUTION_START = /^(?:on|am|le)\s\S.{3,}$/iu;
const EMAIL_ATTRIBUTION_END = /\s(?:wrote|schrieb|a écrit)\s?:\s*$/iu;
// French sets its closing guillemet apart: "« LL.AA.II.RR. » pour" goes on.
const LOWERCASE_START = /^(?:["'“‘(«]|» ?)*\p{Ll}/u;
// A line opening an aside in brackets in lower case or with a number ("400 yd\n( 365.8 m ).")
// goes on with the sentence of a line ending in a lower-case word (not a title's capital).
const ASIDE_START = /^\( ?[\p{Ll}\p{N}]/u;
const LOWERCASE_END = /(?:^|\s)\p{Ll}+\s*$/u;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const ANY_TERMINATOR = /[.!?…‼。｡！？．।॥؟۔։።፧፨။។]/u;

/** A stretch of the original text, `end` exclusive. */
interface Range {
  start: number;
  end: number;
}

/**
 * Text with its whitespace collapsed, and for each of its UTF-16 code units the offset of the
 * code unit of the original text it came from (a collapsed space maps to the first whitespace
 * character it replaces).
 */
interface Tracked {
  text: string;
  offset: (index: number) => number;
}

interface Block extends Tracked {
  kind: SentenceKind;
  lines: number;
  /** A list item's marker as written ("1.", "b)", "(iv)"), which numbers the items after it. */
  marker?: string;
  level?: number;
}

/** The characters JavaScript's `\s` matches. */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 160 ||
    code === 5760 ||
    (code >= 8192 && code <= 8202) ||
    code === 8232 ||
    code === 8233 ||
    code === 8239 ||
    code === 8287 ||
    code === 12288 ||
    code === 65279
  );
}

// Whitespace that collapsing changes: anything but a single plain space.
const IRREGULAR_SPACE = /\s{2,}|[^\S ]/gu;

/**
 * Joins ranges of the original with single spaces, collapsing and trimming whitespace. The
 * result is a few stretches copied as they are, so an offset is found by a binary search
 * among the stretches' starts.
 */
function track(source: string, ranges: readonly Range[]): Tracked {
  const parts: string[] = [];
  // Where each stretch starts in the collapsed text, and in the original.
  const starts: number[] = [];
  const origins: number[] = [];
  let length = 0;
  const stretch = (from: number, to: number): void => {
    if (to <= from) return;
    if (parts.length > 0) length++;
    starts.push(length);
    origins.push(from);
    parts.push(source.slice(from, to));
    length += to - from;
  };
  for (const range of ranges) {
    let from = range.start;
    let to = range.end;
    while (from < to && isSpace(source.charCodeAt(from))) from++;
    while (to > from && isSpace(source.charCodeAt(to - 1))) to--;
    IRREGULAR_SPACE.lastIndex = from;
    for (let run = IRREGULAR_SPACE.exec(source); run && run.index < to;) {
      stretch(from, run.index);
      from = run.index + run[0].length;
      run = IRREGULAR_SPACE.exec(source);
    }
    stretch(from, to);
  }
  return {
    text: parts.join(' '),
    offset: (index) => {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] as number) <= index) low = middle;
        else high = middle - 1;
      }
      return (origins[low] as number) + index - (starts[low] as number);
    },
  };
}

function endsWithTerminator(line: string): boolean {
  const trimmed = line.trimEnd().replace(/["'”’»)\]}」』）*_]+$/u, '');
  const last = trimmed.at(-1);
  return (
    last !== undefined &&
    (TERMINATORS.has(last) || HARD_TERMINATORS.has(last) || last === ':' || last === ';')
  );
}

/** Words of collapsed text (single spaces, trimmed). */
function wordCount(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) count++;
  return count;
}

function splitLines(text: string): Range[] {
  const lines: Range[] = [];
  let start = 0;
  if (!text.includes('\r')) {
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      lines.push({ start, end });
      start = end + 1;
    }
    lines.push({ start, end: text.length });
    return lines;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 10 && code !== 13) continue;
    lines.push({ start, end: i });
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  lines.push({ start, end: text.length });
  return lines;
}

function pipeCount(line: string): number {
  if (line.indexOf('|') < 0) return 0;
  let count = 0;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) === 124) count++;
  return count;
}

function tabCells(line: string): number {
  if (line.indexOf('\t') < 0) return line.trim().length === 0 ? 0 : 1;
  const trimmed = line.trim();
  return trimmed.length === 0 ? 0 : trimmed.split(/\t+/u).length;
}

/**
 * Which lines are table rows or e-mail header lines, decided with their neighbours in view:
 * a row of pipes (or of tab-separated cells beside another such row) is a table row, and
 * "From:", "Sent:", "Subject:" … count as e-mail headers in a run of two or more, or right
 * after "-----Original Message-----" or "On … wrote:".
 */
function classifyLines(contents: string[]): (SentenceKind | null)[] {
  const kinds: (SentenceKind | null)[] = contents.map(() => null);
  contents.forEach((line, i) => {
    const pipes = pipeCount(line);
    const trimmed = line.trim();
    const nextIsSeparator = TABLE_SEPARATOR.test(contents[i + 1] ?? '');
    if (
      TABLE_SEPARATOR.test(line) ||
      (pipes >= 2 && (trimmed.startsWith('|') || trimmed.endsWith('|') || pipes >= 3)) ||
      (pipes >= 1 && (nextIsSeparator || kinds[i - 1] === 'table'))
    ) {
      kinds[i] = 'table';
      return;
    }
    const cells = tabCells(line);
    if (
      cells >= 3 ||
      (cells === 2 &&
        (tabCells(contents[i - 1] ?? '') >= 2 || tabCells(contents[i + 1] ?? '') >= 2))
    ) {
      kinds[i] = 'table';
    }
  });
  for (let i = 0; i < contents.length; i++) {
    const line = (contents[i] ?? '').trim();
    if (EMAIL_SEPARATOR.test(line) || EMAIL_ATTRIBUTION.test(line)) {
      kinds[i] = 'email-header';
      continue;
    }
    const next = (contents[i + 1] ?? '').trim();
    if (
      EMAIL_ATTRIBUTION_START.test(line) &&
      !EMAIL_ATTRIBUTION_END.test(line) &&
      EMAIL_ATTRIBUTION_END.test(next) &&
      next.length < 120
    ) {
      kinds[i] = 'email-header';
      kinds[i + 1] = 'email-header';
      i++;
      continue;
    }
    if (!EMAIL_FIELD.test(line)) continue;
    const previous = kinds[i - 1];
    if (
      previous === 'email-header' ||
      EMAIL_FIELD.test(next) ||
      EMAIL_FIELD.test((contents[i - 1] ?? '').trim())
    ) {
      kinds[i] = 'email-header';
    }
  }
  return kinds;
}

/** The end of a fenced code block opened at `open`: the index of its closing line, or past the end. */
function fenceEnd(contents: string[], open: number, fence: string): number {
  const closing = new RegExp(
    `^\\s{0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`,
    'u',
  );
  for (let i = open + 1; i < contents.length; i++) if (closing.test(contents[i] ?? '')) return i;
  return contents.length;
}

/**
 * The last line of an indented block starting at `from` when it reads as program text, else -1.
 * Prose indented as a whole (a quoted letter, a first-line indent) stays prose.
 */
function indentedCodeEnd(contents: string[], from: number): number {
  let last = from;
  let lines = 0;
  let codeLines = 0;
  for (let i = from; i < contents.length; i++) {
    const line = contents[i] ?? '';
    if (line.trim().length === 0) continue;
    if (!INDENTED.test(line)) break;
    last = i;
    lines++;
    if (CODE_LINE.test(line)) codeLines++;
  }
  return codeLines > 0 && codeLines * 2 >= lines ? last : -1;
}

// A line that stops on a comma or a dash stops inside its sentence (a spaced hyphen is left
// out: "3 June -" ends the entries of a timeline).
const OPEN_LINE_END = /(?:,| [–—])$/u;
const UPPERCASE_START = /^["'“‘(«„]*\p{Lu}/u;
// Japanese runs a sentence over a line break anywhere; a line ending on a kana of inflection or
// a particle ("これは父の") stops inside its sentence.
const HIRAGANA_END = /\p{Script=Hiragana}$/u;
const JAPANESE_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Prose lines of a hard-wrapped paragraph are at least this long. */
const WRAPPED_LINE_CHARS = 50;

/**
 * Whether a line without final punctuation goes on in the next one that starts with a capital
 * (a noun in German, a name) or in Japanese: it stops on a comma or a dash after six words or
 * more, or it is prose cut by a hard wrap (two long lines, this one ending in a letter, most of
 * its words in lower case: not a title, nor an entry of a list ending in a number), or it is
 * Japanese ending on a kana. The next line must not be indented further (a paragraph's first
 * line).
 */
function isHardWrapped(line: string, next: string): boolean {
  const trimmed = line.trim();
  const nextLine = next.trim();
  // A line indented further starts a paragraph of its own.
  if (next.length - next.trimStart().length > line.length - line.trimStart().length) return false;
  if (trimmed.length === 0 || endsWithTerminator(trimmed)) return false;
  if (HIRAGANA_END.test(trimmed)) return JAPANESE_START.test(nextLine);
  if (!UPPERCASE_START.test(nextLine)) return false;
  const words = trimmed.split(/\s+/u);
  if (OPEN_LINE_END.test(trimmed)) return words.length >= 6;
  if (
    trimmed.length < WRAPPED_LINE_CHARS ||
    nextLine.length < WRAPPED_LINE_CHARS ||
    !/\p{L}$/u.test(trimmed)
  ) {
    return false;
  }
  const lower = words.filter((word) => /^\p{Ll}/u.test(word)).length;
  return words.length >= 8 && lower * 2 > words.length;
}

/**
 * Groups lines into blocks: headings, list items, table rows, code blocks, e-mail header lines,
 * and paragraphs whose lines are soft-wrapped prose. A line without final punctuation ends its
 * paragraph unless the next line continues the sentence in lower case.
 */
function splitBlocks(source: string, linesAreUnits: boolean, rules: SentenceRules): Block[] {
  const lineRanges = splitLines(source);
  const contents = lineRanges.map((range) => source.slice(range.start, range.end));
  const lineKinds = classifyLines(contents.map((line) => line.replace(QUOTE_MARK, '')));
  const blocks: Block[] = [];
  let paragraph: Range[] = [];
  let paragraphKind: SentenceKind = 'sentence';
  let paragraphMarker: string | undefined;
  let previousBlank = true;

  const push = (ranges: Range[], kind: SentenceKind, lines: number, level?: number): void => {
    const tracked = track(source, ranges);
    if (tracked.text.length === 0) return;
    blocks.push(
      level === undefined ? { ...tracked, kind, lines } : { ...tracked, kind, lines, level },
    );
  };
  const flush = (): void => {
    const count = blocks.length;
    if (paragraph.length > 0) push(paragraph, paragraphKind, paragraph.length);
    const block = blocks[count];
    if (block && paragraphMarker !== undefined) block.marker = paragraphMarker;
    paragraph = [];
    paragraphKind = 'sentence';
    paragraphMarker = undefined;
  };
  /** The line's range after the first `skip` characters. */
  const after = (index: number, skip: number): Range => {
    const range = lineRanges[index] as Range;
    return { start: range.start + skip, end: range.end };
  };

  for (let i = 0; i < contents.length; i++) {
    const raw = contents[i] ?? '';
    const next = contents[i + 1];
    const wasBlank = previousBlank;
    previousBlank = raw.trim().length === 0;
    if (previousBlank) {
      flush();
      continue;
    }
    const fence = FENCE.exec(raw);
    if (fence) {
      flush();
      const close = fenceEnd(contents, i, fence[1] as string);
      const body: Range[] = [];
      for (let j = i + 1; j < Math.min(close, contents.length); j++) body.push(after(j, 0));
      push(body, 'code', body.length);
      i = close;
      previousBlank = true;
      continue;
    }
    if (wasBlank && paragraph.length === 0 && INDENTED.test(raw)) {
      const last = indentedCodeEnd(contents, i);
      if (last >= 0) {
        flush();
        const body: Range[] = [];
        for (let j = i; j <= last; j++) body.push(after(j, 0));
        push(body, 'code', body.length);
        i = last;
        continue;
      }
    }
    const lineKind = lineKinds[i];
    if (lineKind === 'table' || lineKind === 'email-header') {
      flush();
      if (!TABLE_SEPARATOR.test(raw)) {
        const quote = QUOTE_MARK.exec(raw)?.[0].length ?? 0;
        push([after(i, quote)], lineKind, 1);
      }
      continue;
    }
    if (
      next !== undefined &&
      SETEXT_UNDERLINE.test(next) &&
      paragraph.length === 0 &&
      !BULLET.test(raw)
    ) {
      flush();
      push([after(i, 0)], 'heading', 1, /=/u.test(next) ? 1 : 2);
      i++;
      previousBlank = false;
      continue;
    }
    const heading = HEADING_MARK.exec(raw);
    if (heading) {
      flush();
      const marks = heading[0].trim().length;
      const range = after(i, heading[0].length);
      const close = HEADING_CLOSE.exec(raw.slice(heading[0].length));
      if (close) range.end -= close[0].length;
      push([range], 'heading', 1, marks);
      continue;
    }
    if (THEMATIC_BREAK.test(raw)) {
      flush();
      continue;
    }
    const quote = QUOTE_MARK.exec(raw)?.[0].length ?? 0;
    const line = raw.slice(quote);
    if (line.trim().length === 0) {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      flush();
      paragraph.push(after(i, quote + bullet[0].length));
      paragraphKind = 'bullet';
      paragraphMarker = bullet[0].trim();
    } else if (
      paragraph.length > 0 &&
      paragraphKind === 'bullet' &&
      /^\s{2,}/u.test(line) === false &&
      LOWERCASE_START.test(line.trim()) === false
    ) {
      flush();
      paragraph.push(after(i, quote));
    } else {
      paragraph.push(after(i, quote));
    }
    if (linesAreUnits) {
      flush();
      continue;
    }
    const nextLine = next?.replace(QUOTE_MARK, '').trim() ?? '';
    const continues =
      nextLine.length > 0 &&
      lineKinds[i + 1] === null &&
      !BULLET.test(next ?? '') &&
      !HEADING_MARK.test(next ?? '') &&
      !FENCE.test(next ?? '') &&
      (endsWithTerminator(line) ||
        LOWERCASE_START.test(nextLine) ||
        (ASIDE_START.test(nextLine) && LOWERCASE_END.test(line)) ||
        isHardWrapped(line, next?.replace(QUOTE_MARK, '') ?? ''));
    if (!continues) flush();
  }
  flush();
  if (!linesAreUnits) {
    // A short line standing alone without final punctuation, with text after it, is a title,
    // unless a sentence ends inside it ("© 2014 Anna. Alle Rechte vorbehalten").
    blocks.forEach((block, index) => {
      if (
        block.kind === 'sentence' &&
        block.lines === 1 &&
        index < blocks.length - 1 &&
        !endsWithTerminator(block.text) &&
        wordCount(block.text) <= 12 &&
        splitSentences(block.text, rules, block.marker).length < 2
      ) {
        block.kind = 'heading';
      }
    });
  }
  return blocks;
}

function previousToken(text: string, dot: number): string {
  let start = dot;
  while (start > 0 && /[\p{L}\p{M}.]/u.test(text[start - 1] ?? '')) start--;
  return text.slice(start, dot).replace(/^\.+/u, '');
}

function nextToken(text: string, from: number): string {
  const match = /^\s*["'“‘(«]*([\p{L}\p{M}\p{N}]+)/u.exec(text.slice(from, from + 64));
  return match?.[1] ?? '';
}

/** Decides whether a single "." ending `token` closes the sentence, given the next word. */
function periodEndsSentence(
  token: string,
  next: string,
  rules: SentenceRules,
  before: string,
): boolean | 'title' {
  const word = token.toLowerCase();
  if (word.length === 0) return true;
  const startsLikeSentence = rules.starters.has(next.toLowerCase());
  // "Tuesday.Mr. Smith": the abbreviation after a lost space.
  const last = word.slice(word.lastIndexOf('.') + 1);
  if (rules.neverFinal.has(word) || (last.length > 1 && rules.neverFinal.has(last))) return false;
  // A letter after a degree sign or a slash is a unit ("120.5°C.", "100 km/h."): it ends.
  if (before === '°' || before === '/') return true;
  // "He left at 6 p.m. Travelers who …": after a time of day a capitalized word starts a sentence,
  // unless it goes on telling the time ("9 a.m. Monday", "5 p.m. ET") or names a person ("Mr.").
  if ((word === 'a.m' || word === 'p.m') && /^\p{Lu}/u.test(next)) {
    const following = next.toLowerCase();
    if (rules.neverFinal.has(following)) return 'title';
    return !TIME_WORDS.has(following);
  }
  if (rules.maybeFinal.has(word)) return startsLikeSentence;
  // Initials ("John F. Kennedy", "z. B.") and dotted initialisms ("U.S.", "e.V.").
  if (/^\p{L}$/u.test(token) || /^(?:\p{L}\.)+\p{L}$/u.test(token)) return startsLikeSentence;
  return true;
}

// Words that go on telling a time after "a.m." or "p.m.": weekdays, months, time zones.
const TIME_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs ' +
    'fri sat sun january february march april may june july august september october november ' +
    'december jan feb mar apr jun jul aug sep sept oct nov dec et est edt ct cst cdt mt mst mdt ' +
    'pt pst pdt gmt bst utc cet cest aest ist jst hkt sgt local eastern central pacific mountain'
  ).split(' '),
);

// An ordinal written with a period ("am 12. Juni", "XII. pluk") in the languages that do so.
const ORDINAL_BEFORE = /(?:^|[\s(„"«\-–])(?:\d{1,3}|[IVXLC]{1,6})$/u;

// A capitalized word, or a Roman numeral before a space and lower case: how a sentence glued to
// the one before it begins ("2004.The", "жағдайы.XVIII ғасырдың"). A one-letter word before a
// lower-case one ("world.I dag") counts in a language told by its own tables only: with the
// generic rules (English) it split "December 2000.A search" and lowered XSum's figures.
const GLUED_START = /^(?:\p{Lu}\p{Ll}+(?:[\s,;:]|\.\s)|[IVXLC]{2,} \p{Ll}{2})/u;
const GLUED_LETTER_START = /^\p{Lu} \p{Ll}{2}/u;

/**
 * A lost space between two sentences: a lower-case word or number, the terminator, then a
 * capitalized word followed by a space ("2004.The defendant", "Tuesday.Mr. Smith"), and not
 * code ("obj.Method(").
 */
function isGluedBoundary(
  text: string,
  terminator: number,
  next: number,
  rules: SentenceRules,
): boolean {
  if (!/[\p{Ll}\p{N}]{2}$/u.test(text.slice(Math.max(0, terminator - 2), terminator))) return false;
  const start = text.slice(next, next + 32);
  if (
    !GLUED_START.test(start) &&
    (rules.language === 'und' || rules.language === 'en' || !GLUED_LETTER_START.test(start))
  ) {
    return false;
  }
  // An ellipsis run into the next word ("anzrevel...Aydpes") is a pause, not a lost space.
  if (text[terminator] === '.' && text[terminator - 1] === '.') return false;
  const token = previousToken(text, terminator).toLowerCase();
  return !token.includes('.') && !rules.neverFinal.has(token) && !rules.maybeFinal.has(token);
}

/** The range without the spaces at its ends (collapsed text has single spaces only). */
function trimRange(text: string, start: number, end: number): Range {
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && text.charCodeAt(end - 1) === 32) end--;
  return { start, end };
}

// Which UTF-16 code units end a sentence in a language (all of them are single code units): a
// table read per character finds the next one faster than a regular expression's exec.
const TERMINATOR_TABLES = new Map<string, Uint8Array>();

function terminatorTable(rules: SentenceRules): Uint8Array {
  let table = TERMINATOR_TABLES.get(rules.language);
  if (table) return table;
  table = new Uint8Array(0x10000);
  for (const char of [...TERMINATORS, ...HARD_TERMINATORS, ...rules.extraTerminators]) {
    table[char.charCodeAt(0)] = 1;
  }
  if (!rules.periodEnds) {
    table[0x2e] = 0;
    table[0x2026] = 0;
  }
  TERMINATOR_TABLES.set(rules.language, table);
  return table;
}

/** Offset of the first terminator at or after `from`, or -1. */
function nextTerminator(text: string, from: number, table: Uint8Array): number {
  for (let i = from; i < text.length; i++) if (table[text.charCodeAt(i)]) return i;
  return -1;
}

// Brackets of scripts without spaces inside which a full stop does not end the sentence around
// them: a quoted title (《摔跤吧！爸爸》) or a quotation (「…。」と言った).
const CJK_OPENERS = '《「『〈【';
const CJK_CLOSERS = '》」』〉】';
const DIGIT = /[0-9０-９]/u;

/** Whether a full-width terminator at `index` lies inside a bracket closed soon after it. */
function insideCjkBrackets(text: string, start: number, index: number): boolean {
  let depth = 0;
  for (let i = Math.max(start, index - 300); i < index; i++) {
    const char = text[i] as string;
    if (CJK_OPENERS.includes(char)) depth++;
    else if (CJK_CLOSERS.includes(char) && depth > 0) depth--;
  }
  if (depth === 0) return false;
  for (let i = index + 1; i < Math.min(text.length, index + 300); i++) {
    const char = text[i] as string;
    if (CJK_CLOSERS.includes(char)) return true;
    if (CJK_OPENERS.includes(char)) return false;
  }
  return false;
}

interface ListMarker extends Range {
  kind: string;
  values: number[];
  /** Whether the item starts with a capital or a digit, or its marker is no bare "1." or "a.". */
  capitalAfter: boolean;
}

// An item marker inside a line: "1.", "2)", "3.)", "(4)", "a.", "b)", "(iv)", "ii)", "• 9.", "⁃10.".
const INLINE_MARKER =
  /(?<=^|\s)([•⁃▪◦‣]\s?)?(\()?(\d{1,2}|[a-zA-Z]|[ivx]{2,5}|[IVX]{2,5})(\.\)|\.|\))(?=\s)/gu;
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

function romanValue(numeral: string): number {
  let value = 0;
  const lower = numeral.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const digit = ROMAN[lower[i] as string] ?? 0;
    const following = ROMAN[lower[i + 1] as string] ?? 0;
    value += digit < following ? -digit : digit;
  }
  return value;
}

/** How a marker counts: as a number, a letter or a Roman numeral, each with its style. */
function markerReadings(
  paren: string,
  label: string,
  close: string,
): { kind: string; value: number }[] {
  const style = `${paren}${close}`;
  if (/^\d+$/u.test(label)) return [{ kind: `n${style}`, value: Number(label) }];
  const upper = label !== label.toLowerCase();
  // Capital letters and numerals followed by a bare period are initials ("A. Smith, B. Jones").
  if (upper && close === '.' && paren === '') return [];
  const readings: { kind: string; value: number }[] = [];
  if (label.length === 1) {
    readings.push({
      kind: `${upper ? 'L' : 'l'}${style}`,
      value: label.toLowerCase().charCodeAt(0) - 96,
    });
  }
  if (/^[ivx]+$/iu.test(label)) {
    readings.push({ kind: `${upper ? 'R' : 'r'}${style}`, value: romanValue(label) });
  }
  return readings;
}

/**
 * List items run together on one line ("1. The first item 2. The second item", "a) here b)
 * there"): markers counting up one by one, at least two of them, the item's own marker (taken
 * off as a bullet) counting as the first. Returns the markers after the first, in text order.
 */
function inlineListMarkers(text: string, leading: string | undefined): ListMarker[] {
  if (!/\d[.)]|\b[a-zA-Z][.)]\s|\)\s/u.test(text)) return [];
  // Open chains by the key of the marker that would continue them; every chain, to judge at the end.
  const open = new Map<string, ListMarker[]>();
  const chains: ListMarker[][] = [];
  const place = (marker: ListMarker): void => {
    const kinds = marker.kind.split('|');
    for (const [index, kind] of kinds.entries()) {
      const value = marker.values[index] as number;
      const chain = open.get(`${kind}#${value}`);
      if (!chain) continue;
      open.delete(`${kind}#${value}`);
      chain.push(marker);
      open.set(`${kind}#${value + 1}`, chain);
      return;
    }
    const chain = [marker];
    chains.push(chain);
    for (const [index, kind] of kinds.entries()) {
      open.set(`${kind}#${(marker.values[index] as number) + 1}`, chain);
    }
  };
  if (leading !== undefined) {
    const match = /^([•⁃▪◦‣]\s?)?(\()?(\d{1,2}|[a-zA-Z]|[ivx]{2,5}|[IVX]{2,5})(\.\)|\.|\))$/u.exec(
      leading,
    );
    const readings = match ? markerReadings(match[2] ?? '', match[3] ?? '', match[4] ?? '') : [];
    if (readings.length > 0) {
      place({
        start: -1,
        end: -1,
        kind: readings.map((reading) => reading.kind).join('|'),
        values: readings.map((reading) => reading.value),
        capitalAfter: true,
      });
    }
  }
  INLINE_MARKER.lastIndex = 0;
  for (let match = INLINE_MARKER.exec(text); match; match = INLINE_MARKER.exec(text)) {
    const readings = markerReadings(match[2] ?? '', match[3] ?? '', match[4] ?? '');
    if (readings.length === 0) continue;
    const after = match.index + match[0].length + 1;
    place({
      start: match.index,
      end: match.index + match[0].length,
      kind: readings.map((reading) => reading.kind).join('|'),
      values: readings.map((reading) => reading.value),
      capitalAfter:
        match[4] !== '.' || /^["'“‘(«]*[\p{Lu}\p{N}]/u.test(text.slice(after, after + 4)),
    });
  }
  // Two items of "1." or "a." style followed by lower case are references ("for 1. above, and
  // 2. above"); three in a row, or items starting with a capital, are a list.
  return chains
    .filter(
      (chain) =>
        chain.length >= 3 || (chain.length === 2 && chain.every((marker) => marker.capitalAfter)),
    )
    .flat()
    .filter((marker) => marker.start >= 0)
    .sort((a, b) => a.start - b.start);
}

// A spaced ellipsis (". . ." or ". . . ." with the sentence's own period).
const SPACED_ELLIPSIS = /^\.(?: \.){2,}/u;
// Reference marks right after a sentence's end: "[1]", "[7][8]".
const CITATIONS = /^(?:\[\d{1,3}\])+/u;
// Footnote numbers glued to a sentence's end, before the next sentence: "(1987).1 According".
const FOOTNOTES = /^\d{1,3}(?: \d{1,3})*(?= \p{Lu})/u;
const DASH_START = /^(?:--|[-–—]) ?\p{Ll}/u;

/**
 * Whether a “ closes a quotation, as German, Czech, Slovak and Bulgarian write it („So.“): at the
 * end of the text or before a space, where English would have opened one.
 */
function isClosingQuote(text: string, index: number): boolean {
  return index + 1 >= text.length || text.charCodeAt(index + 1) === 32;
}

// How far a quotation is followed, back to where it opened and on to where it closes.
const QUOTE_REACH = 400;
const LETTER = /[\p{L}\p{N}]/u;

/**
 * The quotation mark at `index` read as an opening or closing one, given the quotation open
 * before it (`open`, '' for none): `+` opens, `-` closes, '' is neither (an apostrophe, a stray
 * mark). Straight and single marks open after a space and close before one, so "they'll",
 * "dragon’s" and "'round" stay apostrophes unless a quotation is waiting for them.
 */
function quoteRole(text: string, index: number, open: string): '+' | '-' | '' {
  const char = text[index] as string;
  const before = index === 0 ? ' ' : (text[index - 1] as string);
  const after = text[index + 1] ?? ' ';
  const opensHere = /[\s([{\-–—]/u.test(before) && !/\s/u.test(after);
  switch (char) {
    case '"':
      // A straight mark closes after a word or before punctuation ("[...] ".); in opening
      // place it opens, even with one open: that one was stray.
      if (open === '"' && (!/\s/u.test(before) || !/[\p{L}\p{N}\s]/u.test(after))) return '-';
      return opensHere ? '+' : '';
    case "'":
    case '‘':
      // Each paragraph of a long quotation opens again ("'And I … turn out. 'It was …").
      if (opensHere && LETTER.test(after)) return '+';
      return (open === "'" || open === '‘') && !LETTER.test(after) ? '-' : '';
    case '’':
      return (open === '‘' || open === "'") && !LETTER.test(after) ? '-' : '';
    case '“':
      if (open === '„' && !opensHere) return '-';
      return open === '' || opensHere ? '+' : '';
    case '”':
      return open === '“' || open === '„' || open === '"' ? '-' : '';
    case '„':
    case '«':
      return open === '' || opensHere ? '+' : '';
    case '»':
      return open === '«' ? '-' : '';
    default:
      return '';
  }
}

// The quotation marks as a table of UTF-16 code units, read once per character scanned.
const QUOTE_MARKS = new Uint8Array(0x10000);
for (const mark of '"\'‘’“”„«»') QUOTE_MARKS[mark.charCodeAt(0)] = 1;

/** Quotation marks of one kind: a mark of the kind already open opens it again. */
function quoteFamily(mark: string): string {
  if (mark === "'" || mark === '‘') return "'";
  if (mark === '„') return '“';
  return mark;
}

/**
 * Reads the quotation marks from `from` to `to` onto `stack` (the quotations open, innermost
 * last). A quotation that closes is gone from the stack and the reading goes on, so one opened
 * after it ("'Well!' thought Alice, 'after such a fall …") is still seen.
 */
function readQuotes(text: string, from: number, to: number, stack: string[]): void {
  for (let j = from; j < to; j++) {
    if (!QUOTE_MARKS[text.charCodeAt(j)]) continue;
    const mark = text[j] as string;
    const top = stack[stack.length - 1] ?? '';
    const role = quoteRole(text, j, top);
    if (role === '+') {
      // The same kind opening again: the open one was a stray mark (or a new paragraph's).
      if (top !== '' && quoteFamily(top) === quoteFamily(mark)) stack[stack.length - 1] = mark;
      else stack.push(mark);
    } else if (role === '-') {
      stack.pop();
    } else if (stack.length > 1 && quoteRole(text, j, stack[stack.length - 2] as string) === '-') {
      // The outer quotation closes around an inner one left open.
      stack.length -= 2;
    }
  }
}

/**
 * Whether the text at `end` (a sentence's end, the sentence opened at `start`) lies inside a
 * quotation kept whole: one that closes within reach and either with a curly mark, at the end
 * of the paragraph (`textEnd`), with its own sentence end, or before the sentence around it
 * goes on. The innermost quotation is read first, then each one around it: an apostrophe read
 * as an opening mark ("Silence all 'round, if you please! …") leaves the quotation around it.
 */
function insideWholeQuotation(text: string, start: number, end: number, textEnd: number): boolean {
  const stack: string[] = [];
  readQuotes(text, Math.max(start, end - QUOTE_REACH), end, stack);
  for (let level = stack.length - 1; level >= 0; level--) {
    const close = quotationClose(text, end, stack[level] as string);
    if (
      close >= 0 &&
      (close + 1 >= textEnd ||
        !STRAIGHT_QUOTES.has(text[close] as string) ||
        QUOTED_SENTENCE_END.test(text.slice(Math.max(0, close - 4), close)) ||
        STRAIGHT_QUOTATION_GOES_ON.test(text.slice(close + 1, close + 6)))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Where a quotation opened with `open` before `end` closes: the offset of its closing mark, or
 * -1 when it does not within reach, or one of its kind opens first (it was a stray mark).
 */
function quotationClose(text: string, end: number, open: string): number {
  const limit = Math.min(text.length, end + QUOTE_REACH);
  const inner = [open];
  for (let j = end; j < limit; j++) {
    if (!QUOTE_MARKS[text.charCodeAt(j)]) continue;
    const mark = text[j] as string;
    const top = inner[inner.length - 1] as string;
    const role = quoteRole(text, j, top);
    if (role === '+') {
      if (inner.length === 1 && quoteFamily(mark) === quoteFamily(open)) return -1;
      if (quoteFamily(top) === quoteFamily(mark)) inner[inner.length - 1] = mark;
      else inner.push(mark);
    } else if (role === '-') {
      inner.pop();
      if (inner.length === 0) return j;
    }
  }
  return -1;
}

// Straight marks are also apostrophes, inch and foot signs, and lost in copied text: after one,
// a speech tag ("…," he said) is left as before and only the sentence's own punctuation or a
// bracket ("[...]" (Manzoni).") shows the quotation runs on.
const STRAIGHT_QUOTES = new Set(['"', "'"]);
// A quotation that ends with its own sentence ("…late!"", "…sir--"") is a sentence of the text:
// those inside it do not end the unit, even after straight marks.
const QUOTED_SENTENCE_END = /(?:[.!?…]|--|[—–])["'”’»“]*$/u;
const STRAIGHT_QUOTATION_GOES_ON = /^(?:["'”’»“]*)(?:\s?\(|[.;:])/u;

const BRACKET_PAIRS: Readonly<Record<string, string>> = { '(': ')', '[': ']' };

/**
 * Whether the mark ending at `end` lies inside a round or square bracket opened in the sentence
 * so far and closed within 40 characters, with no sentence punctuation before it closes.
 */
function insideBrackets(text: string, start: number, index: number, end: number): boolean {
  let open = '';
  for (let j = index - 1; j >= start && open === ''; j--) {
    const char = text[j] as string;
    if (char === ')' || char === ']') return false;
    if (char === '(' || char === '[') open = char;
  }
  if (open === '') return false;
  const close = BRACKET_PAIRS[open] as string;
  const limit = Math.min(text.length, end + 40);
  for (let j = end; j < limit; j++) {
    const char = text[j] as string;
    if (char === close) return true;
    if (ANY_TERMINATOR.test(char) || char === '(' || char === '[') return false;
  }
  return false;
}

// A quotation broken off by a dash and closed before a capital ("If you please, sir--" The
// Rabbit started"): the sentence ends with it, though no terminator does.
const INTERRUPTED_QUOTATION = /(?:--|[—–])["'”’»]+(?= ["'“‘(«]*\p{Lu})/gu;

/** Where quotations broken off by a dash end sentences: offsets after their closing marks. */
function interruptedQuotationEnds(text: string): number[] {
  if (!text.includes('--') && !/[—–]/u.test(text)) return [];
  const ends: number[] = [];
  INTERRUPTED_QUOTATION.lastIndex = 0;
  for (
    let match = INTERRUPTED_QUOTATION.exec(text);
    match;
    match = INTERRUPTED_QUOTATION.exec(text)
  ) {
    ends.push(match.index + match[0].length);
  }
  return ends;
}

/** Splits one block of collapsed prose at sentence ends. */
function splitSentences(text: string, rules: SentenceRules, marker: string | undefined): Range[] {
  const sentences: Range[] = [];
  let start = 0;
  const cut = (end: number): void => {
    const sentence = trimRange(text, start, end);
    if (sentence.end > sentence.start) sentences.push(sentence);
    start = end;
  };
  const table = terminatorTable(rules);
  const listMarkers = inlineListMarkers(text, marker);
  let textEnd = text.length;
  while (textEnd > 0 && text.charCodeAt(textEnd - 1) === 32) textEnd--;
  let nextMarker = 0;
  const dashCuts = interruptedQuotationEnds(text);
  const hasBrackets = text.includes('(') || text.includes('[');
  let nextDashCut = 0;

  let from = 0;
  for (let i = nextTerminator(text, 0, table); i >= 0; i = nextTerminator(text, from, table)) {
    for (; nextDashCut < dashCuts.length && (dashCuts[nextDashCut] as number) <= i; nextDashCut++) {
      if ((dashCuts[nextDashCut] as number) > start) cut(dashCuts[nextDashCut] as number);
    }
    // Items of a list run together start where their markers do, and the markers' periods
    // end nothing.
    for (let marker = listMarkers[nextMarker]; marker && marker.start <= i;) {
      if (marker.start > start) cut(marker.start);
      if (i < marker.end) break;
      nextMarker++;
      marker = listMarkers[nextMarker];
    }
    const inMarker = listMarkers[nextMarker];
    if (inMarker && inMarker.start <= i && i < inMarker.end) {
      from = inMarker.end;
      continue;
    }
    const char = text[i] as string;
    if (HARD_TERMINATORS.has(char)) {
      if (
        (char === '．' && DIGIT.test(text[i - 1] ?? '') && DIGIT.test(text[i + 1] ?? '')) ||
        insideCjkBrackets(text, start, i)
      ) {
        from = i + 1;
        continue;
      }
      let end = i + 1;
      while (
        end < text.length &&
        (HARD_TERMINATORS.has(text[end] as string) || CLOSERS.has(text[end] as string))
      )
        end++;
      cut(end);
      from = end;
      continue;
    }

    const spaced = char === '.' ? SPACED_ELLIPSIS.exec(text.slice(i, i + 16)) : null;
    let end = i + (spaced ? spaced[0].length : 1);
    while (
      end < text.length &&
      table[text.charCodeAt(end)] &&
      !HARD_TERMINATORS.has(text[end] as string)
    )
      end++;
    const run = text.slice(i, end);
    while (
      end < text.length &&
      (CLOSERS.has(text[end] as string) || (text[end] === '“' && isClosingQuote(text, end)))
    )
      end++;
    const citations = CITATIONS.exec(text.slice(end, end + 40));
    if (citations) end += citations[0].length;
    if (end < text.length && text.charCodeAt(end) !== 32) {
      const footnotes =
        run === '.' &&
        /[\p{L})]/u.test(text[i - 1] ?? '') &&
        /\p{L}{2}|\)/u.test(text.slice(i - 2, i))
          ? FOOTNOTES.exec(text.slice(end, end + 24))
          : null;
      // "3.14", "example.com", "U.S.-led", "Yahoo!7" are not sentence ends, but a sentence
      // glued to the next one by a lost space ("in 2004.The trial") is, and so is one whose
      // footnote number follows its period.
      if (footnotes) {
        end += footnotes[0].length;
        cut(end);
      } else if (isGluedBoundary(text, i, end, rules)) cut(end);
      from = end;
      continue;
    }
    const next = end < text.length ? end + 1 : end;
    const following = text.slice(next, next + 8);
    const period = run === '.';
    let ends =
      following.length === 0 ||
      !LOWERCASE_START.test(following) ||
      (period && rules.periodBeforeLowercase);
    const ellipsis = spaced !== null || run.startsWith('...') || run === '…';
    if (ends && period) {
      const token = previousToken(text, i);
      const nextWord = nextToken(text, end);
      const verdict = periodEndsSentence(token, nextWord, rules, text[i - token.length - 1] ?? '');
      const opening = trimRange(text, start, i - token.length);
      // "6 P.M. Mr. Smith then went" ends after a sentence of its own, but "At 5 a.m. Mr. Smith
      // went" is the sentence's opening phrase: a time before a title ends only a longer one.
      ends =
        verdict === 'title'
          ? wordCount(text.slice(opening.start, opening.end)) > 4
          : // A sentence is never a single letter ("Q. What is his name? A. His name is …").
            verdict && !(token.length === 1 && opening.end <= opening.start);
      if (
        ends &&
        following.length > 0 &&
        (text[i - 1] === '°' ||
          (rules.ordinalDots &&
            ORDINAL_BEFORE.test(text.slice(Math.max(0, i - 8), i)) &&
            !rules.starters.has(nextWord.toLowerCase())))
      ) {
        ends = false;
      }
    }
    if (ends && ellipsis && following.length > 0) {
      // An ellipsis closes a sentence only when a capitalized word follows, never inside
      // brackets ("[...]"), and a spaced one only with the sentence's own period (". . . .").
      ends =
        /^["'“‘(«]*\p{Lu}/u.test(following) &&
        text[i - 1] !== '[' &&
        text[i - 1] !== '(' &&
        (spaced === null || (run.match(/\./gu)?.length ?? 0) >= 4);
    }
    // "voila! -- you have cake", "– спросила мама": the sentence goes on after the dash.
    if (ends && !period && DASH_START.test(following)) ends = false;
    // „Prieskumy beriem na ľahkú váhu. V podstate ma to nezaujíma,“ reagoval Matovič: no
    // sentence ends inside a quotation that closes within reach with a curly mark, whatever
    // follows it. A straight mark is also an apostrophe or an inch sign and lost in copied
    // text: after one the quotation is kept whole when it ends with its own sentence end ("…
    // I shall be too late!" But", "sir--" The"), when the sentence around it goes on ("[...]"
    // (Manzoni).") or at the end of the paragraph; a speech tag after a comma ("…," he said)
    // still splits, the form that lowered CNN/DM's TL;DR when merged.
    if (ends && following.length > 0 && insideWholeQuotation(text, start, end, textEnd)) {
      ends = false;
    }
    // "[16: firma? 13:28]", "(«Айқын», 23 сəуір 2010 жыл. № 70)": a sentence mark inside
    // brackets that close soon after it, with no other mark before they close.
    if (ends && hasBrackets && insideBrackets(text, start, i, end)) ends = false;
    // "compounds. . . . The practice": the word's own period ends the sentence and the spaced
    // ellipsis after it marks words left out at the start of the next one.
    if (ends && spaced !== null && following.length > 0 && text.charCodeAt(i - 1) !== 32) {
      cut(i + 1);
      from = end;
      continue;
    }
    if (ends) cut(end);
    from = end;
  }
  for (; nextMarker < listMarkers.length; nextMarker++) {
    const marker = listMarkers[nextMarker] as ListMarker;
    if (marker.start > start) cut(marker.start);
  }
  for (; nextDashCut < dashCuts.length; nextDashCut++) {
    if ((dashCuts[nextDashCut] as number) > start) cut(dashCuts[nextDashCut] as number);
  }
  cut(text.length);
  return sentences;
}

function isTooLong(text: string, range: Range, maxWords: number, maxChars: number): boolean {
  const length = range.end - range.start;
  // Words are separated by single spaces, so there are at most (length + 1) / 2 of them.
  if (length <= maxChars && (length + 1) / 2 <= maxWords) return false;
  let words = 1;
  let wide = false;
  for (let i = range.start; i < range.end; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) words++;
    // Scripts written without spaces all lie above U+0E00.
    else if (code >= 0x0e00) wide = true;
  }
  if (wide && UNSPACED_SCRIPT.test(text.slice(range.start, range.end))) return length > maxChars;
  return words > maxWords;
}

/** Cuts a range at fixed length: whole words, or code points in scripts without spaces. */
function hardChunks(text: string, range: Range, maxWords: number, maxChars: number): Range[] {
  const chunks: Range[] = [];
  if (UNSPACED_SCRIPT.test(text.slice(range.start, range.end))) {
    let start = range.start;
    let points = 0;
    for (let i = range.start; i < range.end; i++) {
      const code = text.charCodeAt(i);
      // The low half of a surrogate pair belongs to the code point before it.
      if (code >= 0xdc00 && code <= 0xdfff && i > range.start) continue;
      if (points === maxChars) {
        chunks.push(trimRange(text, start, i));
        start = i;
        points = 0;
      }
      points++;
    }
    chunks.push(trimRange(text, start, range.end));
    return chunks.filter((chunk) => chunk.end > chunk.start);
  }
  const spaces: number[] = [];
  for (let i = range.start; i < range.end; i++) if (text.charCodeAt(i) === 32) spaces.push(i);
  const words = spaces.length + 1;
  const size = Math.max(1, Math.ceil(words / Math.ceil(words / maxWords)));
  let start = range.start;
  for (let word = size; word < words; word += size) {
    const space = spaces[word - 1] as number;
    chunks.push({ start, end: space });
    start = space + 1;
  }
  chunks.push({ start, end: range.end });
  return chunks;
}

// Where an over-long sentence may be split, strongest first: semicolons, then commas.
// Each a table of UTF-16 code units, read once per character of an over-long sentence.
const INNER_BOUNDARIES = [
  [0x3b, 0xff1b],
  [0x2c, 0xff0c, 0x3001, 0x060c],
].map((codes) => {
  const table = new Uint8Array(0x10000);
  for (const code of codes) table[code] = 1;
  return table;
});

/**
 * Splits an over-long sentence at the strongest inner boundary first (";" then ","), packing
 * neighbouring pieces back together up to the cap, and only cuts at fixed length as a last
 * resort (text without punctuation).
 */
function splitLongSentence(
  text: string,
  range: Range,
  maxWords: number,
  maxChars: number,
): Range[] {
  if (!isTooLong(text, range, maxWords, maxChars)) return [range];
  for (const boundary of INNER_BOUNDARIES) {
    const pieces: Range[] = [];
    let start = range.start;
    for (let i = range.start; i < range.end; i++) {
      if (!boundary[text.charCodeAt(i)]) continue;
      const piece = trimRange(text, start, i + 1);
      if (piece.end > piece.start) pieces.push(piece);
      start = i + 1;
    }
    const last = trimRange(text, start, range.end);
    if (last.end > last.start) pieces.push(last);
    if (pieces.length < 2) continue;
    const packed: Range[] = [];
    let current: Range | null = null;
    for (const piece of pieces) {
      const candidate: Range = current ? { start: current.start, end: piece.end } : piece;
      if (current && isTooLong(text, candidate, maxWords, maxChars)) {
        packed.push(current);
        current = piece;
      } else {
        current = candidate;
      }
    }
    if (current) packed.push(current);
    return packed.flatMap((piece) => splitLongSentence(text, piece, maxWords, maxChars));
  }
  return hardChunks(text, range, maxWords, maxChars);
}

/**
 * Segments text into sentences, keeping headings, list items, table rows, code blocks and
 * e-mail headers apart, each with its offsets in `text`. Deterministic; never throws on odd
 * input (no punctuation, one giant line, mixed scripts).
 */
export function segmentSentences(text: string, options: SegmentOptions = {}): Sentence[] {
  const maxWords = options.maxSentenceWords ?? DEFAULT_MAX_WORDS;
  const maxChars = options.maxSentenceChars ?? DEFAULT_MAX_CHARS;
  const rules = sentenceRulesFor(options.language);
  // Text with no sentence punctuation at all: its lines are the only structure there is.
  const linesAreUnits = !ANY_TERMINATOR.test(text);
  const blocks = splitBlocks(text, linesAreUnits, rules);
  const sentences: Sentence[] = [];
  blocks.forEach((block, blockIndex) => {
    const whole = { start: 0, end: block.text.length };
    const splits = block.kind === 'sentence' || block.kind === 'bullet';
    const pieces = splits ? splitSentences(block.text, rules, block.marker) : [whole];
    for (const piece of pieces) {
      const chunks = splits ? splitLongSentence(block.text, piece, maxWords, maxChars) : [piece];
      for (const chunk of chunks) {
        const sentence: Sentence = {
          text: block.text.slice(chunk.start, chunk.end),
          kind: block.kind,
          block: blockIndex,
          start: block.offset(chunk.start),
          end: block.offset(chunk.end - 1) + 1,
        };
        if (block.kind === 'heading' && block.level !== undefined) sentence.level = block.level;
        sentences.push(sentence);
      }
    }
  });
  return sentences;
}

/** A unit of a document with its number, for citing it. */
export interface NumberedSentence extends Sentence {
  /** 1 for the document's first unit, then 2, 3 … in document order, without gaps. */
  number: number;
}

/**
 * Numbers every unit of a document (prose sentences, list items, headings, table rows, code
 * blocks, e-mail header lines) from 1 in document order, with its UTF-16 offsets in `text`.
 * Built for citations: show a model the units as "[n] text" lines, let it answer with the
 * numbers its sentences rest on, then map each number back to `{ start, end }` with
 * {@link spansOf}. The numbering is deterministic: the same text always gives the same numbers
 * and offsets, so it can be recomputed from the stored original instead of being stored.
 * Use `kind` to leave out what should not be cited (e.g. code) without renumbering.
 *
 * @example
 * const units = numberSentences(original);
 * const prompt = units.map((unit) => `[${unit.number}] ${unit.text}`).join('\n');
 * // … the model answers "The plan costs $48 million. [2][5]" …
 * const sources = spansOf(units, [2, 5]); // [{ start, end }, { start, end }]
 */
export function numberSentences(text: string, options: SegmentOptions = {}): NumberedSentence[] {
  return segmentSentences(text, options).map((sentence, index) => ({
    ...sentence,
    number: index + 1,
  }));
}

/**
 * The `{ start, end }` offsets of the units with the given numbers, in document order, each
 * once; numbers that name no unit (a model's invention) are left out.
 */
export function spansOf(
  units: readonly NumberedSentence[],
  numbers: readonly number[],
): { start: number; end: number }[] {
  const wanted = [...new Set(numbers)]
    .filter((number) => Number.isInteger(number) && number >= 1 && number <= units.length)
    .sort((a, b) => a - b);
  return wanted.map((number) => {
    const unit = units[number - 1] as NumberedSentence;
    return { start: unit.start, end: unit.end };
  });
}

/**
 * A summary's text from its sentences: `- ` bullet lines, or one paragraph with the sentences
 * separated by a space (none after a full-width full stop: those scripts run sentences together).
 */
export function joinSummarySentences(sentences: string[], bullets: boolean): string {
  if (bullets) return sentences.map((sentence) => `- ${sentence}`).join('\n');
  let summary = '';
  for (const sentence of sentences) {
    if (summary.length === 0) summary = sentence;
    // Scripts written without spaces run their sentences together too.
    else if (/[。！？｡]$/u.test(summary)) summary += sentence;
    else summary += ` ${sentence}`;
  }
  return summary;
}
