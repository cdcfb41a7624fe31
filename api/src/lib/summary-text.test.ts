import { describe, expect, it } from 'vitest';
import {
  contentProblem,
  countCodePoints,
  customPromptProblem,
  hasInvalidCharacters,
} from './summary-text';

describe('countCodePoints', () => {
  it('counts as [...text].length does: an emoji once, a lone surrogate once', () => {
    for (const text of [
      '',
      'abc',
      '😀',
      'a😀b',
      '👩‍👩‍👧',
      '\ud800',
      'x\udc00y',
      '\ud800\ud800\udc00',
      'é',
    ]) {
      expect(countCodePoints(text)).toBe([...text].length);
    }
  });
});

describe('hasInvalidCharacters', () => {
  it('finds a NUL and lone surrogates, and accepts well-formed text of any script', () => {
    expect(hasInvalidCharacters('abc\u0000def')).toBe(true);
    expect(hasInvalidCharacters('abc\ud800')).toBe(true);
    expect(hasInvalidCharacters('\udc00abc')).toBe(true);
    expect(hasInvalidCharacters('\udc00\ud800')).toBe(true);
    expect(hasInvalidCharacters('plain, 日本語, emoji 😀, tab\tand newline\n')).toBe(false);
  });
});

describe('contentProblem', () => {
  it('uses the exact SPEC.md messages with a plain-integer count', () => {
    expect(contentProblem('a'.repeat(49))).toBe(
      'Content must be at least 50 characters (current: 49)',
    );
    expect(contentProblem('a'.repeat(50))).toBeNull();
    expect(contentProblem('a'.repeat(50_000))).toBeNull();
    expect(contentProblem('a'.repeat(50_001))).toBe(
      'Content exceeds maximum 50,000 characters (current: 50001)',
    );
    expect(contentProblem('')).toBe('Content must be at least 50 characters (current: 0)');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(contentProblem('😀'.repeat(49))).toBe(
      'Content must be at least 50 characters (current: 49)',
    );
    expect(contentProblem('😀'.repeat(50))).toBeNull();
    expect(contentProblem('😀'.repeat(50_000))).toBeNull();
    expect(contentProblem('😀'.repeat(50_001))).toBe(
      'Content exceeds maximum 50,000 characters (current: 50001)',
    );
  });

  it('refuses a NUL or a lone surrogate before counting', () => {
    expect(contentProblem(`${'a'.repeat(60)}\u0000`)).toBe('Content contains invalid characters');
    expect(contentProblem(`${'a'.repeat(60)}\ud83d`)).toBe('Content contains invalid characters');
  });
});

describe('customPromptProblem', () => {
  it('allows 500 characters and refuses 501', () => {
    expect(customPromptProblem('p'.repeat(500))).toBeNull();
    expect(customPromptProblem('😀'.repeat(500))).toBeNull();
    expect(customPromptProblem('p'.repeat(501))).toBe(
      'Custom prompt must be at most 500 characters',
    );
    expect(customPromptProblem('focus\u0000')).toBe('Custom prompt contains invalid characters');
  });
});
