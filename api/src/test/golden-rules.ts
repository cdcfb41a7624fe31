/**
 * The sentence-boundary exemplars of `../shared/data/sentence_golden_rules.jsonl.gz` (pySBD's
 * Golden Rule Set and language tests, 429 in 22 languages), and how a segmenter is scored on
 * them: an exemplar passes when the pieces it is cut into are exactly its `sentences`, each
 * compared with its whitespace collapsed and trimmed (a line break inside a sentence is no
 * boundary error). Read by the unit test and the benchmark; the data never enters the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { segmentSentences } from '../summarizer/text/sentence-segmenter';

export interface GoldenRule {
  lang: string;
  set: string;
  text: string;
  sentences: string[];
}

export const GOLDEN_RULES_FILE = 'sentence_golden_rules.jsonl.gz';

/** `<repository>/../shared/data`, where the evaluation data lives beside the checkout. */
export const SHARED_DATA_DIRECTORY = resolve(import.meta.dirname, '../../../../shared/data');

/** The exemplars, or null when the file is absent from `directory`. */
export function loadGoldenRules(directory: string = SHARED_DATA_DIRECTORY): GoldenRule[] | null {
  const path = join(directory, GOLDEN_RULES_FILE);
  if (!existsSync(path)) return null;
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as GoldenRule);
}

const collapse = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/**
 * The pieces Brevity's splitter cuts a text into: from one unit's end to the next one's, so a
 * list item's marker ("1.", "•"), which the unit's own text leaves out, stays with its item.
 */
export function brevityPieces(text: string, language: string | undefined): string[] {
  let previousEnd = 0;
  return segmentSentences(text, { language }).map((unit) => {
    const piece = collapse(text.slice(previousEnd, unit.end));
    previousEnd = unit.end;
    return piece;
  });
}

/** The pieces ICU's sentence segmenter (`Intl.Segmenter`) cuts a text into, blank ones dropped. */
export function icuPieces(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language === 'und' ? undefined : language, {
    granularity: 'sentence',
  });
  return [...segmenter.segment(text)]
    .map((segment) => collapse(segment.segment))
    .filter((piece) => piece.length > 0);
}

/** Whether the pieces are exactly the exemplar's sentences. */
export function passes(rule: GoldenRule, pieces: readonly string[]): boolean {
  const expected = rule.sentences.map(collapse).filter((sentence) => sentence.length > 0);
  return (
    expected.length === pieces.length && expected.every((sentence, i) => sentence === pieces[i])
  );
}

export interface LanguageScore {
  lang: string;
  passed: number;
  total: number;
}

/** Exemplars passed per language (most exemplars first) under a segmenter. */
export function scoreByLanguage(
  rules: readonly GoldenRule[],
  split: (rule: GoldenRule) => string[],
): LanguageScore[] {
  const scores = new Map<string, LanguageScore>();
  for (const rule of rules) {
    const score = scores.get(rule.lang) ?? { lang: rule.lang, passed: 0, total: 0 };
    score.total++;
    if (passes(rule, split(rule))) score.passed++;
    scores.set(rule.lang, score);
  }
  return [...scores.values()].sort((a, b) => b.total - a.total || a.lang.localeCompare(b.lang));
}
