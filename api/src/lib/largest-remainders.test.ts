import { describe, expect, it } from 'vitest';
import { largestRemainders } from './largest-remainders';

describe('largestRemainders', () => {
  it('rounds each share down, then gives what is left to the largest remainders', () => {
    expect(largestRemainders([1.5, 2.7, 0.8], 5)).toEqual([1, 3, 1]);
  });

  it('gives ties to the earlier index, and one at most each', () => {
    expect(largestRemainders([0.5, 0.5, 0.5], 2)).toEqual([1, 1, 0]);
    expect(largestRemainders([0.2, 0.2], 5)).toEqual([1, 1]);
  });

  it('shares nothing of nothing', () => {
    expect(largestRemainders([0, 0], 0)).toEqual([0, 0]);
    expect(largestRemainders([], 3)).toEqual([]);
  });
});
