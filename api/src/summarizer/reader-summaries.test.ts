import { describe, expect, it } from 'vitest';
import {
  createLocalSummarizer,
  summarizeLocally,
  summarizeWithPrompt,
} from './local/local-summarizer';
import type { SummaryFormat, SummaryLength } from './summarizer';
import {
  MEETING_MINUTES,
  STRUCTURED_ABSTRACT,
  STRUCTURED_ABSTRACT_RESULT,
  TRANSIT_DISTRICTS,
  TRANSIT_REPORT,
} from '../test/reader-documents';

/** Summaries a reader would write of the documents they bring (issue 25). */
function summarize(
  text: string,
  length: SummaryLength = 'medium',
  format: SummaryFormat = 'paragraph',
  customPrompt: string | null = null,
): ReturnType<typeof summarizeLocally> {
  return summarizeLocally({ text, customPrompt, length, format });
}

function sentencesOf(
  text: string,
  length: SummaryLength,
  format: SummaryFormat = 'paragraph',
): string[] {
  return summarize(text, length, format).sourceMap.map((entry) => entry.text);
}

const CONCLUSION =
  /^Conclusions: A tablet-guided home balance programme reduced the rate of falls/u;

describe('a structured abstract: findings first', () => {
  it('gives its result or conclusion as the TL;DR and the short summary, never its background', () => {
    for (const [length, format] of [
      ['medium', 'tldr'],
      ['short', 'paragraph'],
    ] as const) {
      const [only, ...rest] = sentencesOf(STRUCTURED_ABSTRACT, length, format);
      expect(rest).toEqual([]);
      expect(only === `Results: ${STRUCTURED_ABSTRACT_RESULT}` || CONCLUSION.test(only ?? '')).toBe(
        true,
      );
    }
  });

  it('gives results and conclusions at medium, and the methods only at long', () => {
    const medium = sentencesOf(STRUCTURED_ABSTRACT, 'medium');
    expect(medium).toContain(`Results: ${STRUCTURED_ABSTRACT_RESULT}`);
    expect(medium.some((sentence) => CONCLUSION.test(sentence))).toBe(true);
    const methods = [
      'Methods: We conducted a pragmatic randomized controlled trial',
      'A total of 1,214 participants',
      'The primary outcome was the rate of falls',
    ];
    const isMethod = (sentence: string): boolean =>
      methods.some((start) => sentence.startsWith(start));
    for (const length of ['short', 'medium'] as const) {
      expect(sentencesOf(STRUCTURED_ABSTRACT, length).filter(isMethod)).toEqual([]);
    }
    expect(
      sentencesOf(STRUCTURED_ABSTRACT, 'medium').some((s) => s.startsWith('Background:')),
    ).toBe(false);
  });

  it('shows the labels as such in bullets, one labelled item each', () => {
    const { summary } = summarize(STRUCTURED_ABSTRACT, 'medium', 'bullets');
    const lines = summary.split('\n');
    expect(lines).toContain(`- Results: ${STRUCTURED_ABSTRACT_RESULT}`);
    expect(lines.some((line) => /^- Conclusions: /u.test(line))).toBe(true);
    for (const line of lines) expect(line.slice(2)).not.toMatch(/\. (?:Results|Conclusions):/u);
  });
});

describe('a report with ten parallel sections under numbered headings', () => {
  const districtsIn = (length: SummaryLength): string[] => {
    const sentences = sentencesOf(TRANSIT_REPORT, length);
    return TRANSIT_DISTRICTS.filter((name) =>
      sentences.some((sentence) => sentence.includes(name)),
    );
  };

  it('draws on at least half of its sections at medium', () => {
    expect(districtsIn('medium').length).toBeGreaterThanOrEqual(5);
  });

  it('names every district at long', () => {
    expect(districtsIn('long')).toEqual(TRANSIT_DISTRICTS);
  });

  it('never gives a heading as a sentence, nor the same boilerplate twice', () => {
    for (const length of ['short', 'medium', 'long'] as const) {
      const sentences = sentencesOf(TRANSIT_REPORT, length);
      for (const sentence of sentences) {
        expect(TRANSIT_DISTRICTS).not.toContain(sentence);
        expect(sentence).not.toBe('Recommendations');
      }
      const boilerplate = sentences.filter((sentence) => sentence.startsWith('Weekday trips'));
      expect(boilerplate.length).toBeLessThanOrEqual(1);
    }
  });

  it("prefers each district's own facts to the sentence every section repeats", () => {
    const sentences = sentencesOf(TRANSIT_REPORT, 'medium');
    expect(sentences.filter((sentence) => sentence.startsWith('Weekday trips'))).toEqual([]);
  });
});

