/**
 * What an abstractive summary states that its source never does: numbers (decimals,
 * percentages, money, years), numeric dates and capitalised names. A model that writes
 * "$52 million" over a source that says 48, or names a minister the article never mentions,
 * has made something up; the screens flag these so the reader checks them.
 *
 * The rules, deliberately simple and lenient towards the summary (a flag should mean
 * something):
 *  - Numbers compare by value: thousands separators and currency signs are ignored ("1,000",
 *    "1000", "$1,000" are one number), "3.50" is "3.5", a European "3,5" is 3.5, "12%" and
 *    "12 percent" are 12, and a scale word counts both ways ("48 million" is found in a source
 *    saying 48 or 48,000,000), and a number the source spells out ("three", "third", up to
 *    "twenty", the tens, "dozen", "hundred") is found as digits. Digits glued to a word
 *    ("COVID-19", "GPT-4") belong to the name.
 *  - Numeric dates ("2024-03-05", "5/3/2024") must appear as written.
 *  - Names are runs of capitalised words (acronyms too), with "of", "de", "van" and the like
 *    inside ("Bank of England"). A run is found when the source has it (case-insensitive,
 *    any spacing), or has every capitalised word of it. A sentence's first word is ignored
 *    when it is an ordinary word that is capitalised only because it starts the sentence: a
 *    function word ("The", "In") before a name is dropped, and a lone capitalised opener
 *    ("Officials said …") is not taken for a name.
 *  - Any script (issue 30, decision 0037): digits of other scripts (Arabic-Indic "٤٨",
 *    Devanagari "४८", full-width "４８") are compared by value, a number glued to a word of a
 *    script written without spaces ("增长了48%") is a number, names are capitalised words of
 *    any cased script (Latin, Cyrillic, Greek, Armenian), and the summary's language adds its
 *    stop words to the ordinary sentence openers ("Die", "Лишь"). Scripts without capitals
 *    (Chinese, Arabic, Hindi …) mark no names, so only their numbers and dates are checked.
 * Each flagged item is listed once, as the summary writes it, in the summary's order.
 */
import { stopWordsOf } from '../text/stop-words';

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
};

// A number: optional currency, digits with thousands separators (comma, no-break spaces) or
// plain, an optional decimal part ("." and digits, or a European "," and one or two digits),
// then an optional percent and an optional scale word. Not glued to a word before it.
const NUMBER =
  /(?<![\p{N}_.,]|\p{L}-|(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])\p{L})((?:[$€£¥₹]|US\$|USD\s|EUR\s|GBP\s)\s?)?(\d{1,3}(?:[,\u00a0\u202f]\d{3})+|\d+)(\.\d+|,\d{1,2}(?!\d))?(\s?%|\s(?:percent|per cent)\b)?(?:\s?(thousand|million|billion|trillion|bn|mn|tn|k|m|b)\b)?/giu;
const DATE = /(?<![\p{L}\p{N}])\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?![\p{N}])/gu;
const DIGITS = /\d+(?:[,\u00a0\u202f]\d{3})*(?:[.,]\d+)?/gu;

// Lower-case words that may join the capitalised words of one name.
const NAME_JOINERS = new Set([
  'of',
  'the',
  'de',
  'da',
  'di',
  'del',
  'della',
  'der',
  'den',
  'van',
  'von',
  'la',
  'le',
  'du',
  'des',
  'bin',
  'al',
  'y',
]);

// Titles written with a full stop that a name follows ("Dr. Okafor").
const TITLES = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sen', 'rep', 'gen', 'sir']);

// Ordinary words that open sentences capitalised: never the start of a name.
const ORDINARY_OPENERS = new Set(
  (
    'a an the this that these those there here it its he she they we you i his her their our my ' +
    'your in on at of for from to by with after before during since until while when where ' +
    'why how what which who whom if as and but or so yet also then thus however although ' +
    'though because meanwhile moreover furthermore overall finally first second third last ' +
    'next today yesterday tomorrow according despite under over about across between among ' +
    'into through both each every all some many most more few no not one two three ' +
    'several other another such both its tl;dr'
  ).split(' '),
);

// A word that could be (part of) a name: starts with a capital, or is an acronym ("NASA").
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;

interface Found {
  text: string;
  start: number;
}

