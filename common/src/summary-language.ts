/*
 * How the screens speak of a summary's languages (issue 30, decision 0038): the interface stays
 * in English, so languages are named in English (ICU's names, Intl.DisplayNames); text in a
 * right-to-left script is laid out right to left.
 */

/** The code of a document whose language could not be told. */
export const UNDETERMINED_LANGUAGE = 'und';

/** The value of the Summary language choice that asks for the document's own language. */
export const SAME_AS_DOCUMENT = 'auto';
export const SAME_AS_DOCUMENT_LABEL = 'Same as the document';

/** What a sentence whose sources could not be checked says of itself (API.md `checked: false`). */
export const UNCHECKED_SOURCES_LABEL = 'Sources not checked across languages';

/**
 * The English names of the languages the Summary language list offers (the API's
 * SUMMARY_LANGUAGES; a test keeps the two the same). Named from this table, a page of cards
 * needs no Intl.DisplayNames: building one loads ICU's names, about 90 ms of a phone's main
 * thread on /history (Lighthouse's 4× CPU), when the first card is drawn.
 */
export const ENGLISH_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  id: 'Indonesian',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  hu: 'Hungarian',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  sk: 'Slovak',
  fi: 'Finnish',
  sv: 'Swedish',
  vi: 'Vietnamese',
  tr: 'Turkish',
  el: 'Greek',
  bg: 'Bulgarian',
  kk: 'Kazakh',
  ru: 'Russian',
  uk: 'Ukrainian',
  hy: 'Armenian',
  he: 'Hebrew',
  ur: 'Urdu',
  ar: 'Arabic',
  fa: 'Persian',
  am: 'Amharic',
  mr: 'Marathi',
  hi: 'Hindi',
  bn: 'Bengali',
  th: 'Thai',
  my: 'Burmese',
  ko: 'Korean',
  zh: 'Chinese',
  ja: 'Japanese',
};

let englishNames: Intl.DisplayNames | null | undefined;

/**
 * A language's name in English (`German`): the table's, else ICU's (a detected language outside
 * the list), or null for `und` or a code ICU does not know.
 */
export function languageName(code: string | null | undefined): string | null {
  if (!code || code === UNDETERMINED_LANGUAGE) return null;
  if (Object.hasOwn(ENGLISH_LANGUAGE_NAMES, code)) return ENGLISH_LANGUAGE_NAMES[code] ?? null;
  if (englishNames === undefined) {
    try {
      englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    } catch {
      englishNames = null;
    }
  }
  try {
    return englishNames?.of(code) ?? null;
  } catch {
    return null;
  }
}

/** The languages written right to left that Brevity names (Arabic, Persian, Urdu, Hebrew…). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'ur', 'he', 'yi', 'ps', 'sd', 'ug', 'ku', 'dv']);

/**
 * The `dir` of text in `code`: `rtl` or `ltr` when the language says, `auto` (the browser reads
 * the text's first strong letter) when it is unknown.
 */
export function textDirection(code: string | null | undefined): 'ltr' | 'rtl' | 'auto' {
  if (!code || code === UNDETERMINED_LANGUAGE) return 'auto';
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}

/** The `lang` and `dir` attributes of text in `code` (no `lang` when it is unknown). */
export function textLanguageAttributes(code: string | null | undefined): {
  lang?: string;
  dir: 'ltr' | 'rtl' | 'auto';
} {
  const dir = textDirection(code);
  return code && code !== UNDETERMINED_LANGUAGE ? { lang: code, dir } : { dir };
}

/** A summary's languages as its cards read them (every field may be absent: an older API). */
export interface SummaryLanguages {
  sourceLanguage?: string | null | undefined;
  secondSourceLanguage?: string | null | undefined;
  language?: string | null | undefined;
  requestedLanguage?: string | null | undefined;
}

/**
 * The card's line: `German → English`, or just `Spanish` when the summary is in the document's
 * language; a document of two languages is `German and English`. Null when nothing is known.
 */
export function languagesLine(summary: SummaryLanguages): string | null {
  const source = languageName(summary.sourceLanguage);
  const second = languageName(summary.secondSourceLanguage);
  const written = languageName(summary.language);
  const document = source && second ? `${source} and ${second}` : source;
  if (!document) return written;
  if (!written || summary.language === summary.sourceLanguage) return document;
  return `${document} → ${written}`;
}

/**
 * What the card says when another language was asked and the summary is in the document's
 * (the local summarizer cannot translate): `Written in German, the document's language:
 * translating needs the AI service`. Null otherwise.
 */
export function untranslatedNote(summary: SummaryLanguages): string | null {
  const asked = summary.requestedLanguage;
  if (!asked || !summary.language || asked === summary.language) return null;
  if (summary.language !== summary.sourceLanguage) return null;
  const written = languageName(summary.language);
  return written
    ? `Written in ${written}, the document's language: translating needs the AI service`
    : "Written in the document's language: translating needs the AI service";
}
