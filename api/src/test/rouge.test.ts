import { describe, expect, it } from 'vitest';
import { lcsIndices, rougeN, rougeTokenize, scoreRouge, summaryLevelLcs } from './rouge';

// Expected values are those of Google's rouge-score (rouge_scorer_test.py) and of the ROUGE paper.
describe('rougeTokenize', () => {
  it('lower-cases, splits on anything outside [a-z0-9] and stems only tokens longer than 3 characters', () => {
    expect(rougeTokenize('The RUNNING dogs, ponies & caresses!')).toEqual([
      'the',
      'run',
      'dog',
      'poni',
      'caress',
    ]);
    expect(rougeTokenize('Cats was his')).toEqual(['cat', 'was', 'his']);
    expect(rougeTokenize("It's 3.14 o'clock -- über")).toEqual([
      'it',
      's',
      '3',
      '14',
      'o',
      'clock',
      'ber',
    ]);
  });

  it('uses the Porter stemmer', () => {
    const pairs: [string, string][] = [
      ['relational', 'relat'],
      ['conditional', 'condit'],
      ['generalization', 'gener'],
      ['happiness', 'happi'],
      ['hopeful', 'hope'],
      ['agreed', 'agre'],
      ['summaries', 'summari'],
    ];
    for (const [word, stem] of pairs) expect(rougeTokenize(word)).toEqual([stem]);
  });

  it('gives no tokens for text without letters or digits', () => {
    expect(rougeTokenize('— / !')).toEqual([]);
  });
});

describe('rougeN', () => {
  it('scores unigrams as rouge-score does', () => {
    const score = rougeN(rougeTokenize('testing one two'), rougeTokenize('testing'), 1);
    expect(score.precision).toBeCloseTo(1);
    expect(score.recall).toBeCloseTo(1 / 3);
    expect(score.f1).toBeCloseTo(1 / 2);
  });

  it('scores bigrams as rouge-score does', () => {
    const score = rougeN(rougeTokenize('testing one two'), rougeTokenize('testing one'), 2);
    expect(score.precision).toBeCloseTo(1);
    expect(score.recall).toBeCloseTo(1 / 2);
    expect(score.f1).toBeCloseTo(2 / 3);
  });

  it('clips repeated n-grams to their count in the target', () => {
    const score = rougeN(['a', 'b'], ['a', 'a', 'a', 'a'], 1);
    expect(score.precision).toBeCloseTo(1 / 4);
    expect(score.recall).toBeCloseTo(1 / 2);
  });

  it('is zero for an empty prediction', () => {
    expect(rougeN(rougeTokenize('testing one two'), [], 1)).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });
});

describe('LCS', () => {
  it('reads out the indices of one longest common subsequence', () => {
    expect(lcsIndices(['1', '2', '3', '4', '5'], ['2', '5', '3', '4'])).toEqual([1, 2, 3]);
    expect(lcsIndices(['1', '2', '3', '4', '5'], ['8', '9'])).toEqual([]);
  });

  it('computes summary-level LCS with the union of LCS hits (ROUGE paper, section 3.2)', () => {
    const score = summaryLevelLcs(
      [['1', '2', '3', '4', '5']],
      [
        ['1', '2', '6', '7', '8'],
        ['1', '3', '8', '9', '5'],
      ],
    );
    expect(score.recall).toBeCloseTo(0.8);
    expect(score.precision).toBeCloseTo(0.4);
    expect(score.f1).toBeCloseTo(0.5333, 3);
    expect(summaryLevelLcs([['reference']], [[]]).recall).toBe(0);
  });
});

describe('scoreRouge', () => {
  it('splits ROUGE-Lsum sentences on newlines', () => {
    const scores = scoreRouge('w1 w2 w3 w4 w5', 'w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5');
    expect(scores.rougeLsum.recall).toBeCloseTo(0.8);
    expect(scores.rougeLsum.precision).toBeCloseTo(0.4);
    expect(scores.rougeLsum.f1).toBeCloseTo(0.5333, 3);
  });

  it('is zero for empty or symbol-only predictions and references', () => {
    for (const [target, prediction] of [
      ['w1 w2 w3 w4 w5', ''],
      ['', 'w1'],
      ['w1 w2 w3 w4 w5', '/'],
    ] as const) {
      const scores = scoreRouge(target, prediction);
      expect(scores.rouge1.f1).toBe(0);
      expect(scores.rouge2.f1).toBe(0);
      expect(scores.rougeLsum.f1).toBe(0);
    }
  });

  it('gives a perfect score to an identical summary, stems included', () => {
    const scores = scoreRouge(
      'The cats were running.\nThey stopped.',
      'The cat was running.\nThey stopped.',
    );
    expect(scores.rouge1.f1).toBeCloseTo(5 / 6);
    const same = scoreRouge('The cats were running.', 'The cats were running.');
    expect(same.rouge1.f1).toBe(1);
    expect(same.rouge2.f1).toBe(1);
    expect(same.rougeLsum.f1).toBe(1);
  });
});
