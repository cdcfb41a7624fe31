import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDITS_TO_ADD, parseCreditsToAdd } from './credits-input';

describe('parseCreditsToAdd', () => {
  it('starts from 10 and accepts a positive whole number', () => {
    expect(parseCreditsToAdd(DEFAULT_CREDITS_TO_ADD)).toEqual({ credits: 10 });
    expect(parseCreditsToAdd(' 250 ')).toEqual({ credits: 250 });
  });

  it('refuses a fraction instead of cutting it (2.5 used to add 2)', () => {
    for (const value of ['2.5', '12.7', '1.000001']) {
      expect(parseCreditsToAdd(value)).toEqual({
        error: 'Credits must be a whole number, such as 2 or 3',
      });
    }
    expect(parseCreditsToAdd('3.0')).toEqual({ credits: 3 });
  });

  it.each(['', '   ', 'abc', '0', '-5', '0.5', '1e400', 'NaN'])('refuses %j', (value) => {
    expect(parseCreditsToAdd(value)).toEqual({ error: 'Please enter a valid positive number' });
  });
});
