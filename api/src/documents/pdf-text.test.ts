import { constants, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentAnswer } from '../test/document-answer';
import { buildPdf, buildScannedPdf, buildTextPdf } from '../test/pdf-builder';
import { NO_TEXT_MESSAGES } from './document-error';
import { extractFileText } from './file-extraction';
import { UNSUPPORTED_FILE_MESSAGE } from './file-kinds';
import { extractPdfText, extractPdfTextLayer, looksLikePdf } from './pdf-text';

async function failure(run: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await run();
  } catch (error) {
    const answer = documentAnswer(error);
    if (answer) return { status: answer.status, code: answer.code, message: answer.message };
    throw error;
  }
  throw new Error('expected a DocumentError');
}

const HEADER = 'Brevity Field Notes: Rivers';

/** Two pages as a word processor prints them: running header, page numbers, hyphenation. */
const TWO_PAGE_REPORT = buildTextPdf([
  {
    header: HEADER,
    footer: 'Page 1 of 2',
    paragraphs: [
      [
        'Rivers carry sediment from the mountains to the sea, and over centuries',
        'the deposits build deltas where cities grow. Engineers gather infor-',
        'mation about every flood.',
      ],
      [
        'Dams now trap much of that sediment upstream, so many deltas shrink',
        'each year while the sea',
      ],
    ],
  },
  {
    header: HEADER,
    footer: 'Page 2 of 2',
    paragraphs: [
      ['keeps rising. Restoring the flow of sediment is slow, non-', 'English sources agree.'],
      ['Some rivers already carry more of it than a decade ago.'],
    ],
  },
]);

const TWO_PAGE_REPORT_TEXT =
  'Rivers carry sediment from the mountains to the sea, and over centuries the deposits build ' +
  'deltas where cities grow. Engineers gather information about every flood.\n\n' +
  'Dams now trap much of that sediment upstream, so many deltas shrink each year while the sea ' +
  'keeps rising. Restoring the flow of sediment is slow, non-English sources agree.\n\n' +
  'Some rivers already carry more of it than a decade ago.';

