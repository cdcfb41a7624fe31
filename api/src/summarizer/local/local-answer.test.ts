import { describe, expect, it } from 'vitest';
import {
  NOT_IN_DOCUMENT,
  answerFromDocument,
  answerLocally,
  chooseAnswerSentences,
} from './local-answer';
import { LOCAL_SUMMARIZER_MODEL } from './local-summarizer';
import type { RetrievedSentence } from '../text/sentence-retrieval';

const REPORT = [
  'The harbour authority published its annual report on Monday.',
  'Cargo volumes rose by 12 percent to 48 million tonnes, the highest on record.',
  'Container traffic grew fastest, driven by new routes to West Africa.',
  'The authority plans to dredge the eastern channel next year.',
  'Dredging will cost about 30 million euros and take eight months.',
  'Local fishermen fear the dredging will disturb spawning grounds.',
].join(' ');

function found(score: number, coverage: number, index: number): RetrievedSentence {
  return { index, start: index * 10, end: index * 10 + 9, text: `s${index}`, score, coverage };
}

describe('answerFromDocument', () => {
  it('quotes the sentences that answer, in document order, each cited', () => {
    const answer = answerFromDocument(REPORT, 'How much will the dredging cost and how long?');
    expect(answer.answer).toContain(
      'Dredging will cost about 30 million euros and take eight months.',
    );
    for (const citation of answer.citations) {
      expect(answer.answer).toContain(REPORT.slice(citation.start, citation.end));
    }
    const starts = answer.citations.map((citation) => citation.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
    expect(answer.citations.length).toBeLessThanOrEqual(3);
  });

  it('says "The document does not say." with no citations when nothing answers', () => {
    expect(answerFromDocument(REPORT, 'Who won the football match in Madrid?')).toEqual({
      answer: NOT_IN_DOCUMENT,
      citations: [],
    });
    expect(answerFromDocument(REPORT, 'what is it?')).toEqual({
      answer: NOT_IN_DOCUMENT,
      citations: [],
    });
  });

  it('never writes a word that is not the document’s', () => {
    const answer = answerFromDocument(REPORT, 'Why are fishermen worried?');
    const quoted = answer.citations.map((citation) => REPORT.slice(citation.start, citation.end));
    expect(answer.answer).toBe(quoted.join(' '));
    expect(answer.answer).toContain('spawning grounds');
  });
});

describe('chooseAnswerSentences', () => {
  it('needs the best sentence to cover enough of the question', () => {
    expect(chooseAnswerSentences([found(5, 0.1, 0)])).toEqual([]);
    expect(chooseAnswerSentences([found(5, 0.5, 0)])).toHaveLength(1);
  });

  it('adds up to two companions scoring close enough to the best', () => {
    const chosen = chooseAnswerSentences([
      found(10, 0.6, 3),
      found(8, 0.5, 1),
      found(5, 0.4, 7),
      found(3.9, 0.4, 2),
    ]);
    expect(chosen.map((sentence) => sentence.index)).toEqual([3, 1, 7]);
    expect(
      chooseAnswerSentences([found(10, 0.6, 3), found(3, 0.5, 1)]).map((s) => s.index),
    ).toEqual([3]);
  });
});

describe('answerLocally', () => {
  it('is a Quick answer of the local summarizer with nothing unverified', () => {
    expect(
      answerLocally({ text: REPORT, question: 'What happened to cargo volumes?' }),
    ).toMatchObject({
      answer: 'Cargo volumes rose by 12 percent to 48 million tonnes, the highest on record.',
      unverified: [],
      model: LOCAL_SUMMARIZER_MODEL,
      isFallback: true,
      fallbackReason: null,
    });
  });
});
