import { describe, expect, it } from 'vitest';
import { configLanguages, englishLanguageName, isSummaryLanguage } from './languages';

describe('the summary languages', () => {
  it('lists at least 20 languages by their own names, right-to-left ones among them', () => {
    const languages = configLanguages();
    expect(languages.length).toBeGreaterThanOrEqual(20);
    expect(languages).toEqual(
      expect.arrayContaining([
        { code: 'de', name: 'Deutsch' },
        { code: 'es', name: 'Español' },
        { code: 'fr', name: 'Français' },
        { code: 'ja', name: '日本語' },
        { code: 'ar', name: 'العربية' },
        { code: 'fa', name: 'فارسی' },
        { code: 'ur', name: 'اردو' },
        { code: 'he', name: 'עברית' },
      ]),
    );
    expect(new Set(languages.map((language) => language.code)).size).toBe(languages.length);
    for (const { code } of languages) expect(code).toMatch(/^[a-z]{2}$/u);
  });

  it('covers the 22 languages of the sentence-boundary exemplars', () => {
    for (const code of 'en da ru es it de hy kk fr ja mr sk bg nl zh am my el hi fa pl ur'.split(
      ' ',
    )) {
      expect(isSummaryLanguage(code), code).toBe(true);
    }
    expect(isSummaryLanguage('xx')).toBe(false);
    expect(isSummaryLanguage('zz-ZZ')).toBe(false);
  });

  it('names languages in English, listed or not, and none for und', () => {
    expect(englishLanguageName('de')).toBe('German');
    expect(englishLanguageName('sw')).toBe('Swahili');
    expect(englishLanguageName('und')).toBeNull();
  });
});
