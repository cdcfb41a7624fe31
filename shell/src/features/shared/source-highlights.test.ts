import { describe, expect, it } from 'vitest';
import { markIdOf, mergedSpans, originalParts, sourceMarkId } from './source-highlights';

describe('source highlights', () => {
  it('merges overlapping and touching spans and clips them to the text', () => {
    expect(
      mergedSpans(
        [
          { start: 10, end: 20 },
          { start: 0, end: 5 },
          { start: 15, end: 25 },
          { start: 25, end: 30 },
          { start: 40, end: 99 },
          { start: 7, end: 7 },
        ],
        50,
      ),
    ).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 30 },
      { start: 40, end: 50 },
    ]);
  });

  it('cuts the original into plain runs and marks, losing nothing', () => {
    const text = 'One. Two. Three.';
    const parts = originalParts(text, [{ start: 5, end: 9 }]);
    expect(parts).toEqual([
      { text: 'One. ', id: null },
      { text: 'Two.', id: sourceMarkId(5) },
      { text: ' Three.', id: null },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(originalParts(text, [])).toEqual([{ text, id: null }]);
  });

  it('links a sentence to the mark that holds its first source', () => {
    const merged = mergedSpans(
      [
        { start: 0, end: 10 },
        { start: 5, end: 20 },
      ],
      30,
    );
    expect(markIdOf([{ start: 5, end: 20 }], merged)).toBe(sourceMarkId(0));
    expect(markIdOf([], merged)).toBeNull();
  });
});