describe('extractPdfText', () => {
  it('joins pages and lines, mends hyphenated words and drops headers, footers and page numbers', async () => {
    expect(await extractPdfText(TWO_PAGE_REPORT)).toBe(TWO_PAGE_REPORT_TEXT);
  });

  it('drops bare page numbers and keeps a one-page document whole', async () => {
    const bodies = [
      'The delta grew for six thousand years.',
      'Then the dams came, and the sediment stopped.',
      'Now the sea takes back a little every year.',
    ];
    const numbered = buildPdf(
      bodies.map((text, index) => ({
        lines: [
          { text, x: 72, y: 700 },
          { text: String(index + 1), x: 300, y: 40 },
        ],
      })),
    );
    expect(await extractPdfText(numbered)).toBe(bodies.join('\n\n'));
    const single = buildTextPdf([
      { header: 'Only page', footer: '1', paragraphs: [['One page keeps its header.']] },
    ]);
    expect(await extractPdfText(single)).toBe('Only page\n\nOne page keeps its header.\n\n1');
  });

  it('reads a scanned page (an image, no text layer) as a page without text, for OCR', async () => {
    expect(await extractPdfText(buildScannedPdf(2))).toBe('');
    expect(await extractPdfTextLayer(buildScannedPdf(2))).toEqual({
      text: '',
      pageStarts: [0, 0],
      pagesWithText: [false, false],
      hiddenText: [],
      headings: [],
    });
    // Without OCR (the text alone, as the extraction thread reads it) it is 422 NO_TEXT.
    expect(await failure(() => extractFileText('pdf', buildScannedPdf(2)))).toEqual({
      status: 422,
      code: 'NO_TEXT',
      message: NO_TEXT_MESSAGES.pdf,
    });
  });

  it('says where each page begins in the text, a paragraph running on over a break kept whole', async () => {
    const layer = await extractPdfTextLayer(
      buildTextPdf([
        {
          paragraphs: [
            ['The first paragraph of the first page runs', 'over two lines of the page.'],
            ['A sentence of the second paragraph that goes', 'on and on'],
          ],
        },
        {
          paragraphs: [
            ['over the page break, and it ends on the', 'second page.'],
            ['Another paragraph of the second page, of', 'two lines.'],
          ],
        },
        { paragraphs: [] },
        { paragraphs: [['The fourth page holds one paragraph of', 'two lines.']] },
      ]),
    );
    expect(layer.text).toBe(
      'The first paragraph of the first page runs over two lines of the page.\n\n' +
        'A sentence of the second paragraph that goes on and on over the page break, and it ' +
        'ends on the second page.\n\nAnother paragraph of the second page, of two lines.\n\n' +
        'The fourth page holds one paragraph of two lines.',
    );
    expect(layer.pagesWithText).toEqual([true, true, false, true]);
    const fourth = layer.text.indexOf('The fourth');
    expect(layer.pageStarts).toEqual([0, layer.text.indexOf('over the page'), fourth, fourth]);
  });

  it('refuses what is not a PDF, or a damaged one, as 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const bytes of [png, Buffer.from('Just some text, renamed to .pdf')]) {
      expect(looksLikePdf(bytes)).toBe(false);
      expect(await failure(() => extractPdfText(bytes))).toEqual({
        status: 415,
        code: 'UNSUPPORTED_FILE_TYPE',
        message: UNSUPPORTED_FILE_MESSAGE,
      });
    }
    const truncated = TWO_PAGE_REPORT.subarray(0, 120);
    expect(await failure(() => extractPdfText(truncated))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'The PDF file is damaged or incomplete',
    });
  });

  it('refuses a deflate bomb in the page content before pdf.js unpacks it', async () => {
    // 1 GiB of spaces from about 1 MB: pdf.js alone would hold it all in a typed array.
    const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
      flush: constants.Z_FULL_FLUSH,
      finishFlush: constants.Z_FULL_FLUSH,
    });
    const bomb = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      ...Array.from({ length: 1024 }, () => block),
      Buffer.from([0x03, 0x00]),
    ]);
    const pdf = buildPdf([{ lines: [{ text: 'Hello', x: 72, y: 700 }], rawContent: bomb }]);
    const started = performance.now();
    expect(await failure(() => extractPdfText(pdf))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The PDF file is too large to process once unpacked',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops reading a text layer far over the limit: 400 on the field file', async () => {
    // 100 lines of 160 letters a page: the 2,000,000 letters read at most pass on page 126.
    const line = 'Sediment '.repeat(20).trim();
    const pages = Array.from({ length: 140 }, () => ({
      lines: Array.from({ length: 100 }, (_, index) => ({
        text: line,
        x: 20,
        y: 760 - index * 7,
        size: 5,
      })),
    }));
    expect(await failure(() => extractPdfText(buildPdf(pages)))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Content exceeds maximum 500,000 characters (current: more than 2000000)',
    });
  });

  it('reads a 10-page text PDF in well under a second', async () => {
    const paragraph = [
      'Sediment moves downstream in pulses after each flood, settling where the current slows',
      'and building banks that later floods carve away again, a cycle older than any city on',
      'the delta.',
    ];
    const pdf = buildTextPdf(
      Array.from({ length: 10 }, (_, index) => ({
        header: HEADER,
        footer: `Page ${index + 1} of 10`,
        paragraphs: Array.from({ length: 12 }, () => paragraph),
      })),
    );
    await extractPdfText(pdf);
    const started = performance.now();
    const text = await extractPdfText(pdf);
    const elapsed = performance.now() - started;
    console.info(
      `10-page text PDF (${pdf.length} bytes, ${text.length} characters): ${Math.round(elapsed)} ms`,
    );
    expect(text.split('\n\n')).toHaveLength(120);
    expect(text).not.toContain(HEADER);
    expect(text).not.toContain('Page ');
    expect(elapsed).toBeLessThan(2_000);
  });
});
