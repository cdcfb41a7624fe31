import { createRequire } from 'node:module';
import type * as TinyldModule from 'tinyld';
import { UNDETERMINED_LANGUAGE } from './languages';

/*
 * The language of a document (API.md round 3 `sourceLanguage`), told by tinyld, chosen for the
 * figures measured in decision 0038 (`pnpm --filter api bench:summarizer` prints them beside
 * eld's). A document is read in pieces (its paragraphs, long ones cut), each piece's language
 * weighed by its letters: the language with most letters wins, and a second one is named when
 * it holds nearly as many (a document mixing two languages).
 */

type Tinyld = typeof TinyldModule;

let detector: Promise<Tinyld> | undefined;

/** tinyld, loaded on first use: its profiles take a few hundred ms to read. */
function loadDetector(): Promise<Tinyld> {
  detector ??= import('tinyld');
  return detector;
}

/** What is known of a document's language. */
export interface DocumentLanguages {
  /** ISO 639-1 of the language with most letters; `und` when none could be told. */
  sourceLanguage: string;
  /** A second language holding nearly as many letters (see SECOND_LANGUAGE_SHARE), else null. */
  secondSourceLanguage: string | null;
}

/** A piece of text with fewer letters than this says too little to tell its language. */
export const MIN_LETTERS = 12;
/** Pieces are cut at this many characters: enough for the detector, small enough to mix. */
const MAX_PIECE_CHARS = 300;
/**
 * Pieces read of a document, spread evenly over it: tinyld is slow (measured here: 10 to 30 µs
 * a character, the machine busy), so a document of any size costs at most 2,400 characters of
 * detection.
 */
const MAX_PIECES = 8;
/**
 * The second language is named when its letters are at least this share of the first's:
 * "both shown when close" (a 60/40 mix names both; 70/30 does not).
 */
export const SECOND_LANGUAGE_SHARE = 0.6;

/**
 * Addresses, emails, markup tags and character entities (pasted HTML or XML: "<bpt i=\"0\">",
 * "&lt;") are not in any language, and the detector reads them as one.
 */
const NOT_LANGUAGE =
  /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+|<\/?[a-z][\w:-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[\da-f]+);/giu;
const NOT_LETTERS = /\P{L}+/gu;

function letterCount(text: string): number {
  return text.replace(NOT_LETTERS, '').length;
}

const ISO_639_1 = /^[a-z]{2}$/u;
/**
 * A candidate without an ISO 639-1 code (tinyld's Berber `ber` or Klingon `tlh` profiles, which
 * catch a stray "ix" or "attachment") gives way to the best one with a code when that one scores
 * at least this share of it.
 */
const NAMED_CANDIDATE_SHARE = 0.5;

/**
 * The detector's answer for a piece as ISO 639-1, or `und`: its best candidate with an ISO
 * 639-1 code (see NAMED_CANDIDATE_SHARE), Hindi read as Marathi when the piece is Marathi.
 */
function detectPiece(tinyld: Tinyld, piece: string): string {
  const candidates = tinyld.detectAll(piece);
  const top = candidates[0];
  const named = candidates.find((candidate) => ISO_639_1.test(candidate.lang));
  if (!top || !named || named.accuracy < NAMED_CANDIDATE_SHARE * top.accuracy) {
    return UNDETERMINED_LANGUAGE;
  }
  return named.lang === 'hi' && readsAsMarathi(piece) ? 'mr' : named.lang;
}

const requireData = createRequire(import.meta.url);
let devanagariWords: { marathi: ReadonlySet<string>; hindi: ReadonlySet<string> } | null = null;
// ळ (LLA): common in Marathi ("मिळणार", "वेळ"), not written in Hindi.
const MARATHI_LETTER = /\u0933/gu;
const WORDS = /[\p{L}\p{M}]+/gu;

/**
 * tinyld has no Marathi profile and reads all Devanagari as Hindi (decision 0038). A piece is
 * Marathi when it holds more of Marathi's own stop words (stopwords-iso's Marathi list less the
 * words it shares with the Hindi one: "आणि", "असे") and letters ळ than of Hindi's own ("है",
 * "के", "में").
 */
