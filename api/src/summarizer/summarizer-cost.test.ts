import { afterEach, describe, expect, it, vi } from 'vitest';
import { summarizeLocally } from './local/local-summarizer';
import { segmentSentences } from './text/sentence-segmenter';
import { MEETING_MINUTES, TRANSIT_REPORT } from '../test/reader-documents';

/**
 * Issue 25 (speed, same outputs): work the summary used to do twice, or on every sentence, is
 * counted through the regular expressions it runs. The outputs themselves are checked by the
 * other tests and by bench/summarizer-outputs.ts.
 */
function countTests(sourcePart: string, run: () => void): number {
  const original = RegExp.prototype.test;
  let calls = 0;
  const spy = vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (
    this: RegExp,
    input: string,
  ) {
    if (this.source.includes(sourcePart)) calls++;
    return original.call(this, input);
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return calls;
}

const summarize = (text: string): void => {
  summarizeLocally({ text, customPrompt: null, length: 'medium', format: 'paragraph' });
};

describe('the local summarizer’s cost', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('finds the roles of the sentences once for the summary and the key terms', () => {
    const units = segmentSentences(TRANSIT_REPORT).filter(
      (sentence) => !['heading', 'code', 'table'].includes(sentence.kind),
    ).length;
    // FRONT_LINE is read once per sentence by the roles (and once per heading).
    const calls = countTests('all rights reserved', () => summarize(TRANSIT_REPORT));
    expect(calls).toBeGreaterThanOrEqual(units);
    // Twice (about 2 × units) when the key terms found them again.
    expect(calls).toBeLessThan(1.5 * units);
  });

  it('tests for the procedure of a meeting only where " as a" stands', () => {
    const withoutIt = TRANSIT_REPORT.replace(/ as an? /giu, ' like a ');
    expect(countTests('true|correct|accurate', () => summarize(withoutIt))).toBe(0);
    // The minutes have two ("approved as a correct record", "the park as a dedicated dog
    // exercise area"), each read once, by the roles.
    const withIt = segmentSentences(MEETING_MINUTES).filter(
      (sentence) => sentence.kind !== 'heading' && sentence.text.includes(' as a'),
    ).length;
    expect(withIt).toBe(2);
    expect(countTests('true|correct|accurate', () => summarize(MEETING_MINUTES))).toBe(withIt);
  });
});