function numberValue(digits: string, decimals: string | undefined): number {
  const whole = digits.replace(/[,\u00a0\u202f]/gu, '');
  const fraction = decimals ? `.${decimals.slice(1)}` : '';
  return Number(`${whole}${fraction}`);
}

/** The values a number stands for: as written, and scaled when a scale word follows. */
function valuesOf(match: RegExpMatchArray): number[] {
  const value = numberValue(match[2] ?? '', match[3]);
  const scale = match[5] ? SCALES[match[5].toLowerCase()] : undefined;
  return scale === undefined ? [value] : [value, Math.round(value * scale * 1e6) / 1e6];
}

// Numbers a source may spell out that a summary may write in digits ("three" → 3).
const NUMBER_WORDS = new Map<string, number>(
  (
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen ' +
    'fifteen sixteen seventeen eighteen nineteen twenty'
  )
    .split(' ')
    .map((word, value) => [word, value] as const)
    .concat(
      'thirty forty fifty sixty seventy eighty ninety'
        .split(' ')
        .map((word, index) => [word, (index + 3) * 10] as const),
      'first second third fourth fifth sixth seventh eighth ninth tenth'
        .split(' ')
        .map((word, index) => [word, index + 1] as const),
      [
        ['dozen', 12],
        ['hundred', 100],
        ['thousand', 1000],
      ] as const,
    ),
);
const SPELLED_NUMBER = new RegExp(`\\b(?:${[...NUMBER_WORDS.keys()].join('|')})\\b`, 'giu');

/** Every value the source mentions, however it is written. */
function sourceNumbers(source: string): Set<number> {
  const values = new Set<number>();
  for (const match of source.matchAll(SPELLED_NUMBER)) {
    values.add(NUMBER_WORDS.get(match[0].toLowerCase()) as number);
  }
  for (const match of source.matchAll(NUMBER))
    for (const value of valuesOf(match)) values.add(value);
  // Digits inside words and codes ("COVID-19", "A4") count as mentioned too.
  for (const match of source.matchAll(DIGITS)) {
    const text = match[0];
    values.add(Number(text.replace(/[,\u00a0\u202f]/gu, '')));
    values.add(Number(text.replace(/[,\u00a0\u202f](?=\d{3}(?!\d))/gu, '').replace(',', '.')));
  }
  return values;
}

