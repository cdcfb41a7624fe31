import { describe, expect, it } from 'vitest';
import { sentenceRoles } from './document-roles';
import { segmentSentences } from '../text/sentence-segmenter';

function roleOf(sentence: string): string | null {
  const text = `Minutes of the Parks Committee\n\nPresent: Cllr Duarte, Cllr Hughes\n\n${sentence}\n\nThe committee decided to renew the leases of the four gardens.`;
  const segmented = segmentSentences(text);
  const index = segmented.findIndex((unit) => unit.text === sentence);
  expect(index).toBeGreaterThanOrEqual(0);
  return sentenceRoles(segmented)[index] ?? null;
}

describe('sentenceRoles', () => {
  // The procedure of a meeting is tested only where " as a" stands (issue 25, speed): the
  // pre-test must let through every case the case-insensitive expression matches.
  it.each([
    'The minutes of the last meeting were approved as a correct record.',
    'The minutes of the last meeting were APPROVED AS A TRUE RECORD.',
    'The minutes of the last meeting were Signed As An Accurate Record.',
    'The minutes of the last meeting were confirmed aſ a true record.',
  ])('takes the approval of the last minutes as front matter: %s', (sentence) => {
    expect(roleOf(sentence)).toBe('front-matter');
  });

  it.each([
    'The minutes of the last meeting were approved as the record of the day.',
    'The minutes were approved, as a record shows.',
  ])('leaves other sentences about approval alone: %s', (sentence) => {
    expect(roleOf(sentence)).not.toBe('front-matter');
  });
});