describe('minutes with their front matter', () => {
  const FRONT = [
    /^Date:/u,
    /^Present:/u,
    /^Apologies:/u,
    /^In attendance:/u,
    /^Minutes taken by:/u,
    /approved as a correct record/u,
    /no other business/u,
    /meeting closed at/u,
  ];

  it('never picks the attendees, apologies, date or minute-taker, at any length', () => {
    for (const length of ['short', 'medium', 'long'] as const) {
      for (const format of ['paragraph', 'bullets'] as const) {
        for (const sentence of sentencesOf(MEETING_MINUTES, length, format)) {
          for (const pattern of FRONT) expect(sentence).not.toMatch(pattern);
        }
      }
    }
  });

  it('puts the decisions first', () => {
    const [tldr] = sentencesOf(MEETING_MINUTES, 'medium', 'tldr');
    expect(tldr).toMatch(/^The committee (?:decided|agreed|resolved)/u);
    for (const sentence of sentencesOf(MEETING_MINUTES, 'medium')) {
      expect(sentence).toMatch(/^(?:The committee (?:decided|agreed|resolved)|Action:)/u);
    }
  });

  it('takes no key term from the front matter', () => {
    const { keywords } = summarize(MEETING_MINUTES);
    for (const term of ['Cllr', 'David Okoro', 'Sarah Lin', 'Democratic Services', 'Joanna Reid']) {
      expect(keywords).not.toContain(term);
    }
  });
});

