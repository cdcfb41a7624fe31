import { describe, expect, it } from 'vitest';
import { checkAnswer } from './gemini-answer';
import {
  isCrossLanguage,
  languageRule,
  namesOf,
  numbersOf,
  sharesAnchor,
  withWrittenLanguage,
} from './cross-language';
import { numberSentences } from '../text/sentence-segmenter';
import type { SummaryResult } from '../summarizer';

describe('what survives translation', () => {
  it('reads numbers in any script, group separators dropped', () => {
    expect(numbersOf('5,000 Bäume, 5.000 arbres, ٣٤ مدرسة, ۱۲۰ پارک, २०२६')).toEqual(
      new Set(['5000', '34', '120', '2026']),
    );
  });

  it('reads names as capitalised words of cased scripts', () => {
    expect(namesOf('Martin Horn sagte in Freiburg, Москва и Berlin.')).toEqual(
      new Set(['Martin', 'Horn', 'Freiburg', 'Москва', 'Berlin']),
    );
  });

  it('matches a shared number or a name, inflected or not', () => {
    expect(
      sharesAnchor('40 new trams by 2030', 'Bis zum Jahr 2030 sollen 40 neue Bahnen fahren.'),
    ).toBe(true);
    expect(sharesAnchor('Berlin’s mayor spoke.', 'Der Bürgermeister Berlins sprach.')).toBe(true);
    expect(
      sharesAnchor('Critics want more for cycling.', 'Kritiker fordern mehr für Radwege.'),
    ).toBe(false);
  });
});

describe('the language of a summary', () => {
  const result: SummaryResult = {
    summary: 'x',
    sourceMap: [],
    keywords: [],
    unverified: ['Munich', '250'],
    model: 'm',
    isFallback: false,
    fallbackReason: null,
    processingTimeMs: 1,
  };

  it('is the one asked when Gemini wrote it, the document’s when the local summarizer did', () => {
    const input = { sourceLanguage: 'de', language: 'en' };
    expect(isCrossLanguage(input)).toBe(true);
    expect(isCrossLanguage({ sourceLanguage: 'de', language: 'de' })).toBe(false);
    expect(isCrossLanguage({ sourceLanguage: 'de' })).toBe(false);
    expect(withWrittenLanguage(result, input, true)).toMatchObject({
      language: 'en',
      // Names are translated across languages: only numbers are held against the source.
      unverified: ['250'],
    });
    expect(withWrittenLanguage(result, input, false)).toMatchObject({
      language: 'de',
      unverified: ['Munich', '250'],
    });
    expect(withWrittenLanguage(result, {}, false).language).toBe('und');
  });

  it('is named to Gemini in English and by its own name', () => {
    expect(languageRule({ sourceLanguage: 'de' })).toBe(
      'Write the summary in the language of the document.',
    );
    expect(languageRule({ sourceLanguage: 'de', language: 'de' })).toBe(
      'Write the summary in German, the language of the document.',
    );
    expect(languageRule({ sourceLanguage: 'de', language: 'fa' })).toMatch(
      /^Write the summary in Persian \(فارسی\), whatever the language of the document/u,
    );
  });
});

describe('checkAnswer across languages', () => {
  const units = numberSentences(
    'Die Stadt Freiburg hat einen Plan vorgestellt. Bis 2030 fahren 40 neue Bahnen. Kritiker fordern mehr Radwege.',
  );

  it('keeps citations shared words cannot check, marks them, and still drops numbers out of range', () => {
    const items = [
      { text: 'Freiburg presented a plan.', sources: [1] },
      { text: 'Forty new trams by 2030.', sources: [2] },
      { text: 'Critics want more cycle paths.', sources: [3, 7] },
    ];
    const across = checkAnswer(items, units, 'bullets', { crossLanguage: true });
    expect(across.sourceMap.map((entry) => [entry.sources.length, entry.checked])).toEqual([
      [1, undefined],
      [1, undefined],
      [1, false],
    ]);
    expect(across.dropped.outOfRange).toBe(1);
    // In one language, the same unsupported citation is dropped, as before.
    const same = checkAnswer(items, units, 'bullets');
    expect(same.sourceMap[2]).toEqual({ text: 'Critics want more cycle paths.', sources: [] });
  });
});
