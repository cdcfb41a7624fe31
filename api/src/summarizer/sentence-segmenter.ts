/**
 * Splits free text (pasted prose, Markdown-ish notes, text extracted from .docx) into the
 * units the local summarizer ranks: sentences, bullet items and headings.
 */
export type SentenceKind = 'sentence' | 'bullet' | 'heading';

export interface Sentence {
  /** The sentence as written (markers such as "- " or "## " removed, spaces collapsed). */
  text: string;
  kind: SentenceKind;
  /** Index of the block (paragraph, list item or heading) the sentence belongs to. */
  block: number;
}

export interface SegmentOptions {
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

// Abbreviations that precede a name or a number and so never end a sentence.
const NEVER_FINAL = new Set(
  (
    'mr mrs ms mx dr prof rev fr gen sen rep gov lt col capt cmdr sgt cpl pvt adm maj brig hon ' +
    'pres supt insp det messrs mme mlle mm no nos nr vol vols fig figs eq eqs art ch sec pp para ' +
    'vs v cf ca approx e.g i.e viz al esp incl dept est tel ref st mt ft ave blvd rd z.b bzw vgl ' +
    'ggf evtl usw u.a d.h s.o s.u p.ex'
  ).split(' '),
);
// Abbreviations that may also close a sentence ("...at Apple Inc. The company...").
const MAYBE_FINAL = new Set(
  (
    'etc inc ltd co corp llc plc bros jr sr a.m p.m u.s u.k u.n e.u u.s.a d.c b.c a.d jan feb ' +
    'mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun'
  ).split(' '),
);
// Words that usually begin a sentence; after an ambiguous abbreviation they mark its end.
const SENTENCE_STARTERS = new Set(
  (
    'the a an he she it they we i you this that these those there here his her its their our my ' +
    'but and so yet or if when while after before as in on at for from by with without since ' +
    'because although though however meanwhile then now also still today yesterday tomorrow ' +
    'what who why how where which some many most all no not one two three both each every ' +
    'according officials police experts'
  ).split(' '),
);

const BULLET = /^\s*(?:[-*+•‣◦▪▫–—]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+(?=\S)/u;
const HEADING_MARK = /^\s{0,3}#{1,6}\s+/u;
const SETEXT_UNDERLINE = /^\s{0,3}(?:=+|-+)\s*$/u;
const QUOTE_MARK = /^\s*(?:>\s?)+/u;
const LOWERCASE_START = /^["'“‘(«]*\p{Ll}/u;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const ANY_TERMINATOR = /[.!?…‼。｡！？．।॥؟۔։።။។]/u;

interface Block {
  text: string;
  kind: SentenceKind;
  lines: number;
}

function endsWithTerminator(line: string): boolean {
  const trimmed = line.trimEnd().replace(/["'”’»)\]}」』）*_]+$/u, '');
  const last = trimmed.at(-1);
  return (
    last !== undefined &&
    (TERMINATORS.has(last) || HARD_TERMINATORS.has(last) || last === ':' || last === ';')
  );
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Words of collapsed text (single spaces, trimmed). */
function wordCount(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) count++;
  return count;
}

/**
 * Groups lines into blocks: headings, list items, and paragraphs whose lines are soft-wrapped
 * prose. A line without final punctuation ends its paragraph unless the next line continues
 * the sentence in lower case.
 */
function splitBlocks(text: string, linesAreUnits: boolean): Block[] {
  const lines = text.replace(/\r\n?/gu, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let paragraphKind: SentenceKind = 'sentence';

  const flush = (): void => {
    const joined = collapse(paragraph.join(' '));
    if (joined.length > 0)
      blocks.push({ text: joined, kind: paragraphKind, lines: paragraph.length });
    paragraph = [];
    paragraphKind = 'sentence';
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const next = lines[i + 1];
    if (raw.trim().length === 0) {
      flush();
      continue;
    }
    if (
      next !== undefined &&
      SETEXT_UNDERLINE.test(next) &&
      paragraph.length === 0 &&
      !BULLET.test(raw)
    ) {
      flush();
      blocks.push({ text: collapse(raw), kind: 'heading', lines: 1 });
      i++;
      continue;
    }
    if (HEADING_MARK.test(raw)) {
      flush();
      const heading = collapse(raw.replace(HEADING_MARK, '').replace(/\s#+\s*$/u, ''));
      if (heading.length > 0) blocks.push({ text: heading, kind: 'heading', lines: 1 });
      continue;
    }
    const line = raw.replace(QUOTE_MARK, '');
    if (line.trim().length === 0) {
      flush();
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      paragraph.push(line.replace(BULLET, ''));
      paragraphKind = 'bullet';
    } else if (
      paragraph.length > 0 &&
      paragraphKind === 'bullet' &&
      /^\s{2,}/u.test(line) === false &&
      LOWERCASE_START.test(line.trim()) === false
    ) {
      flush();
      paragraph.push(line);
    } else {
      paragraph.push(line);
    }
    if (linesAreUnits) {
      flush();
      continue;
    }
    const nextLine = next?.replace(QUOTE_MARK, '').trim() ?? '';
    const continues =
      nextLine.length > 0 &&
      !BULLET.test(next ?? '') &&
      !HEADING_MARK.test(next ?? '') &&
      (endsWithTerminator(line) || LOWERCASE_START.test(nextLine));
    if (!continues) flush();
  }
  flush();
  if (!linesAreUnits) {
    // A short line standing alone without final punctuation, with text after it, is a title.
    blocks.forEach((block, index) => {
      if (
        block.kind === 'sentence' &&
        block.lines === 1 &&
        index < blocks.length - 1 &&
        !endsWithTerminator(block.text) &&
        wordCount(block.text) <= 12
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
function periodEndsSentence(token: string, next: string): boolean {
  const word = token.toLowerCase();
  if (word.length === 0) return true;
  const startsLikeSentence = SENTENCE_STARTERS.has(next.toLowerCase());
  if (NEVER_FINAL.has(word)) return false;
  if (MAYBE_FINAL.has(word)) return startsLikeSentence;
  // Initials ("John F. Kennedy", "z. B.") and dotted initialisms ("U.S.", "e.V.").
  if (/^\p{L}$/u.test(token) || /^(?:\p{L}\.)+\p{L}$/u.test(token)) return startsLikeSentence;
  return true;
}

/**
 * A lost space between two sentences: a lower-case word or number, the terminator, then a
 * capitalized word followed by a space ("2004.The defendant"), and not code ("obj.Method(").
 */
function isGluedBoundary(text: string, terminator: number, next: number): boolean {
  if (!/[\p{Ll}\p{N}]{2}$/u.test(text.slice(Math.max(0, terminator - 2), terminator))) return false;
  if (!/^\p{Lu}\p{Ll}+[\s,;:]/u.test(text.slice(next, next + 32))) return false;
  const token = previousToken(text, terminator);
  return (
    !token.includes('.') &&
    !NEVER_FINAL.has(token.toLowerCase()) &&
    !MAYBE_FINAL.has(token.toLowerCase())
  );
}

/** Splits one block of prose at sentence ends. */
function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const cut = (end: number): void => {
    const sentence = text.slice(start, end).trim();
    if (sentence.length > 0) sentences.push(sentence);
    start = end;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (HARD_TERMINATORS.has(char)) {
      let end = i + 1;
      while (
        end < text.length &&
        (HARD_TERMINATORS.has(text[end] as string) || CLOSERS.has(text[end] as string))
      )
        end++;
      cut(end);
      i = end - 1;
      continue;
    }
    if (!TERMINATORS.has(char)) continue;

    let end = i + 1;
    while (end < text.length && TERMINATORS.has(text[end] as string)) end++;
    const run = text.slice(i, end);
    while (end < text.length && CLOSERS.has(text[end] as string)) end++;
    if (end < text.length && !/\s/u.test(text[end] as string)) {
      // "3.14", "example.com", "U.S.-led", "Yahoo!7" are not sentence ends, but a sentence
      // glued to the next one by a lost space ("in 2004.The trial") is.
      if (isGluedBoundary(text, i, end)) cut(end);
      i = end - 1;
      continue;
    }
    let next = end;
    while (next < text.length && /\s/u.test(text[next] as string)) next++;
    const after = text.slice(next, next + 8);
    let ends = after.length === 0 || !LOWERCASE_START.test(after);
    if (ends && run === '.')
      ends = periodEndsSentence(previousToken(text, i), nextToken(text, end));
    if (ends && (run.startsWith('...') || run === '…') && after.length > 0) {
      // An ellipsis closes a sentence only when a capitalized word follows.
      ends = /^["'“‘(«]*\p{Lu}/u.test(after);
    }
    if (ends) cut(end);
    i = end - 1;
  }
  cut(text.length);
  return sentences;
}

function hardChunks(text: string, maxWords: number, maxChars: number): string[] {
  if (UNSPACED_SCRIPT.test(text)) {
    const chars = Array.from(text);
    const chunks: string[] = [];
    for (let i = 0; i < chars.length; i += maxChars)
      chunks.push(chars.slice(i, i + maxChars).join(''));
    return chunks;
  }
  const words = text.split(' ');
  const size = Math.max(1, Math.ceil(words.length / Math.ceil(words.length / maxWords)));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(' '));
  return chunks;
}

function isTooLong(text: string, maxWords: number, maxChars: number): boolean {
  if (UNSPACED_SCRIPT.test(text)) return text.length > maxChars;
  return wordCount(text) > maxWords;
}

/**
 * Splits an over-long sentence at the strongest inner boundary first (";" then ","), packing
 * neighbouring pieces back together up to the cap, and only cuts at fixed length as a last
 * resort (text without punctuation).
 */
function splitLongSentence(text: string, maxWords: number, maxChars: number): string[] {
  if (!isTooLong(text, maxWords, maxChars)) return [text];
  for (const boundary of [/(?<=[;；])\s*/u, /(?<=[,，、،])\s*/u]) {
    const pieces = text.split(boundary).filter((piece) => piece.trim().length > 0);
    if (pieces.length < 2) continue;
    const packed: string[] = [];
    let current = '';
    for (const piece of pieces) {
      const candidate = current.length === 0 ? piece : joinPieces(current, piece);
      if (current.length > 0 && isTooLong(candidate, maxWords, maxChars)) {
        packed.push(current);
        current = piece;
      } else {
        current = candidate;
      }
    }
    if (current.length > 0) packed.push(current);
    return packed.flatMap((piece) => splitLongSentence(piece.trim(), maxWords, maxChars));
  }
  return hardChunks(text, maxWords, maxChars);
}

function joinPieces(left: string, right: string): string {
  return UNSPACED_SCRIPT.test(left.at(-1) ?? '') ? `${left}${right}` : `${left} ${right}`;
}

/**
 * Segments text into sentences, keeping headings and list items apart. Deterministic; never
 * throws on odd input (no punctuation, one giant line, mixed scripts).
 */
export function segmentSentences(text: string, options: SegmentOptions = {}): Sentence[] {
  const maxWords = options.maxSentenceWords ?? DEFAULT_MAX_WORDS;
  const maxChars = options.maxSentenceChars ?? DEFAULT_MAX_CHARS;
  // Text with no sentence punctuation at all: its lines are the only structure there is.
  const linesAreUnits = !ANY_TERMINATOR.test(text);
  const blocks = splitBlocks(text, linesAreUnits);
  const sentences: Sentence[] = [];
  blocks.forEach((block, blockIndex) => {
    const pieces = block.kind === 'heading' ? [block.text] : splitSentences(block.text);
    for (const piece of pieces) {
      const chunks =
        block.kind === 'heading' ? [piece] : splitLongSentence(piece, maxWords, maxChars);
      for (const chunk of chunks)
        sentences.push({ text: chunk, kind: block.kind, block: blockIndex });
    }
  });
  return sentences;
}
