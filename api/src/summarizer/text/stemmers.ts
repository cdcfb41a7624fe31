/*
 * Snowball stemmers per language (issue 30, decision 0037) from @orama/stemmers, loaded when a
 * document in that language is first read. A language without one (Chinese, Japanese, Korean,
 * Hindi, Persian, Polish, Czech …) gets none: its words are compared as written, lower-cased.
 */
import { createRequire } from 'node:module';

/** ISO 639-1 → the package's entry point. English is absent on purpose: see text-terms.ts. */
const SNOWBALL_ENTRIES: Readonly<Record<string, string>> = {
  ar: 'arabic',
  hy: 'armenian',
  bg: 'bulgarian',
  da: 'danish',
  nl: 'dutch',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
};

const requireStemmer = createRequire(import.meta.url);
const STEMMERS = new Map<string, ((word: string) => string) | null>();

/** The Snowball stemmer of a language (ISO 639-1), or null when the package has none. */
export function snowballStemmerOf(language: string): ((word: string) => string) | null {
  if (STEMMERS.has(language)) return STEMMERS.get(language) ?? null;
  const entry = Object.hasOwn(SNOWBALL_ENTRIES, language) ? SNOWBALL_ENTRIES[language] : undefined;
  const stemmer = entry
    ? (requireStemmer(`@orama/stemmers/${entry}`) as { stemmer: (word: string) => string }).stemmer
    : null;
  STEMMERS.set(language, stemmer);
  return stemmer;
}

/** Whether a language (ISO 639-1) has a Snowball stemmer here. */
export function hasSnowballStemmer(language: string): boolean {
  return Object.hasOwn(SNOWBALL_ENTRIES, language);
}
