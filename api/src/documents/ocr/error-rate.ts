/**
 * How far recognised text is from the truth, scored as the evaluation data's README says
 * (shared/data, "Scanned pages"): both texts with whitespace collapsed to single spaces, case
 * and punctuation counting; the Levenshtein distance divided by the length of the truth, in
 * characters (CER) and in space-separated words (WER).
 */

export interface ErrorRates {
  cer: number;
  wer: number;
}

export function errorRates(recognised: string, truth: string): ErrorRates {
  const ours = collapseWhitespace(recognised);
  const theirs = collapseWhitespace(truth);
  const truthChars = Array.from(theirs);
  const truthWords = theirs === '' ? [] : theirs.split(' ');
  return {
    cer: levenshtein(Array.from(ours), truthChars) / Math.max(1, truthChars.length),
    wer:
      levenshtein(ours === '' ? [] : ours.split(' '), truthWords) / Math.max(1, truthWords.length),
  };
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Edit distance (insertions, deletions, substitutions) between two sequences, in two rows. */
function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1).map((_, index) => index);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
