import { describe, expect, it } from 'vitest';
import { extractTerms, normalizeTerm } from './text-terms';

describe('extractTerms', () => {
  it('keeps content words, lower-cased and lightly normalized, in order', () => {
    expect(extractTerms('The councils were running the budgets, and the bridge opened.')).toEqual([
      'council',
      'run',
      'budget',
      'bridg',
      'open',
    ]);
  });

  it('drops stop words of English, German, French and Spanish but keeps numbers', () => {
    expect(extractTerms('Der Hafen und die Stadt')).toEqual(['hafen', 'stadt']);
    expect(extractTerms('le plan de la ville')).toEqual(['plan', 'vill']);
    expect(extractTerms('It cost 48 million in 2027')).toEqual(['cost', '48', 'million', '2027']);
  });

  it('compares Chinese and Japanese on character bigrams', () => {
    expect(extractTerms('空气质量')).toEqual(['空气', '气质', '质量']);
    expect(extractTerms('新的iPhone手机')).toEqual(['新的', 'iphon', '手机']);
  });

  it('keeps letters of any script', () => {
    expect(extractTerms('Привет мир')).toEqual(['привет', 'мир']);
    expect(extractTerms('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
  });
});

describe('normalizeTerm', () => {
  it('folds plurals, -ing, -ed and possessives together', () => {
    expect(normalizeTerm('summaries')).toBe(normalizeTerm('summary'));
    expect(normalizeTerm('stopped')).toBe(normalizeTerm('stop'));
    expect(normalizeTerm('houses')).toBe(normalizeTerm('house'));
    expect(normalizeTerm("council's")).toBe('council');
    expect(normalizeTerm('glass')).toBe('glass');
    expect(normalizeTerm('bus')).toBe('bus');
  });
});
