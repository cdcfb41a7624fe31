import { stemmer } from 'stemmer';

/**
 * ROUGE-1, ROUGE-2 and ROUGE-Lsum the way Google's `rouge-score` package computes them with
 * `use_stemmer=True`, so benchmark numbers compare with published figures. Used by the
 * benchmark (api/bench) only; the summarizer itself never scores against references.
 */
export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

export interface RougeScores {
  rouge1: RougeScore;
  rouge2: RougeScore;
  rougeLsum: RougeScore;
}

const ZERO: RougeScore = { precision: 0, recall: 0, f1: 0 };

/**
 * rouge-score's tokenizer: lower-case, every run of characters outside [a-z0-9] becomes a
 * space, and tokens longer than 3 characters are Porter-stemmed.
 */
export function rougeTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((token) => token.length > 0)
    .map((token) => (token.length > 3 ? stemmer(token) : token))
    .filter((token) => /^[a-z0-9]+$/.test(token));
}

function score(overlap: number, predictionCount: number, targetCount: number): RougeScore {
  const precision = overlap / Math.max(predictionCount, 1);
  const recall = overlap / Math.max(targetCount, 1);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function countNgrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const ngram = tokens.slice(i, i + n).join(' ');
    counts.set(ngram, (counts.get(ngram) ?? 0) + 1);
  }
  return counts;
}

/** ROUGE-N on already tokenized text (clipped n-gram counts). */
export function rougeN(
  target: readonly string[],
  prediction: readonly string[],
  n: number,
): RougeScore {
  const targetNgrams = countNgrams(target, n);
  const predictionNgrams = countNgrams(prediction, n);
  let overlap = 0;
  for (const [ngram, count] of targetNgrams) {
    overlap += Math.min(count, predictionNgrams.get(ngram) ?? 0);
  }
  const sum = (counts: Map<string, number>): number =>
    [...counts.values()].reduce((total, count) => total + count, 0);
  return score(overlap, sum(predictionNgrams), sum(targetNgrams));
}

/** Indices into `reference` of one longest common subsequence, read out as rouge-score does. */
export function lcsIndices(reference: readonly string[], candidate: readonly string[]): number[] {
  const rows = reference.length;
  const cols = candidate.length;
  const table = new Uint32Array((rows + 1) * (cols + 1));
  const at = (i: number, j: number): number => table[i * (cols + 1) + j] ?? 0;
  for (let i = 1; i <= rows; i++) {
    for (let j = 1; j <= cols; j++) {
      table[i * (cols + 1) + j] =
        reference[i - 1] === candidate[j - 1]
          ? at(i - 1, j - 1) + 1
          : Math.max(at(i - 1, j), at(i, j - 1));
    }
  }
  const indices: number[] = [];
  let i = rows;
  let j = cols;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      indices.push(i - 1);
      i--;
      j--;
    } else if (at(i, j - 1) > at(i - 1, j)) {
      j--;
    } else {
      i--;
    }
  }
  return indices.reverse();
}

/**
 * Summary-level LCS (ROUGE-Lsum): for each reference sentence, the union of its LCS with every
 * candidate sentence, with token counts capped so no token is counted twice.
 */
export function summaryLevelLcs(
  referenceSentences: readonly (readonly string[])[],
  candidateSentences: readonly (readonly string[])[],
): RougeScore {
  const referenceLength = referenceSentences.reduce((total, s) => total + s.length, 0);
  const candidateLength = candidateSentences.reduce((total, s) => total + s.length, 0);
  if (referenceLength === 0 || candidateLength === 0) return ZERO;

  const countTokens = (sentences: readonly (readonly string[])[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const sentence of sentences) {
      for (const token of sentence) counts.set(token, (counts.get(token) ?? 0) + 1);
    }
    return counts;
  };
  const referenceCounts = countTokens(referenceSentences);
  const candidateCounts = countTokens(candidateSentences);

  let hits = 0;
  for (const reference of referenceSentences) {
    const union = new Set<number>();
    for (const candidate of candidateSentences) {
      for (const index of lcsIndices(reference, candidate)) union.add(index);
    }
    for (const index of [...union].sort((a, b) => a - b)) {
      const token = reference[index] as string;
      const inCandidate = candidateCounts.get(token) ?? 0;
      const inReference = referenceCounts.get(token) ?? 0;
      if (inCandidate > 0 && inReference > 0) {
        hits++;
        candidateCounts.set(token, inCandidate - 1);
        referenceCounts.set(token, inReference - 1);
      }
    }
  }
  return score(hits, candidateLength, referenceLength);
}

function splitLines(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0);
}

/**
 * Scores `prediction` against `target`. For ROUGE-Lsum both texts must carry one sentence per
 * line, as rouge-score expects.
 */
export function scoreRouge(target: string, prediction: string): RougeScores {
  const targetTokens = rougeTokenize(target);
  const predictionTokens = rougeTokenize(prediction);
  return {
    rouge1: rougeN(targetTokens, predictionTokens, 1),
    rouge2: rougeN(targetTokens, predictionTokens, 2),
    rougeLsum: summaryLevelLcs(
      splitLines(target).map(rougeTokenize),
      splitLines(prediction).map(rougeTokenize),
    ),
  };
}
