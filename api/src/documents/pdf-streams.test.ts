import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPdf, buildScannedPdf, buildTextPdf } from '../test/pdf-builder';
import {
  buildFilterBombPdf,
  buildSharedContentPdf,
  deflatedZeros,
  FILTER_BOMB_VARIANTS,
} from '../test/hostile-pdfs';
import { checkPdfStreams, PdfStreamError } from './pdf-streams';
import { PDF_LIMITS } from './pdf-text';

/*
 * The pre-check of a PDF's streams (pdf-streams.ts), issue 24: filter names written every way
 * PDF allows, every filter of a chain, /Subtype read from the stream's own dictionary only, and
 * the content the pages draw bounded per page and per file.
 */

const MEGABYTE = 1024 * 1024;

/** The limit checkPdfStreams refused `pdf` for, and how long it took; null when it passed. */
function check(pdf: Buffer): { limit: string | null; ms: number } {
  const started = performance.now();
  try {
    checkPdfStreams(pdf, PDF_LIMITS);
    return { limit: null, ms: performance.now() - started };
  } catch (error) {
    if (!(error instanceof PdfStreamError)) throw error;
    return { limit: error.limit, ms: performance.now() - started };
  }
}

describe('checkPdfStreams: filter names', () => {
  it.each(FILTER_BOMB_VARIANTS)(
    'refuses a 1 GiB deflate bomb whose filter is written as %s, in about a second',
    (variant) => {
      const pdf = buildFilterBombPdf(variant);
      expect(pdf.length).toBeLessThan(2.2 * MEGABYTE);
      const { limit, ms } = check(pdf);
      expect(limit).toBe('stream');
      expect(ms).toBeLessThan(3_000);
    },
  );

  it('decodes LZW, RunLength and ASCII85 stages with the same cap', () => {
    // A stream that is small once deflated but named through the other filters first: each
    // stage decodes, the Flate at the end is what overflows.
    const zeros = deflatedZeros(256 * MEGABYTE);
    const runLength = Buffer.concat([
      ...Array.from({ length: Math.ceil(zeros.length / 128) }, (_, index) => {
        const piece = zeros.subarray(index * 128, index * 128 + 128);
        return Buffer.concat([Buffer.from([piece.length - 1]), piece]);
      }),
      Buffer.from([128]),
    ]);
    const pdf = buildPdf([{ lines: [{ text: 'x', x: 72, y: 700 }] }]);
    const withChain = Buffer.concat([
      pdf.subarray(0, pdf.lastIndexOf('xref')),
      Buffer.from(`99 0 obj\n<< /Filter [/RL /Fl] /Length ${runLength.length} >>\nstream\n`),
      runLength,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(check(withChain).limit).toBe('stream');
  });

  it("reads /Subtype /Image from the stream's own dictionary, not a nested one", () => {
    // A real image (top-level /Subtype /Image) is not unpacked: text extraction never decodes it.
    const image = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('7 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /Fl'),
      Buffer.from(` /Length ${deflatedZeros(MEGABYTE * 128).length} >>\nstream\n`),
      deflatedZeros(MEGABYTE * 128),
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(check(image).limit).toBeNull();
    expect(check(buildFilterBombPdf('subtype-decoy')).limit).toBe('stream');
  });

  it('unpacks an image-typed stream that a page draws as its content', () => {
    const pdf = buildFilterBombPdf('abbreviation').toString('latin1');
    const disguised = Buffer.from(
      pdf.replace('/Filter /Fl', '/Subtype /Image /Filter /Fl'),
      'latin1',
    );
    expect(check(disguised).limit).toBe('stream');
  });

  it('passes ordinary text and scanned PDFs', () => {
    const pages = Array.from({ length: 40 }, (_, index) => ({
      header: 'Report',
      paragraphs: [[`Paragraph ${index} of an ordinary document, with a line of text.`]],
    }));
    expect(check(buildTextPdf(pages)).limit).toBeNull();
    expect(check(buildScannedPdf(3)).limit).toBeNull();
  });
});

describe('checkPdfStreams: content the pages draw', () => {
  it('refuses 5,000 pages sharing one 40 MB content stream (per page) in about a second', () => {
    const pdf = buildSharedContentPdf(5000, 40 * MEGABYTE);
    expect(pdf.length).toBeLessThan(MEGABYTE);
    const { limit, ms } = check(pdf);
    expect(limit).toBe('page');
    expect(ms).toBeLessThan(3_000);
  });

  it('refuses 5,000 pages sharing a 1 MB stream: each page is fine, the file is not', () => {
    expect(check(buildSharedContentPdf(5000, MEGABYTE)).limit).toBe('file');
    expect(check(buildSharedContentPdf(20, MEGABYTE)).limit).toBeNull();
  });

  it('counts page content found in a compressed object stream', () => {
    const content = Buffer.alloc(20 * MEGABYTE, '1 0 0 1 0 0 cm\n');
    const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';
    const objects = `5 0 ${page}`;
    const objectStream = deflateSync(Buffer.from(objects));
    const contentStream = deflateSync(content);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.5\n4 0 obj\n'),
      Buffer.from(`<< /Filter /FlateDecode /Length ${contentStream.length} >>\nstream\n`),
      contentStream,
      Buffer.from('\nendstream\nendobj\n6 0 obj\n'),
      Buffer.from(
        `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${objectStream.length} >>\nstream\n`,
      ),
      objectStream,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(check(pdf).limit).toBe('page');
  });
});