function readsAsMarathi(piece: string): boolean {
  if (!devanagariWords) {
    const lists = requireData('stopwords-iso') as Record<string, readonly string[]>;
    const marathi = new Set(lists['mr'] ?? []);
    const hindi = new Set(lists['hi'] ?? []);
    devanagariWords = {
      marathi: new Set([...marathi].filter((word) => !hindi.has(word))),
      hindi: new Set([...hindi].filter((word) => !marathi.has(word))),
    };
  }
  let score = piece.match(MARATHI_LETTER)?.length ?? 0;
  for (const word of piece.match(WORDS) ?? []) {
    if (devanagariWords.marathi.has(word)) score++;
    else if (devanagariWords.hindi.has(word)) score--;
  }
  return score > 0;
}

/** The language of a short text as one piece (the benchmark's unit): ISO 639-1 or `und`. */
export async function detectTextLanguage(text: string): Promise<string> {
  const cleaned = text.replace(NOT_LANGUAGE, ' ');
  if (letterCount(cleaned) < MIN_LETTERS) return UNDETERMINED_LANGUAGE;
  return detectPiece(await loadDetector(), cleaned);
}

/** Cuts a paragraph longer than MAX_PIECE_CHARS at white space (or anywhere, without any). */
function cutPiece(paragraph: string): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > MAX_PIECE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_PIECE_CHARS);
    const cut = space > MAX_PIECE_CHARS / 2 ? space : MAX_PIECE_CHARS;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/** A piece of about MAX_PIECE_CHARS characters from `at` on, whole words where it can. */
function pieceAt(text: string, at: number): string {
  const space = text.indexOf(' ', at);
  const start = space >= 0 && space - at < MAX_PIECE_CHARS / 2 ? space + 1 : at;
  const end = text.lastIndexOf(' ', start + MAX_PIECE_CHARS);
  return text.slice(start, end > start + MAX_PIECE_CHARS / 2 ? end : start + MAX_PIECE_CHARS);
}

/**
 * The pieces a document is read in, at most MAX_PIECES: a short one's paragraphs (blank lines
 * apart), long ones cut, spread evenly when there are more; a long one's pieces taken at even
 * intervals over it, so its size costs nothing more. Addresses are left out, and a piece needs
 * MIN_LETTERS letters.
 */
export function languagePieces(text: string): string[] {
  let pieces: string[];
  if (text.length > 4 * MAX_PIECES * MAX_PIECE_CHARS) {
    const step = text.length / MAX_PIECES;
    pieces = Array.from({ length: MAX_PIECES }, (_, index) =>
      pieceAt(text, Math.floor(index * step)),
    );
  } else {
    pieces = text.split(/\n[ \t\u00a0]*\n/u).flatMap(cutPiece);
    if (pieces.length > MAX_PIECES) {
      const step = pieces.length / MAX_PIECES;
      pieces = Array.from(
        { length: MAX_PIECES },
        (_, index) => pieces[Math.floor(index * step)] ?? '',
      );
    }
  }
  return pieces
    .map((piece) => piece.replace(NOT_LANGUAGE, ' '))
    .filter((piece) => letterCount(piece) >= MIN_LETTERS);
}

/**
 * The language of a document: each piece ({@link languagePieces}) detected and weighed by its
 * letters; the language with most wins, `und` when no piece could be told (emoji, digits, too
 * short), and a second language is named when it has at least SECOND_LANGUAGE_SHARE of the
 * first one's letters.
 */
export async function detectDocumentLanguages(text: string): Promise<DocumentLanguages> {
  const pieces = languagePieces(text);
  if (pieces.length === 0) {
    return { sourceLanguage: UNDETERMINED_LANGUAGE, secondSourceLanguage: null };
  }
  const tinyld = await loadDetector();
  const letters = new Map<string, number>();
  for (const piece of pieces) {
    const code = detectPiece(tinyld, piece);
    if (code === UNDETERMINED_LANGUAGE) continue;
    letters.set(code, (letters.get(code) ?? 0) + letterCount(piece));
  }
  const ranked = [...letters.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [first, second] = ranked;
  if (!first) return { sourceLanguage: UNDETERMINED_LANGUAGE, secondSourceLanguage: null };
  return {
    sourceLanguage: first[0],
    secondSourceLanguage:
      second && second[1] >= SECOND_LANGUAGE_SHARE * first[1] ? second[0] : null,
  };
}
