import { describe, expect, it } from 'vitest';
import {
  ARABIC_TEXT,
  ENGLISH_ARTICLE,
  GERMAN_ARTICLE,
  JAPANESE_50,
  PERSIAN_TEXT,
  SPANISH_TEXT,
} from '../test/language-texts';
import { detectDocumentLanguages, detectTextLanguage, languagePieces } from './language-detection';

describe('detectDocumentLanguages', () => {
  it.each([
    ['de', GERMAN_ARTICLE],
    ['en', ENGLISH_ARTICLE],
    ['es', SPANISH_TEXT],
    ['fa', PERSIAN_TEXT],
    ['ar', ARABIC_TEXT],
    ['ja', JAPANESE_50],
  ])('tells %s', async (code, text) => {
    expect(await detectDocumentLanguages(text)).toEqual({
      sourceLanguage: code,
      secondSourceLanguage: null,
    });
  });

  it('answers und for text without letters: emoji, digits, punctuation', async () => {
    for (const text of ['😀'.repeat(60), '1234567890 '.repeat(6), '... --- !!! ???'.repeat(5)]) {
      expect(await detectDocumentLanguages(text)).toEqual({
        sourceLanguage: 'und',
        secondSourceLanguage: null,
      });
    }
    expect(await detectTextLanguage('😀'.repeat(60))).toBe('und');
  });

  it('names both languages of a document that mixes two in about equal parts, the larger first', async () => {
    const mixed = `${GERMAN_ARTICLE}\n\n${ENGLISH_ARTICLE}`;
    const detected = await detectDocumentLanguages(mixed);
    expect(new Set([detected.sourceLanguage, detected.secondSourceLanguage])).toEqual(
      new Set(['de', 'en']),
    );
    // More German than English: German wins, English is still close enough to be named.
    const moreGerman = `${GERMAN_ARTICLE}\n\n${ENGLISH_ARTICLE.split('\n\n').slice(0, 3).join('\n\n')}`;
    expect(await detectDocumentLanguages(moreGerman)).toEqual({
      sourceLanguage: 'de',
      secondSourceLanguage: 'en',
    });
  });

  it('names only the larger language when the other is a small part', async () => {
    const mostlyGerman = `${GERMAN_ARTICLE}\n\n${ENGLISH_ARTICLE.split('\n\n')[0] ?? ''}`;
    expect(await detectDocumentLanguages(mostlyGerman)).toEqual({
      sourceLanguage: 'de',
      secondSourceLanguage: null,
    });
  });

  it('tells Marathi from Hindi, which tinyld reads all Devanagari as', async () => {
    expect(
      await detectTextLanguage('मी घरी जात आहे आणि उद्या सकाळी परत येणार आहे, मला वेळ मिळाला तर.'),
    ).toBe('mr');
    expect(await detectTextLanguage('मैं घर जा रहा हूँ और कल सुबह वापस आऊँगा, यह मेरा काम है।')).toBe('hi');
  });

  it('passes over candidates without an ISO 639-1 code to the best one with a code', async () => {
    // tinyld's top candidate here is its Berber profile (a stray "IX").
    const spanish =
      'El Board para Servicios Educativos de Putnam/Northern Westchester según el título IX, ' +
      'Sección 504 del “Rehabilitation Act” del 1973, del Título VII y del Acta “American with ' +
      'Disabilities” no discrimina para la admisión a programas educativos por sexo, creencia, ' +
      'nacionalidad, origen, edad o discapacidad.';
    expect(await detectTextLanguage(spanish)).toBe('es');
  });

  it('leaves markup and character entities out', async () => {
    expect(
      await detectTextLanguage(
        '<bpt i="0" type="bold">&lt;b&gt;</bpt>J1.txt<ept i="1">&lt;/b&gt;</ept>',
      ),
    ).toBe('und');
    expect(languagePieces('<p class="lead">Der Hund läuft schnell über die Wiese.</p>')).toEqual([
      ' Der Hund läuft schnell über die Wiese. ',
    ]);
  });

  it('reads a long document in a bounded number of pieces, addresses left out', () => {
    const long = `${ENGLISH_ARTICLE}\n\n`.repeat(2_000);
    const pieces = languagePieces(long);
    expect(pieces.length).toBeLessThanOrEqual(8);
    expect(
      languagePieces('https://www.example.com/a/very/long/path, ana.maria@example.com'),
    ).toEqual([]);
  });
});
