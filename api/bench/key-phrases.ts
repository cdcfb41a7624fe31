/**
 * Key phrases measured as the data README says (issue 25): F1 at 10 on the Inspec abstracts,
 * the first ten key terms against the indexers' keys, both lower-cased and Porter-stemmed word
 * by word, a term counting when it equals a key exactly; precision over the terms given (at
 * most 10), recall over all keys; averaged over abstracts; the text scored without its title.
 * Beside the local summarizer's key terms: RAKE (`rake-modified`), `retext-keywords` (with
 * `retext-pos`), and plain TF-IDF n-grams over the same abstracts.
 */
import { createRequire } from 'node:module';
import { toString as nlcstToString } from 'nlcst-to-string';
import { retext } from 'retext';
import retextKeywords from 'retext-keywords';
import retextPos from 'retext-pos';
import { stemmer } from 'stemmer';

export interface Abstract {
  id: string;
  title: string;
  text: string;
  keys: string[];
}

type RakeScores = Record<string, number>;
type Rake = (text: string, stopWordsPath?: string) => RakeScores;

// rake-modified ships CommonJS with its algorithm as `default`.
const require = createRequire(import.meta.url);
const rake = (require('rake-modified') as { default: Rake }).default;

const LIMIT = 10;

/** A phrase as the scoring compares it: lower case, Porter stems, one space between words. */
export function stemPhrase(phrase: string): string {
  return phrase
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word.length > 0)
    .map((word) => stemmer(word))
    .join(' ');
}

/** Mean F1 at 10 of `extract` over the abstracts. */
export function f1At10(abstracts: Abstract[], extract: (text: string) => string[]): number {
  let total = 0;
  for (const abstract of abstracts) {
    const keys = new Set(abstract.keys.map(stemPhrase));
    const given: string[] = [];
    for (const term of extract(abstract.text)) {
      const stemmed = stemPhrase(term);
      if (stemmed.length > 0 && !given.includes(stemmed)) given.push(stemmed);
      if (given.length >= LIMIT) break;
    }
    const hits = given.filter((term) => keys.has(term)).length;
    const precision = given.length === 0 ? 0 : hits / given.length;
    const recall = keys.size === 0 ? 0 : hits / keys.size;
    total += precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  }
  return abstracts.length === 0 ? 0 : total / abstracts.length;
}

/** RAKE's phrases, best first (its own stop list). */
export function rakeTerms(text: string): string[] {
  return Object.keys(rake(text)).slice(0, LIMIT);
}

const keywordProcessor = retext().use(retextPos).use(retextKeywords, { maximum: LIMIT });

/** retext-keywords' key phrases, best first, then its keywords. */
export function retextTerms(text: string): string[] {
  const file = keywordProcessor.processSync(text);
  const phrases = (file.data.keyphrases ?? [])
    .slice()
    .sort((a, b) => b.weight - a.weight)
    .map((phrase) => nlcstToString(phrase.matches[0]?.nodes ?? []));
  const words = (file.data.keywords ?? [])
    .slice()
    .sort((a, b) => b.score - a.score)
    .map((keyword) => nlcstToString(keyword.matches[0]?.node ?? []));
  return [...phrases, ...words];
}

const TFIDF_STOP = new Set(
  (
    'a an the and or but of in on at to for from by with without into onto over under about ' +
    'as is are was were be been being this that these those it its we our they their which who ' +
    'whom whose what when where how than then also can could may might must shall should will ' +
    'would do does did has have had not no such using used use based paper present presents ' +
    'proposed propose show shows new two one three between within via both each other more most'
  ).split(' '),
);

/** TF-IDF of word n-grams (1 to 3 words, no stop word at either end) over the abstracts. */
export function tfidfExtractor(abstracts: Abstract[]): (text: string) => string[] {
  const grams = (text: string): string[] => {
    const words = text.toLowerCase().match(/[a-z][a-z0-9-]*/gu) ?? [];
    const out: string[] = [];
    for (let n = 1; n <= 3; n++) {
      for (let i = 0; i + n <= words.length; i++) {
        const gram = words.slice(i, i + n);
        if (TFIDF_STOP.has(gram[0] ?? '') || TFIDF_STOP.has(gram[n - 1] ?? '')) continue;
        if (gram.some((word) => TFIDF_STOP.has(word))) continue;
        out.push(gram.join(' '));
      }
    }
    return out;
  };
  const documentFrequency = new Map<string, number>();
  for (const abstract of abstracts) {
    for (const gram of new Set(grams(abstract.text))) {
      documentFrequency.set(gram, (documentFrequency.get(gram) ?? 0) + 1);
    }
  }
  const n = abstracts.length;
  return (text) => {
    const counts = new Map<string, number>();
    for (const gram of grams(text)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    return [...counts]
      .map(([gram, count]) => ({
        gram,
        score:
          count * Math.log(1 + n / (documentFrequency.get(gram) ?? 1)) * gram.split(' ').length,
      }))
      .sort((a, b) => b.score - a.score || a.gram.localeCompare(b.gram))
      .map((entry) => entry.gram)
      .slice(0, LIMIT);
  };
}
