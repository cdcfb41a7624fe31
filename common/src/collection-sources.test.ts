import { describe, expect, it } from 'vitest';
import {
  collectionDocuments,
  documentHeadings,
  documentsLabel,
  documentsOfSpans,
  documentsPhrase,
  withDocumentHeadings,
} from './collection-sources';
import { segmentText } from './source-map';

const TEXT = '# River\n\nWater rose.\n\n# School\n\nPupils learn. Teachers train.';
const SOURCES = [
  { summaryId: 'a', title: 'River', start: 9, end: 20 },
  { summaryId: 'b', title: 'School', start: 32, end: 61 },
];

describe('a collection on the screens', () => {
  it('keeps two or more well-formed documents, in order', () => {
    expect(collectionDocuments([...SOURCES].reverse(), TEXT.length)).toEqual(SOURCES);
    expect(collectionDocuments([SOURCES[0] as never], TEXT.length)).toEqual([]);
    expect(
      collectionDocuments(
        [...SOURCES, { summaryId: 'c', title: 'X', start: 60, end: 99 }],
        TEXT.length,
      ),
    ).toEqual(SOURCES);
    expect(collectionDocuments(null, 10)).toEqual([]);
  });

  it('names the documents a sentence draws on', () => {
    expect(TEXT.slice(9, 20)).toBe('Water rose.');
    const numbers = documentsOfSpans(
      [
        { start: 32, end: 45 },
        { start: 9, end: 20 },
      ],
      SOURCES,
    );
    expect(numbers).toEqual([1, 2]);
    expect(documentsLabel(numbers)).toBe('[1, 2]');
    expect(documentsLabel([2])).toBe('[2]');
    expect(documentsLabel([])).toBe('');
    expect(documentsPhrase([2])).toBe('document 2');
    expect(documentsPhrase([1, 2, 3])).toBe('documents 1, 2 and 3');
    // A title line is in no document.
    expect(documentsOfSpans([{ start: 0, end: 7 }], SOURCES)).toEqual([]);
  });

  it('replaces each title line by its heading and keeps the marks of the text', () => {
    const segments = segmentText(TEXT, {
      used: [{ start: 9, end: 20 }],
      active: [{ start: 32, end: 45 }],
      keyword: [],
    });
    const shown = withDocumentHeadings(segments, documentHeadings(SOURCES));
    expect(shown.map((segment) => segment.heading?.title ?? segment.text)).toEqual([
      'River',
      'Water rose.',
      'School',
      'Pupils learn.',
      ' Teachers train.',
    ]);
    expect(shown.map((segment) => [segment.used, segment.active])).toEqual([
      [false, false],
      [true, false],
      [false, false],
      [false, true],
      [false, false],
    ]);
    expect(withDocumentHeadings(segments, [])).toEqual(segments);
  });
});
