import { describe, expect, it } from 'vitest';
import { compressionRatio, countWords } from './summary-metrics';

describe('countWords', () => {
  it('counts words of scripts with spaces, keeping contractions, hyphens and numbers whole', () => {
    expect(countWords('The quick brown fox jumps over the lazy dog.')).toBe(9);
    expect(countWords("Don't stop: a well-known 3.14 ratio, e-mail the U.S. team!")).toBe(10);
    expect(countWords('Grüße aus Köln, ça va très bien')).toBe(7);
    expect(countWords('Привет, как дела?')).toBe(3);
    expect(countWords('नमस्ते दुनिया')).toBe(2);
    expect(countWords('مرحبا بالعالم')).toBe(2);
  });

  it('counts dictionary words in Chinese, Japanese and Thai', () => {
    expect(countWords('我们今天去北京开会。')).toBe(5);
    expect(countWords('iPhone手机很好用')).toBeGreaterThanOrEqual(3);
    expect(countWords('これは日本語の文章です')).toBeGreaterThanOrEqual(4);
    expect(countWords('ภาษาไทยเป็นภาษาที่สวยงาม')).toBeGreaterThanOrEqual(4);
  });

  it('counts nothing in blank or symbol-only text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords('--- *** !!! 🙂')).toBe(0);
  });
});

describe('compressionRatio', () => {
  it('is the rounded percent by which the summary is shorter', () => {
    expect(compressionRatio(100, 25)).toBe(75);
    expect(compressionRatio(3, 1)).toBe(67);
    expect(compressionRatio(200, 1)).toBe(100);
    expect(compressionRatio(10, 10)).toBe(0);
  });

  it('stays within 0..100 and is 0 for an empty original', () => {
    expect(compressionRatio(10, 15)).toBe(0);
    expect(compressionRatio(10, 0)).toBe(100);
    expect(compressionRatio(0, 0)).toBe(0);
    expect(compressionRatio(0, 12)).toBe(0);
  });
});
