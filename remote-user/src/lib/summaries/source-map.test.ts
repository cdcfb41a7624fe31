import { describe, expect, it } from 'vitest';
import {
  findTerm,
  pageLabel,
  pagesOfSpans,
  segmentText,
  splitFlagged,
  splitPages,
  summarySentences,
} from './source-map';

const ORIGINAL = 'Cats sleep a lot. Dogs bark at night. Birds sing at dawn.';

describe('summarySentences', () => {
  it('is null without a source map, so the screens show the text as before', () => {
    expect(summarySentences({ originalContent: ORIGINAL })).toBeNull();
    expect(summarySentences({ originalContent: ORIGINAL, sourceMap: [] })).toBeNull();
  });

  it('strips item markers, clamps and sorts the spans, and keeps unsupported sentences', () => {
    const sentences = summarySentences({
      originalContent: ORIGINAL,
      sourceMap: [
        {
          text: '- Birds and cats.',
          sources: [
            { start: 38, end: 57 },
            { start: 0, end: 17 },
          ],
        },
        { text: 'Nothing supports this.', sources: [] },
        { text: 'Past the end.', sources: [{ start: 50, end: 500 }], checked: false },
      ],
    });
    expect(sentences).toEqual([
      {
        index: 0,
        text: 'Birds and cats.',
        sources: [
          { start: 0, end: 17 },
          { start: 38, end: 57 },
        ],
        unchecked: false,
      },
      { index: 1, text: 'Nothing supports this.', sources: [], unchecked: false },
      // Its sources could not be checked across languages (API.md round 3 `checked: false`).
      {
        index: 2,
        text: 'Past the end.',
        sources: [{ start: 50, end: ORIGINAL.length }],
        unchecked: true,
      },
    ]);
  });
});

describe('findTerm', () => {
  it('finds every occurrence, case-insensitively', () => {
    expect(findTerm('At night, NIGHT owls hunt at night.', 'night')).toEqual([
      { start: 3, end: 8 },
      { start: 10, end: 15 },
      { start: 29, end: 34 },
    ]);
    expect(findTerm('anything', '  ')).toEqual([]);
  });
});

describe('segmentText', () => {
  it('cuts the text at every edge and says what each run belongs to', () => {
    const segments = segmentText(ORIGINAL, {
      used: [
        { start: 0, end: 17 },
        { start: 38, end: 57 },
      ],
      active: [{ start: 38, end: 57 }],
      keyword: [{ start: 0, end: 4 }],
    });
    expect(segments.map((segment) => segment.text).join('')).toBe(ORIGINAL);
    expect(
      segments.map(({ text, used, active, keyword }) => ({ text, used, active, keyword })),
    ).toEqual([
      { text: 'Cats', used: true, active: false, keyword: true },
      { text: ' sleep a lot.', used: true, active: false, keyword: false },
      { text: ' Dogs bark at night. ', used: false, active: false, keyword: false },
      { text: 'Birds sing at dawn.', used: true, active: true, keyword: false },
    ]);
  });
});

describe('splitFlagged', () => {
  it('marks each unverified term in a sentence', () => {
    expect(splitFlagged('In 2031 Paris grew by 4%.', ['2031', '4%'])).toEqual([
      { text: 'In ', flagged: false },
      { text: '2031', flagged: true },
      { text: ' Paris grew by ', flagged: false },
      { text: '4%', flagged: true },
      { text: '.', flagged: false },
    ]);
    expect(splitFlagged('Nothing here.', [])).toEqual([{ text: 'Nothing here.', flagged: false }]);
  });
});

describe('page breaks (API.md round 3 `pageBreaks`)', () => {
  it('cuts the text into numbered pages', () => {
    expect(splitPages('one two three', [4, 8])).toEqual([
      { page: 1, text: 'one ' },
      { page: 2, text: 'two ' },
      { page: 3, text: 'three' },
    ]);
    expect(splitPages('one page', [])).toEqual([{ page: 1, text: 'one page' }]);
    expect(splitPages('one page', null)).toEqual([{ page: 1, text: 'one page' }]);
  });

  it('starts a segment at each break, numbered, never merged across it', () => {
    const segments = segmentText('aaaa bbbb', { used: [], active: [], keyword: [] }, [5]);
    expect(segments.map(({ text, page }) => ({ text, page }))).toEqual([
      { text: 'aaaa ', page: undefined },
      { text: 'bbbb', page: 2 },
    ]);
  });
});

describe('pagesOfSpans and pageLabel (issue 28: the page of a cited sentence)', () => {
  const breaks = [100, 200, 300];

  it("finds the pages a sentence's sources are on, each once, in order", () => {
    expect(pagesOfSpans([{ start: 0, end: 50 }], breaks)).toEqual([1]);
    expect(pagesOfSpans([{ start: 100, end: 150 }], breaks)).toEqual([2]);
    // A span ending right at a break is on the page before it; one across two breaks is on three.
    expect(pagesOfSpans([{ start: 50, end: 100 }], breaks)).toEqual([1]);
    expect(pagesOfSpans([{ start: 150, end: 320 }], breaks)).toEqual([2, 3, 4]);
    expect(
      pagesOfSpans(
        [
          { start: 310, end: 320 },
          { start: 10, end: 20 },
        ],
        breaks,
      ),
    ).toEqual([1, 4]);
    expect(pagesOfSpans([{ start: 0, end: 50 }], [])).toEqual([]);
    expect(pagesOfSpans([{ start: 0, end: 50 }], null)).toEqual([]);
  });

  it('names them as a citation does', () => {
    expect(pageLabel([])).toBe('');
    expect(pageLabel([4])).toBe('p. 4');
    expect(pageLabel([4, 5, 6])).toBe('pp. 4–6');
    expect(pageLabel([2, 4])).toBe('pp. 2, 4');
  });
});
