import { describe, expect, it } from 'vitest';
import { summarizeLocally } from './local-summarizer';
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