describe('custom prompts: applied where choosing sentences can, declined in words where not', () => {
  const applied = (text: string, prompt: string, length: SummaryLength = 'medium') =>
    summarizeWithPrompt({ text, customPrompt: prompt, length, format: 'paragraph' });

  it('says null without a prompt', () => {
    expect(
      summarizeWithPrompt({
        text: STRUCTURED_ABSTRACT,
        customPrompt: null,
        length: 'medium',
        format: 'paragraph',
      }).promptApplied,
    ).toBeNull();
    expect(
      summarizeWithPrompt({
        text: STRUCTURED_ABSTRACT,
        customPrompt: '  ',
        length: 'medium',
        format: 'paragraph',
      }).promptApplied,
    ).toBeNull();
  });

  it('focuses on terms the text has', () => {
    const result = applied(TRANSIT_REPORT, 'Focus on the electric buses');
    expect(result.promptApplied).toBe(true);
    const sentences = result.sourceMap.map((entry) => entry.text);
    expect(
      sentences.filter((sentence) => /electric/u.test(sentence)).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('leaves out a part, or keeps only one', () => {
    const withoutMethods = applied(STRUCTURED_ABSTRACT, 'Leave out the methods', 'long');
    expect(withoutMethods.promptApplied).toBe(true);
    for (const entry of withoutMethods.sourceMap) {
      expect(entry.text).not.toMatch(/^(?:Methods:|A total of 1,214|The primary outcome)/u);
    }
    const onlyResults = applied(STRUCTURED_ABSTRACT, 'Only the results', 'long');
    expect(onlyResults.promptApplied).toBe(true);
    expect(onlyResults.sourceMap[0]?.text).toBe(`Results: ${STRUCTURED_ABSTRACT_RESULT}`);
    for (const entry of onlyResults.sourceMap)
      expect(entry.text).not.toMatch(/^(?:Background|Objective|Methods|Conclusions):/u);
    const minutes = applied(MEETING_MINUTES, 'Skip the dog exercise areas', 'long');
    expect(minutes.promptApplied).toBe(true);
    expect(minutes.summary).not.toMatch(/dog/u);
  });

  it('keeps only sentences with figures for "only the numbers"', () => {
    const result = applied(MEETING_MINUTES, 'Only the numbers please');
    expect(result.promptApplied).toBe(true);
    expect(result.sourceMap.length).toBeGreaterThan(0);
    for (const entry of result.sourceMap) {
      expect(entry.text).toMatch(/\d|\b(?:one|two|three|four|five|ten|percent)\b/u);
    }
    expect(result.summary).not.toMatch(/Members discussed fencing/u);
  });

  it('picks shorter, plainer sentences "for a child"', () => {
    const words = (result: { sourceMap: { text: string }[] }): number =>
      result.sourceMap.reduce((total, entry) => total + entry.text.split(/\s+/u).length, 0) /
      Math.max(1, result.sourceMap.length);
    const plain = summarize(TRANSIT_REPORT, 'medium');
    const child = applied(TRANSIT_REPORT, 'Explain it for a child');
    expect(child.promptApplied).toBe(true);
    expect(words(child)).toBeLessThan(words(plain));
  });

  it('says false for what choosing sentences cannot do, or a topic the text never mentions', () => {
    for (const prompt of [
      'Translate it into French',
      'Rewrite it as a poem',
      'Make the tone more formal',
    ]) {
      const result = applied(STRUCTURED_ABSTRACT, prompt);
      expect(result.promptApplied).toBe(false);
      // …and still gives the summary it can.
      expect(result.summary).toBe(summarize(STRUCTURED_ABSTRACT, 'medium').summary);
    }
    expect(applied(STRUCTURED_ABSTRACT, 'Focus on the funding').promptApplied).toBe(false);
    expect(applied(STRUCTURED_ABSTRACT, 'Only the recommendations section').promptApplied).toBe(
      false,
    );
  });

  it('reports it from the summarizer, beside isFallback', async () => {
    const local = createLocalSummarizer();
    const input = { text: STRUCTURED_ABSTRACT, length: 'medium', format: 'paragraph' } as const;
    expect(
      (await local.summarize({ ...input, customPrompt: 'Translate it into French' })).promptApplied,
    ).toBe(false);
    expect(
      (await local.summarize({ ...input, customPrompt: 'in 2 sentences' })).promptApplied,
    ).toBe(true);
    expect((await local.summarize({ ...input, customPrompt: null })).promptApplied).toBeNull();
  });
});

describe('key terms a person would tag', () => {
  const TRANSIT_NEWS = `Route planners attribute the late buses on the river line to roadworks on Bridge Street. The transit agency started publishing real-time arrival data for every stop in May, and riders can now see arrival data on the agency's app. New ticket machines at the central station ended up costing twice the planned budget. The city council voted on Tuesday to keep the scheduled 40-minute express service to the airport. Council members said the express service to the airport carries more riders than any other route. The agency expects arrival data for trams by the end of the year.`;

  it('gives noun phrases, never ending in a verb, a preposition or a number', () => {
    const { keywords } = summarize(TRANSIT_NEWS);
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.length).toBeLessThanOrEqual(10);
    expect(keywords).toContain('arrival data');
    expect(keywords).toContain('transit agency');
    for (const keyword of keywords) {
      expect(keyword).not.toMatch(
        /\b(?:attribute|voted|costing|started|publishing|expects|said|carries|to|on|of|for|\d[\d-]*|forty)$/iu,
      );
      expect(keyword).not.toMatch(/^(?:publishing|costing)\b/iu);
    }
  });

  it('takes the phrases of a short abstract said only once', () => {
    const { keywords } = summarize(STRUCTURED_ABSTRACT);
    expect(keywords).toEqual(expect.arrayContaining(['older adults', 'usual care']));
    expect(
      keywords.some((keyword) => keyword.split(' ').length >= 2 && /balance/u.test(keyword)),
    ).toBe(true);
  });
});
