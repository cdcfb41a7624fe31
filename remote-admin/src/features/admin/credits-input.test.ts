import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDITS_TO_ADD, parseCreditsToAdd } from './credits-input';

describe('parseCreditsToAdd', () => {
  it('starts from 10 and accepts a positive whole number', () => {
    expect(parseCreditsToAdd(DEFAULT_CREDITS_TO_ADD)).toEqual({ credits: 10 });
    expect(parseCreditsToAdd(' 250 ')).toEqual({ credits: 250 });
  });

  it('sends an integer: decimals are cut', () => {
    expect(parseCreditsToAdd('12.7')).toEqual({ credits: 12 });
  });

  it.each(['', '   ', 'abc', '0', '-5', '0.5', '1e400', 'NaN'])('refuses %j', (value) => {
    expect(parseCreditsToAdd(value)).toEqual({ error: 'Please enter a valid positive number' });
  });
});
