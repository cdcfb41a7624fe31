/*
 * Stop words per language (issue 30, decision 0037) from stopwords-iso, the maintained
 * collection of 58 languages' lists. A language it lacks (Amharic, Kazakh, Burmese …) or `und`
 * gets no list of its own: the caller's generic list (English, which any document may quote)
 * is the documented fallback.
 */
import { createRequire } from 'node:module';

const requireData = createRequire(import.meta.url);
let lists: Readonly<Record<string, readonly string[]>> | null = null;
const SETS = new Map<string, ReadonlySet<string>>();
const EMPTY: ReadonlySet<string> = new Set();

/**
 * The stop words of a language (ISO 639-1), lower-case, from stopwords-iso; an empty set for a
 * language it lacks, for `und` and for undefined.
 */
export function stopWordsOf(language: string | undefined): ReadonlySet<string> {
  if (language === undefined || language === 'und') return EMPTY;
  let set = SETS.get(language);
  if (set) return set;
  lists ??= requireData('stopwords-iso') as Record<string, readonly string[]>;
  const list = Object.hasOwn(lists, language) ? lists[language] : undefined;
  set = list ? new Set(list.map((word) => word.toLowerCase())) : EMPTY;
  SETS.set(language, set);
  return set;
}
