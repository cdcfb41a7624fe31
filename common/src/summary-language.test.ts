import { describe, expect, it } from 'vitest';
import { SUMMARY_LANGUAGES } from '../../api/src/domain/languages';
import {
  ENGLISH_LANGUAGE_NAMES,
  languageName,
  languagesLine,
  textDirection,
  textLanguageAttributes,
  untranslatedNote,
} from './summary-language';

describe('a summary’s languages in words', () => {
  it('names languages in English', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('fa')).toBe('Persian');
    expect(languageName('und')).toBeNull();
    expect(languageName(null)).toBeNull();
  });

  it('says `German → English`, or just `Spanish` when the same', () => {
    expect(languagesLine({ sourceLanguage: 'de', language: 'en' })).toBe('German → English');
    expect(languagesLine({ sourceLanguage: 'es', language: 'es' })).toBe('Spanish');
    expect(
      languagesLine({ sourceLanguage: 'de', secondSourceLanguage: 'en', language: 'fr' }),
    ).toBe('German and English → French');
    expect(languagesLine({ sourceLanguage: 'und', language: 'en' })).toBe('English');
    expect(languagesLine({ sourceLanguage: 'und', language: 'und' })).toBeNull();
    expect(languagesLine({})).toBeNull();
  });

  it('explains a summary left in the document’s language', () => {
    expect(
      untranslatedNote({ sourceLanguage: 'de', language: 'de', requestedLanguage: 'en' }),
    ).toBe("Written in German, the document's language: translating needs the AI service");
    expect(
      untranslatedNote({ sourceLanguage: 'de', language: 'en', requestedLanguage: 'en' }),
    ).toBeNull();
    expect(
      untranslatedNote({ sourceLanguage: 'de', language: 'de', requestedLanguage: null }),
    ).toBeNull();
    expect(
      untranslatedNote({ sourceLanguage: 'und', language: 'und', requestedLanguage: 'en' }),
    ).toBe("Written in the document's language: translating needs the AI service");
  });

  it('lays right-to-left scripts out right to left, and unknown text by its letters', () => {
    for (const code of ['ar', 'fa', 'ur', 'he']) expect(textDirection(code)).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(textDirection('und')).toBe('auto');
    expect(textLanguageAttributes('fa')).toEqual({ lang: 'fa', dir: 'rtl' });
    expect(textLanguageAttributes(undefined)).toEqual({ dir: 'auto' });
  });
});

describe('the English names of the offered languages', () => {
  it('are the API’s, for every language the Summary language list offers', () => {
    expect(ENGLISH_LANGUAGE_NAMES).toEqual(
      Object.fromEntries(SUMMARY_LANGUAGES.map(({ code, englishName }) => [code, englishName])),
    );
  });

  it('leave a detected language outside the list to ICU, and nothing else', () => {
    expect(languageName('eu')).toBe('Basque');
    expect(languageName('constructor')).toBeNull();
    expect(languageName('toString')).toBeNull();
  });
});
