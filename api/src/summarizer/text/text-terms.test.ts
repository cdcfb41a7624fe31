import { describe, expect, it } from 'vitest';
import { REPORT_WITH_HEADINGS } from '../../test/summarizer-fixtures';
import { extractKeywords, extractTerms, normalizeTerm, tokenize } from './text-terms';

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

describe('tokenize', () => {
  it('gives each word its offsets, ranking terms and key', () => {
    const text = 'The well-known 🚲 café’s owner said: COVID-19 rules end.';
    const tokens = tokenize(text);
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual([
      'The',
      'well-known',
      'café',
      'owner',
      'said',
      'COVID-19',
      'rules',
      'end',
    ]);
    expect(tokens[1]?.terms).toEqual(['well', 'known']);
    expect(tokens[1]?.key).toBe('well-known');
    expect(tokens[0]?.terms).toEqual([]);
    expect(tokens[0]?.content).toBe(false);
    expect(tokens[5]?.content).toBe(true);
  });

  it('gives the same terms as extractTerms', () => {
    const text = 'Die Stadt Hamburg hat am Montag einen neuen Plan für den Hafen vorgestellt.';
    expect(tokenize(text).flatMap((token) => token.terms)).toEqual(extractTerms(text));
  });
});

describe('extractKeywords', () => {
  const GEMINI =
    'Google released Gemini, a family of multimodal models, in December. Gemini was trained on text, images and audio at the same time. Each Gemini model is a neural network with billions of parameters. Researchers compared the neural networks of Gemini with other models on reasoning tasks. The neural network of the largest model did better than earlier models on most tasks, while smaller Gemini models run on phones.';
  const REPORT =
    '# Harbour bridge: progress report\n\nThe harbour bridge will open in 2027. Work on the harbour bridge started in 2024 and is on schedule. The steel deck of the bridge arrived by ship in March. Loss scaling is unrelated. The city pays 48 million euros, and the state pays the rest.\n\n```\nconst bridge = build();\n```\n\nFrom: Ann Lee\nSent: Monday\n\nThe deck was lifted into place in April, and the harbour bridge now spans the river.';
  const texts = [GEMINI, REPORT, REPORT_WITH_HEADINGS];

  /** A keyword's words as the extractor compares them. */
  const wordsOf = (keyword: string): string[] =>
    keyword
      .toLowerCase()
      .split(/\s+/u)
      .map((word) => normalizeTerm(word));

  it('names the key terms as they are written, names and phrases included', () => {
    const keywords = extractKeywords(GEMINI);
    expect(keywords.slice(0, 3)).toEqual(['Gemini', 'models', 'neural network']);
    expect(keywords).not.toContain('network');
    expect(keywords).not.toContain('neural networks');
    expect(extractKeywords(REPORT)[0]).toBe('harbour bridge');
  });

  it.each(texts.map((text, index) => [index, text] as const))(
    'gives up to 10 terms of text %i, each found in it, without stop words, numbers or duplicates',
    (_, text) => {
      const keywords = extractKeywords(text);
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.length).toBeLessThanOrEqual(10);
      for (const keyword of keywords) {
        expect(text.toLowerCase()).toContain(keyword.toLowerCase());
        expect(keyword).toBe(keyword.trim());
        expect(keyword).not.toMatch(/^[\d\s.,-]+$/u);
        const words = keyword.toLowerCase().split(/\s+/u);
        expect(extractTerms(words[0] ?? '')).not.toEqual([]);
        expect(extractTerms(words.at(-1) ?? '')).not.toEqual([]);
      }
      keywords.forEach((keyword, i) => {
        keywords.forEach((other, j) => {
          if (i === j) return;
          const [a, b] = [wordsOf(keyword), wordsOf(other)];
          const inside =
            a.length <= b.length && b.some((_, at) => a.every((word, k) => b[at + k] === word));
          expect(inside, `"${keyword}" repeats "${other}"`).toBe(false);
        });
      });
    },
  );

  it('leaves code and e-mail headers out, and counts headings more', () => {
    const keywords = extractKeywords(REPORT);
    expect(keywords).not.toContain('const');
    expect(keywords).not.toContain('build');
    expect(keywords).not.toContain('Ann Lee');
    expect(keywords).toContain('progress report');
  });

  it('finds key terms in scripts written without spaces', () => {
    const text =
      '北京市政府周二宣布了一项新的空气质量改善计划。市政府表示，改善空气质量是市民最关心的问题之一。此外，空气质量计划还包括在城市周边种植一百万棵树。';
    const keywords = extractKeywords(text);
    expect(keywords).toContain('空气');
    for (const keyword of keywords) expect(text).toContain(keyword);
  });

  it('is deterministic, takes the tokens it is given, and copes with text without terms', () => {
    const tokens = tokenize(REPORT_WITH_HEADINGS);
    expect(extractKeywords(REPORT_WITH_HEADINGS, { tokens })).toEqual(
      extractKeywords(REPORT_WITH_HEADINGS),
    );
    expect(extractKeywords(GEMINI, { limit: 3 })).toEqual(extractKeywords(GEMINI).slice(0, 3));
    expect(extractKeywords('')).toEqual([]);
    expect(extractKeywords('1234 5678. 2024!')).toEqual([]);
    expect(extractKeywords('The and of it.')).toEqual([]);
  });
});

describe('terms per language', () => {
  it('stems with the language’s Snowball stemmer and drops its stop words', () => {
    expect(extractTerms('Die Häuser des Hauses wurden gebaut', 'de')).toEqual([
      'haus',
      'haus',
      'gebaut',
    ]);
    expect(extractTerms('Los niños compraron casas nuevas', 'es')).toEqual(['niñ', 'compr', 'cas']);
    expect(extractTerms('Мы купили новые книги', 'ru')).toEqual(['куп', 'нов', 'книг']);
  });

  it('keeps the generic profile for English, und, a missing language and one without lists', () => {
    const text = 'The councils approved the new bridges';
    expect(extractTerms(text, 'en')).toEqual(extractTerms(text));
    expect(extractTerms(text, 'und')).toEqual(extractTerms(text));
    // Amharic has neither a stopwords-iso list nor a Snowball stemmer: words as written.
    expect(extractTerms('ሰላም ነው ዛሬ', 'am')).toEqual(extractTerms('ሰላም ነው ዛሬ'));
  });

  it('finds key terms of a German text across inflections', () => {
    const keywords = extractKeywords(
      'Die Stadtverwaltung plant neue Radwege. Die Radwege sollen die Innenstadt entlasten. ' +
        'Der Stadtrat stimmt über den Radweg ab.',
      { language: 'de' },
    );
    expect(keywords[0]).toBe('Radwege');
    expect(keywords.some((keyword) => /^(?:die|der|den)$/iu.test(keyword))).toBe(false);
  });
});
