import { describe, expect, it } from 'vitest';
import {
  dropRepeatedEdges,
  joinLines,
  linesOfPage,
  pdfPagesToPagedText,
  pdfPagesToText,
} from './pdf-layout';
import type { PdfLine, PdfTextRun } from './pdf-layout';

function run(text: string, x: number, y: number, endsLine = true): PdfTextRun {
  return { text, x, y, width: text.length * 5, size: 10, endsLine };
}

function line(text: string, y: number): PdfLine {
  return { text, x: 72, y, right: 72 + text.length * 5, size: 10, bold: false };
}

describe('joinLines', () => {
  it('mends a word hyphenated over a line break, keeps real hyphens, drops soft ones', () => {
    expect(joinLines('gather infor-', 'mation about')).toBe('gather information about');
    expect(joinLines('a non-', 'English source')).toBe('a non-English source');
    expect(joinLines('pages 12-', '14')).toBe('pages 12-14');
    expect(joinLines('a pause -', 'then more')).toBe('a pause - then more');
    expect(joinLines('Kilo\u00ad', 'meter')).toBe('Kilometer');
    expect(joinLines('the delta', 'grows')).toBe('the delta grows');
  });
});

describe('linesOfPage', () => {
  it('puts runs of one baseline together and splits where pdf.js saw a line end', () => {
    const lines = linesOfPage({
      runs: [
        run('Rivers ', 72, 700, false),
        run('carry  sediment', 110, 700.4, true),
        run('   ', 72, 686, true),
        run('to the sea.', 72, 672, true),
      ],
    });
    expect(lines.map((found) => [found.text, found.y])).toEqual([
      ['Rivers carry sediment', 700],
      ['to the sea.', 672],
    ]);
  });
});

describe('dropRepeatedEdges', () => {
  it('drops a header and a numbered footer that stand apart on most pages, never body text', () => {
    const pages = [1, 2, 3, 4, 5].map((page) => [
      line('Annual Report', 750),
      line(`Body line one of page ${page}`, 700),
      line('A line that every page repeats', 686),
      line(`- ${page} -`, 40),
    ]);
    // The third page has no header: 4 of 5 pages still repeat it.
    pages[2]?.shift();
    const kept = dropRepeatedEdges(pages);
    expect(kept.map((lines) => lines.map((found) => found.text))).toEqual(
      [1, 2, 3, 4, 5].map((page) => [
        `Body line one of page ${page}`,
        'A line that every page repeats',
      ]),
    );
  });

  it('keeps a line found on too few pages, and everything on a single page', () => {
    const pages = [
      [line('Draft', 750), line('First page body', 700)],
      [line('Second page body', 700)],
      [line('Third page body', 700)],
    ];
    expect(dropRepeatedEdges(pages)).toEqual(pages);
    expect(dropRepeatedEdges([[line('Alone', 750), line('Body', 700)]])).toEqual([
      [line('Alone', 750), line('Body', 700)],
    ]);
  });
});

describe('pdfPagesToText', () => {
  it('separates paragraphs by a wider gap, an indent or a short last line', () => {
    const text = pdfPagesToText([
      {
        runs: [
          run('The first paragraph runs across two lines of about the same width,', 72, 700),
          run('and it ends here.', 72, 686),
          run('A short line ends this one.', 72, 662),
          run('    Indented: a new paragraph starts with an indent on this line', 90, 648),
          run('and carries on at the margin until the page ends', 72, 634),
        ],
      },
    ]);
    expect(text).toBe(
      'The first paragraph runs across two lines of about the same width, and it ends here.\n\n' +
        'A short line ends this one.\n\n' +
        'Indented: a new paragraph starts with an indent on this line and carries on at the margin until the page ends',
    );
  });
});

describe('pdfPagesToPagedText headings (issue 28)', () => {
  const sized = (text: string, y: number, size: number): PdfTextRun => ({
    text,
    x: 72,
    y,
    width: text.length * 5,
    size,
    endsLine: true,
  });

  it('takes a short line set larger than the body for a heading of its own paragraph', () => {
    // Lines 12 points apart throughout: only the size sets the heading apart.
    const { text, headings } = pdfPagesToPagedText([
      {
        runs: [
          sized('Results of the survey', 700, 13),
          sized('Three quays need repairs within two years and the ferry', 688, 10),
          sized('ramp needs a new hinge before the winter comes.', 676, 10),
          sized('Funding', 664, 12),
          sized('The city pays for the repairs over the next five years.', 652, 10),
        ],
      },
    ]);
    expect(text.split('\n\n')).toEqual([
      'Results of the survey',
      'Three quays need repairs within two years and the ferry ramp needs a new hinge before the winter comes.',
      'Funding',
      'The city pays for the repairs over the next five years.',
    ]);
    expect(headings).toEqual([
      { title: 'Results of the survey', level: 1 },
      { title: 'Funding', level: 2 },
    ]);
  });

  it('takes no long paragraph, however large, and nothing at the body’s size', () => {
    const long = 'A large paragraph of many words that runs on and on well past any heading length';
    const { headings } = pdfPagesToPagedText([
      {
        runs: [
          sized(long, 700, 14),
          sized('Body text at the usual size, which most of the page is set in.', 680, 10),
          sized('More body text at the usual size, long enough to be the body.', 668, 10),
        ],
      },
    ]);
    expect(headings).toEqual([]);
  });

  it('takes a line set in bold alone after a sentence for a heading, not a bold line inside a sentence', () => {
    const bold = (text: string, y: number, size: number): PdfTextRun => ({
      ...sized(text, y, size),
      bold: true,
    });
    const { text, headings } = pdfPagesToPagedText([
      {
        runs: [
          sized('The city pays for the repairs over the next five years.', 700, 10),
          bold('Funding and grants', 688, 10),
          sized('Most of the money comes from the harbour fund set up under the', 676, 10),
          bold('Harbour Works Act of 2020', 664, 10),
          sized('which the council renewed in the spring of last year.', 652, 10),
        ].map((run) => ({ ...run, bold: run.bold ?? false })),
      },
    ]);
    expect(text.split('\n\n')).toEqual([
      'The city pays for the repairs over the next five years.',
      'Funding and grants',
      'Most of the money comes from the harbour fund set up under the Harbour Works Act of 2020 which the council renewed in the spring of last year.',
    ]);
    expect(headings).toEqual([{ title: 'Funding and grants', level: 1 }]);
  });
});
