/**
 * Sentence boundaries measured as issue 30 asks (decision 0037): the 429 exemplars of
 * `sentence_golden_rules.jsonl.gz` in 22 languages, per language and overall, passed by
 * Brevity's splitter (given each exemplar's language) beside ICU's `Intl.Segmenter` in the same
 * run, then the splitter's time on 500,000 characters of news. An exemplar passes when the
 * pieces are exactly its sentences (see src/test/golden-rules.ts for the comparison).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { segmentSentences } from '../src/summarizer/text/sentence-segmenter';
import {
  GOLDEN_RULES_FILE,
  brevityPieces,
  icuPieces,
  loadGoldenRules,
  scoreByLanguage,
} from '../src/test/golden-rules';

const TIMING_RUNS = 11;

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** The fastest of several runs, in milliseconds. */
function fastest(run: () => void): number {
  run();
  let best = Infinity;
  for (let i = 0; i < TIMING_RUNS; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Brevity's pieces as `brevityPieces` cuts them, but without the length cap. */
function uncappedPieces(text: string, language: string): string[] {
  let previousEnd = 0;
  return segmentSentences(text, {
    language,
    maxSentenceWords: Number.MAX_SAFE_INTEGER,
    maxSentenceChars: Number.MAX_SAFE_INTEGER,
  }).map((unit) => {
    const piece = text.slice(previousEnd, unit.end).replace(/\s+/gu, ' ').trim();
    previousEnd = unit.end;
    return piece;
  });
}

/** Prints the figures; skips with a line when the exemplars are absent. */
export function printSentenceBoundaries(directory: string): void {
  const rules = loadGoldenRules(directory);
  if (!rules) {
    console.info(`Sentence boundaries skipped: ${join(directory, GOLDEN_RULES_FILE)} not found.`);
    return;
  }
  const brevity = scoreByLanguage(rules, (rule) => brevityPieces(rule.text, rule.lang));
  const generic = scoreByLanguage(rules, (rule) => brevityPieces(rule.text, 'und'));
  // The boundaries alone: without the cap that cuts a sentence of more than 60 words (or 300
  // characters) into chunks for the summarizers, which no other segmenter applies.
  const uncapped = scoreByLanguage(rules, (rule) => uncappedPieces(rule.text, rule.lang));
  const icu = scoreByLanguage(rules, (rule) => icuPieces(rule.text, rule.lang));
  console.info(
    `sentence boundaries, ${rules.length} golden-rule exemplars: exactly right (Brevity with the ` +
      'language / Brevity generic rules / Intl.Segmenter / Brevity with the language, no length cap)',
  );
  const total = (scores: typeof brevity): number =>
    scores.reduce((sum, score) => sum + score.passed, 0);
  brevity.forEach((score, index) => {
    const cells = [brevity, generic, icu, uncapped].map((scores) => {
      const passed = scores[index]?.passed ?? 0;
      return `${String(passed).padStart(3)}/${score.total} ${percent(passed, score.total).padStart(7)}`;
    });
    console.info(`  ${score.lang.padEnd(3)} ${cells.join('   ')}`);
  });
  const overall = [brevity, generic, icu, uncapped].map(
    (scores) => `${total(scores)}/${rules.length} ${percent(total(scores), rules.length)}`,
  );
  console.info(`  all ${overall.join('   ')}`);

  const news = join(directory, 'cnndm_test_frank250.jsonl.gz');
  let text = '';
  for (const line of gunzipSync(readFileSync(news)).toString('utf8').split('\n')) {
    if (text.length >= 500_000 || line.trim().length === 0) continue;
    text += `${(JSON.parse(line) as { article: string }).article}\n\n`;
  }
  text = text.slice(0, 500_000);
  const english = fastest(() => segmentSentences(text, { language: 'en' }));
  const undetermined = fastest(() => segmentSentences(text, { language: 'und' }));
  console.info(
    `  splitting ${text.length.toLocaleString('en')} characters of news, fastest of ${TIMING_RUNS}: ` +
      `${english.toFixed(1)} ms as English, ${undetermined.toFixed(1)} ms with the generic rules`,
  );
}
