// Scripts written without spaces between words: their words are found by ICU's dictionaries.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// A word: letters, marks and digits, joined by inner apostrophes, hyphens or dots
// ("don't", "well-known", "3.14", "U.S.").
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’\-‐.][\p{L}\p{M}\p{N}]+)*/gu;

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Counts the words of a text in any script: runs of letters and digits for scripts that put
 * spaces between words, dictionary-based word boundaries for Chinese, Japanese, Thai and the
 * like. Used for originalWordCount and summaryWordCount.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!UNSPACED_SCRIPT.test(word)) {
      count++;
      continue;
    }
    for (const segment of wordSegmenter.segment(word)) if (segment.isWordLike) count++;
  }
  return count;
}

/**
 * The percent by which the summary is shorter than the original, in words:
 * round(100 × (1 − summaryWords / originalWords)), kept within 0..100 (0 for an empty original).
 */
export function compressionRatio(originalWords: number, summaryWords: number): number {
  if (!(originalWords > 0)) return 0;
  const ratio = Math.round(100 * (1 - summaryWords / originalWords));
  return Math.min(100, Math.max(0, ratio));
}