function normalizeSpaces(text: string): string {
  return text.replace(/\s+/gu, ' ').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Whether `phrase` occurs in `haystack` (lower case, spaces collapsed) as whole words. */
function hasPhrase(haystack: string, phrase: string): boolean {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(normalizeSpaces(phrase))}(?![\\p{L}\\p{N}])`,
    'u',
  );
  return pattern.test(haystack);
}

/** Offsets at which a sentence (or a bullet item) starts. */
function sentenceStarts(summary: string): Set<number> {
  const starts = new Set<number>();
  const opener = /(?:^|[.!?…:;]\s+|\n)\s*(?:[-*•]\s+)?["'“‘(«]*(?=[\p{L}\p{N}])/gu;
  for (const match of summary.matchAll(opener)) starts.add((match.index ?? 0) + match[0].length);
  return starts;
}

function namesIn(summary: string, openers: ReadonlySet<string>): Found[] {
  const starts = sentenceStarts(summary);
  const words = [...summary.matchAll(WORD)].map((match) => ({
    text: match[0],
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
  const names: Found[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i];
    if (!word || !CAPITALISED.test(word.text) || /^\p{N}/u.test(word.text)) {
      i++;
      continue;
    }
    // A run of capitalised words, joined by spaces and name joiners ("Bank of England").
    let last = i;
    let j = i + 1;
    while (j < words.length) {
      const gap = summary.slice((words[j - 1] as { end: number }).end, (words[j] as Found).start);
      const previous = (words[j - 1] as Found).text.toLowerCase();
      const joined =
        /^[ \u00a0]+$/u.test(gap) ||
        /^[ \u00a0]*&[ \u00a0]*$/u.test(gap) ||
        (/^\.[ \u00a0]+$/u.test(gap) && TITLES.has(previous));
      if (!joined) break;
      const candidate = words[j] as Found;
      if (CAPITALISED.test(candidate.text)) {
        last = j;
        j++;
      } else if (NAME_JOINERS.has(candidate.text.toLowerCase())) {
        j++;
      } else {
        break;
      }
    }
    let first = i;
    if (starts.has(word.start)) {
      const lower = word.text.toLowerCase();
      if (ORDINARY_OPENERS.has(lower) || openers.has(lower)) {
        first = i + 1;
        // Skip joiners left at the front ("The of …" cannot happen, but "In the Hague" can).
        while (first <= last && !CAPITALISED.test((words[first] as Found).text)) first++;
      } else if (last === i) {
        // A lone capitalised opener: an ordinary word as often as a name; not judged.
        first = last + 1;
      }
    }
    if (first <= last) {
      const from = (words[first] as Found).start;
      const to = (words[last] as { end: number }).end;
      // "Merkel's" is Merkel.
      const text = summary.slice(from, to).replace(/['’]s$/u, '');
      // Single capital letters ("I", "A") name nothing.
      if (text.length > 1) names.push({ text, start: from });
    }
    i = last + 1;
  }
  return names;
}

function nameFound(name: string, source: string, sourceWords: Set<string>): boolean {
  if (hasPhrase(source, name)) return true;
  const capitalised = name
    .split(/[\s\u00a0&]+/u)
    .filter((part) => CAPITALISED.test(part))
    .map((part) => part.toLowerCase().replace(/['’]s$/u, ''));
  return capitalised.length > 0 && capitalised.every((part) => sourceWords.has(part));
}

// The value of each decimal digit of the Basic Multilingual Plane, by code unit ('' for none).
const DECIMAL_DIGIT = /\p{Nd}/u;
const digitValues = new Map<number, string>();

/** The digit's value as an ASCII digit: decimal digits come in runs of ten from zero. */
function asciiDigit(code: number): string {
  let value = digitValues.get(code);
  if (value === undefined) {
    let steps = 0;
    while (steps < 9 && DECIMAL_DIGIT.test(String.fromCharCode(code - steps - 1))) steps++;
    value = String(steps);
    digitValues.set(code, value);
  }
  return value;
}

/**
 * The text with every decimal digit of another script written as an ASCII digit; of the same
 * length, so offsets into it are offsets into the text.
 */
function withAsciiDigits(text: string): string {
  // Only text with characters beyond ASCII can hold another script's digits.
  if (!/[^ -~\s]/u.test(text)) return text;
  let result = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 || code >= 0xd800 || !DECIMAL_DIGIT.test(text[i] as string)) continue;
    result += text.slice(copied, i) + asciiDigit(code);
    copied = i + 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

export interface UnverifiedOptions {
  /** The summary's language (ISO 639-1): its stop words open sentences without naming anyone. */
  language?: string | undefined;
}

/**
 * The numbers, numeric dates and capitalised names of `summary` that `source` never mentions,
 * once each, as the summary writes them, in its order. Pure and deterministic.
 */
export function findUnverified(
  written: string,
  writtenSource: string,
  options: UnverifiedOptions = {},
): string[] {
  const summary = withAsciiDigits(written);
  const source = withAsciiDigits(writtenSource);
  const normalizedSource = normalizeSpaces(source);
  const sourceWords = new Set(
    [...normalizedSource.matchAll(WORD)].map((match) => match[0].replace(/['’]s$/u, '')),
  );
  const numbers = sourceNumbers(source);
  const found: Found[] = [];

  const dateSpans: { start: number; end: number }[] = [];
  for (const match of summary.matchAll(DATE)) {
    const start = match.index ?? 0;
    dateSpans.push({ start, end: start + match[0].length });
    if (!normalizedSource.includes(match[0])) {
      found.push({ text: written.slice(start, start + match[0].length), start });
    }
  }
  for (const match of summary.matchAll(NUMBER)) {
    const start = match.index ?? 0;
    if (dateSpans.some((span) => start >= span.start && start < span.end)) continue;
    if (valuesOf(match).some((value) => numbers.has(value))) continue;
    found.push({ text: written.slice(start, start + match[0].length).trim(), start });
  }
  for (const name of namesIn(summary, stopWordsOf(options.language))) {
    if (!nameFound(name.text, normalizedSource, sourceWords)) found.push(name);
  }

  const seen = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start)
    .map((item) => item.text)
    .filter((text) => {
      const key = text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
