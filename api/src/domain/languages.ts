/*
 * The languages a summary may be written in (API.md round 3: `language` on every route that
 * writes a summary, GET /api/config `languages`; decision 0038). Codes are ISO 639-1; `und`
 * (ISO 639-2's "undetermined") is a document whose language could not be told.
 */

/** One language a reader may ask a summary in: its code, its own name, and its English name. */
export interface SummaryLanguage {
  /** ISO 639-1. */
  code: string;
  /** The language's name in itself, as the Summary language list shows it. */
  name: string;
  /** Its name in English: the interface stays in English, and Gemini's rules are English. */
  englishName: string;
}

/** The code of a document whose language could not be told. */
export const UNDETERMINED_LANGUAGE = 'und';

/**
 * The languages a summary may be asked in, in the order the list shows them: Latin scripts
 * by their own names, then Greek, Cyrillic, Armenian, the right-to-left scripts, the scripts
 * of South Asia, and East Asia. Every language the detector names for the 22 languages of the
 * sentence-boundary exemplars is here, so a summary "in the document's language" can also be
 * asked for by name.
 */
export const SUMMARY_LANGUAGES: readonly SummaryLanguage[] = [
  { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian' },
  { code: 'cs', name: 'Čeština', englishName: 'Czech' },
  { code: 'da', name: 'Dansk', englishName: 'Danish' },
  { code: 'de', name: 'Deutsch', englishName: 'German' },
  { code: 'en', name: 'English', englishName: 'English' },
  { code: 'es', name: 'Español', englishName: 'Spanish' },
  { code: 'fr', name: 'Français', englishName: 'French' },
  { code: 'it', name: 'Italiano', englishName: 'Italian' },
  { code: 'hu', name: 'Magyar', englishName: 'Hungarian' },
  { code: 'nl', name: 'Nederlands', englishName: 'Dutch' },
  { code: 'no', name: 'Norsk', englishName: 'Norwegian' },
  { code: 'pl', name: 'Polski', englishName: 'Polish' },
  { code: 'pt', name: 'Português', englishName: 'Portuguese' },
  { code: 'ro', name: 'Română', englishName: 'Romanian' },
  { code: 'sk', name: 'Slovenčina', englishName: 'Slovak' },
  { code: 'fi', name: 'Suomi', englishName: 'Finnish' },
  { code: 'sv', name: 'Svenska', englishName: 'Swedish' },
  { code: 'vi', name: 'Tiếng Việt', englishName: 'Vietnamese' },
  { code: 'tr', name: 'Türkçe', englishName: 'Turkish' },
  { code: 'el', name: 'Ελληνικά', englishName: 'Greek' },
  { code: 'bg', name: 'Български', englishName: 'Bulgarian' },
  { code: 'kk', name: 'Қазақ тілі', englishName: 'Kazakh' },
  { code: 'ru', name: 'Русский', englishName: 'Russian' },
  { code: 'uk', name: 'Українська', englishName: 'Ukrainian' },
  { code: 'hy', name: 'Հայերեն', englishName: 'Armenian' },
  { code: 'he', name: 'עברית', englishName: 'Hebrew' },
  { code: 'ur', name: 'اردو', englishName: 'Urdu' },
  { code: 'ar', name: 'العربية', englishName: 'Arabic' },
  { code: 'fa', name: 'فارسی', englishName: 'Persian' },
  { code: 'am', name: 'አማርኛ', englishName: 'Amharic' },
  { code: 'mr', name: 'मराठी', englishName: 'Marathi' },
  { code: 'hi', name: 'हिन्दी', englishName: 'Hindi' },
  { code: 'bn', name: 'বাংলা', englishName: 'Bengali' },
  { code: 'th', name: 'ไทย', englishName: 'Thai' },
  { code: 'my', name: 'မြန်မာ', englishName: 'Burmese' },
  { code: 'ko', name: '한국어', englishName: 'Korean' },
  { code: 'zh', name: '中文', englishName: 'Chinese' },
  { code: 'ja', name: '日本語', englishName: 'Japanese' },
];

const BY_CODE = new Map(SUMMARY_LANGUAGES.map((language) => [language.code, language]));

/** The codes a request's `language` may name, in list order. */
export const SUMMARY_LANGUAGE_CODES: readonly string[] = SUMMARY_LANGUAGES.map(
  (language) => language.code,
);

/** Whether `code` is one of {@link SUMMARY_LANGUAGES}. */
export function isSummaryLanguage(code: string): boolean {
  return BY_CODE.has(code);
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A language's name in English: the list's, else ICU's (a detected language outside the
 * list), else null (`und`, or a code ICU does not know).
 */
export function englishLanguageName(code: string): string | null {
  if (code === UNDETERMINED_LANGUAGE) return null;
  const listed = BY_CODE.get(code);
  if (listed) return listed.englishName;
  try {
    return englishNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** GET /api/config `languages`: every language by its own name. */
export function configLanguages(): { code: string; name: string }[] {
  return SUMMARY_LANGUAGES.map(({ code, name }) => ({ code, name }));
}
