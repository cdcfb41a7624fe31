import {
  SUMMARY_LANGUAGES,
  UNDETERMINED_LANGUAGE,
  englishLanguageName,
} from '../../domain/languages';
import type { SummarizeInput, SummaryResult } from '../summarizer';

/*
 * Summaries in another language than their document (issue 30, decision 0038). Gemini is told
 * the language to write in; the local summarizer cannot translate, so its summary is in the
 * document's language whatever was asked. A summary in another language shares few words with
 * its source, so its citations cannot be checked by shared words (gemini-answer.ts `supports`):
 * what can be checked across languages is checked (the sentence numbers' range, numbers, names
 * written alike), and a citation that neither shared words nor these confirm is kept, its entry
 * marked `checked: false`.
 */

/** Whether the summary is asked in another language than the document's (or one not known). */
export function isCrossLanguage(
  input: Pick<SummarizeInput, 'language' | 'sourceLanguage'>,
): boolean {
  return input.language !== undefined && input.language !== input.sourceLanguage;
}

/**
 * The language a summary of `input` is written in: the one asked when Gemini wrote it, the
 * document's when the local summarizer did (`und` when not known).
 */
export function writtenLanguage(
  input: Pick<SummarizeInput, 'language' | 'sourceLanguage'>,
  byGemini: boolean,
): string {
  const own = input.sourceLanguage ?? UNDETERMINED_LANGUAGE;
  return byGemini ? (input.language ?? own) : own;
}

/** The result with the language it is written in (see {@link writtenLanguage}). */
export function withWrittenLanguage(
  result: SummaryResult,
  input: Pick<SummarizeInput, 'language' | 'sourceLanguage'>,
  byGemini: boolean,
): SummaryResult {
  const language = writtenLanguage(input, byGemini);
  if (!byGemini || !isCrossLanguage(input)) return { ...result, language };
  // Names are translated or transliterated across languages: only numbers can be checked.
  return { ...result, language, unverified: result.unverified.filter(hasDigit) };
}

function hasDigit(text: string): boolean {
  return /\p{Nd}/u.test(text);
}

/** Gemini's rule on the summary's language, for its system instruction. */
export function languageRule(input: Pick<SummarizeInput, 'language' | 'sourceLanguage'>): string {
  const code = input.language;
  if (code === undefined) return 'Write the summary in the language of the document.';
  const name = englishLanguageName(code) ?? code;
  if (code === input.sourceLanguage)
    return `Write the summary in ${name}, the language of the document.`;
  const own = SUMMARY_LANGUAGES.find((language) => language.code === code)?.name;
  return (
    `Write the summary in ${name}${own && own !== name ? ` (${own})` : ''}, whatever the ` +
    `language of the document: state in ${name} what the document says. Write numbers in ` +
    'digits as the document does, and keep its names (in the script of the summary where ' +
    'that differs).'
  );
}

/** A digit of any script as its value (the digits of a script are ten in a row). */
function digitValue(char: string): string {
  const code = char.codePointAt(0) as number;
  let zero = code;
  while (code - zero < 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return String(code - zero);
}

/** The numbers of a text in ASCII digits, group separators dropped (5,000 and 5.000 alike). */
export function numbersOf(text: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of text.matchAll(/\p{Nd}+(?:[.,'’\u00a0\u202f ]\p{Nd}+)*/gu)) {
    numbers.add(
      [...match[0]]
        .filter((char) => /\p{Nd}/u.test(char))
        .map(digitValue)
        .join(''),
    );
  }
  return numbers;
}

/** The names of a text: words of a cased script that begin with a capital letter. */
export function namesOf(text: string): Set<string> {
  return new Set(text.match(/\p{Lu}[\p{L}\p{M}]+/gu) ?? []);
}

/** A name matches when equal, or when one of at least four letters begins the other (Berlins). */
function sameName(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= 4 && longer.startsWith(shorter);
}

/**
 * Whether an output sentence and a cited source sentence in another language share what
 * survives translation: a number, or a name written alike.
 */
export function sharesAnchor(output: string, source: string): boolean {
  const sourceNumbers = numbersOf(source);
  for (const number of numbersOf(output)) if (sourceNumbers.has(number)) return true;
  const sourceNames = [...namesOf(source)];
  for (const name of namesOf(output)) {
    if (sourceNames.some((other) => sameName(name, other))) return true;
  }
  return false;
}
