import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assemblePdf,
  buildPdf,
  buildScannedPdf,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from '../test/pdf-builder';
import { buildPng } from '../test/png-builder';
import { createTestConfig } from '../test/test-app';
import { DocumentError, NO_TEXT_MESSAGES } from './document-error';
import { createDocumentReader } from './document-reader';
import type { ReadingProgress } from './document-reader';
import { FileExtractionPool } from './file-extraction-pool';
import { composePages, tidyRecognizedText } from './file-reading';
import { errorRates } from './ocr/error-rate';

/*
 * The documents module's door for files (issue 27), photos and scans included. OCR takes some
 * seconds a page on a busy machine: the pages read by OCR here are few (one photo, one page of
 * a mixed PDF, a three-page scan, and the first page of another before it is stopped).
 */

/** The scanned pages of the evaluation data (read at test time, never copied in). */
const OCR_DATA = join(import.meta.dirname, '../../../../shared/data/ocr');
const hasData = existsSync(join(OCR_DATA, 'truth.jsonl'));

const config = createTestConfig();
const reader = createDocumentReader({
  fileExtractor: new FileExtractionPool(config.extraction),
  ocr: config.documents,
});
afterAll(() => reader.close());

function truthOf(file: string): string {
  const entry = readFileSync(join(OCR_DATA, 'truth.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; text: string })
    .find((candidate) => candidate.file === file);
  if (!entry) throw new Error(`${file} is not in truth.jsonl`);
  return entry.text;
}

async function failureOf(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected reading to fail');
}

/** A scanned page's pixels, grey, as a PDF image draws them. */
async function greyPixels(
  path: string,
): Promise<{ columns: number; rows: number; pixels: Buffer }> {
  const image = await loadImage(readFileSync(path));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const pixels = Buffer.alloc(image.width * image.height);
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = Math.round(
      ((rgba[index * 4] ?? 0) + (rgba[index * 4 + 1] ?? 0) + (rgba[index * 4 + 2] ?? 0)) / 3,
    );
  }
  return { columns: image.width, rows: image.height, pixels };
}

/** A PDF of `count` pages, each drawing the same 1 × 1 white image and nothing else. */
function blankScannedPdf(count: number): Buffer {
  const drawing = `q ${PAGE_WIDTH} 0 0 ${PAGE_HEIGHT} 0 0 cm /Im0 Do Q`;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: count }, (_, index) => `${index + 5} 0 R`).join(' ')}] /Count ${count} >>`,
    '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\xff\nendstream',
    `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`,
    ...Array.from(
      { length: count },
      () =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        '/Resources << /XObject << /Im0 3 0 R >> >> /Contents 4 0 R >>',
    ),
  ];
  return assemblePdf(
    objects.map((object) => Buffer.from(object, 'latin1')),
    1,
  );
}

/**
 * Watches the event loop with a 20 ms timer: `delayMs` is the longest a tick came late, and
 * `heldMs` the longest the loop was busy running code between two ticks (its utilisation's
 * active time). On a machine shared by many processes a tick can come late although the loop
 * was idle (its thread not scheduled): `heldMs` counts only what this process held it for.
 */
function watchEventLoop(): { stop: () => { heldMs: number; delayMs: number } } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let heldMs = 0;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    heldMs = Math.max(heldMs, performance.eventLoopUtilization(now, last).active);
    last = now;
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      delay.disable();
      return { heldMs, delayMs: delay.max / 1e6 };
    },
  };
}

describe('reading a photo or scan', () => {
  it.skipIf(!hasData)(
    'reads a real photographed page (JPEG) by OCR (skipped without shared/data/ocr)',
    async () => {
      const events: ReadingProgress[] = [];
      const document = await reader.readFile(
        new File([readFileSync(join(OCR_DATA, 'page-02.jpg'))], 'page-02.jpg'),
        { onProgress: (event) => events.push(event) },
      );
      expect(document).toMatchObject({
        format: 'image',
        ocr: true,
        fileName: 'page-02.jpg',
        pageBreaks: [],
        title: null,
        sections: [],
      });
      expect(document.text).toContain('YouTube star Promise Tamang');
      expect(document.text).toContain('Maleficent');
      expect(errorRates(document.text, truthOf('page-02.jpg')).cer).toBeLessThan(0.03);
      expect(events).toEqual([{ stage: 'reading' }, { stage: 'ocr', page: 1, pages: 1 }]);
    },
    120_000,
  );

  it('refuses a ZIP archive named .png as unsupported, by its content', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);
    expect(await failureOf(reader.readFile(new File([zip], 'photo.png')))).toEqual({
      kind: 'unsupported',
      message: 'This file is not a PNG, JPEG or WebP image.',
    });
  });

  it('refuses a 30,000 × 30,000 PNG from its header alone, naming 50 megapixels', async () => {
    const header = buildPng(30_000, 30_000);
    expect(header.length).toBeLessThan(100);
    const failure = await failureOf(reader.readFile(new File([header], 'huge.png')));
    expect(failure.kind).toBe('too-large');
    expect(failure.message).toContain('at most 50 megapixels');
  });

  it('says a blank image has no readable text', async () => {
    const blank = buildPng(600, 400, () => 255);
    expect(await failureOf(reader.readFile(new File([blank], 'blank.PNG')))).toEqual({
      kind: 'no-text',
      message: NO_TEXT_MESSAGES.image,
    });
  }, 60_000);
});

describe('reading a PDF with pages without a text layer', () => {
  it('refuses 2,000 blank scanned pages before drawing any, naming the limit', async () => {
    const pdf = blankScannedPdf(2_000);
    expect(pdf.length).toBeLessThan(400_000);
    const events: ReadingProgress[] = [];
    const started = performance.now();
    expect(
      await failureOf(
        reader.readFile(new File([pdf], 'blank.pdf'), {
          onProgress: (event) => events.push(event),
        }),
      ),
    ).toEqual({
      kind: 'too-large',
      message: 'This PDF has 2,000 pages without a text layer; Brevity reads at most 50 by OCR.',
    });
    expect(events).toEqual([{ stage: 'reading' }]);
    console.info(`2,000 scanned pages refused in ${Math.round(performance.now() - started)} ms`);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('says a PDF of blank or noisy scanned pages has no readable text', async () => {
    for (const pdf of [blankScannedPdf(2), buildScannedPdf(1)]) {
      expect(await failureOf(reader.readFile(new File([pdf], 'scan.pdf')))).toEqual({
        kind: 'no-text',
        message: NO_TEXT_MESSAGES.pdf,
      });
    }
  }, 120_000);

  it.skipIf(!hasData)(
    'reads a mixed PDF: the text page from its layer, the scanned one by OCR, in page order',
    async () => {
      const scan = await greyPixels(join(OCR_DATA, 'page-01.png'));
      const width = Math.round((PAGE_HEIGHT * scan.columns) / scan.rows);
      const pdf = buildPdf([
        {
          lines: [
            { text: 'A page typed in a word processor, before the scan.', x: 72, y: 700 },
            { text: 'Its text layer is read as it is.', x: 72, y: 686 },
          ],
        },
        {
          images: [{ ...scan, x: (PAGE_WIDTH - width) / 2, y: 0, width, height: PAGE_HEIGHT }],
        },
      ]);
      const events: ReadingProgress[] = [];
      const document = await reader.readFile(new File([pdf], 'mixed.pdf'), {
        onProgress: (event) => events.push(event),
      });
      expect(document.format).toBe('pdf');
      expect(document.ocr).toBe(true);
      expect(document.text.startsWith('A page typed in a word processor, before the scan.')).toBe(
        true,
      );
      expect(document.pageBreaks).toHaveLength(1);
      const second = document.text.slice(document.pageBreaks[0]);
      expect(second.startsWith("Eugenie Bouchard's run of poor form")).toBe(true);
      expect(document.text.slice(0, document.pageBreaks[0])).toBe(
        'A page typed in a word processor, before the scan. Its text layer is read as it is.\n\n',
      );
      expect(errorRates(second, truthOf('page-01.png')).cer).toBeLessThan(0.03);
      expect(events).toEqual([{ stage: 'reading' }, { stage: 'ocr', page: 1, pages: 1 }]);
    },
    120_000,
  );

  it.skipIf(!hasData)(
    'reads a three-page scanned PDF with page breaks and progress, never holding the event loop',
    async () => {
      const bytes = readFileSync(join(OCR_DATA, 'scan-A.pdf'));
      const events: ReadingProgress[] = [];
      const loop = watchEventLoop();
      const document = await reader.readFile(new File([bytes], 'scan-A.pdf'), {
        onProgress: (event) => events.push(event),
      });
      const { heldMs, delayMs } = loop.stop();
      console.info(
        `three scanned pages read: the event loop held at most ${heldMs.toFixed(0)} ms at a ` +
          `time; longest delay of a 20 ms timer ${delayMs.toFixed(0)} ms (CPU contention included)`,
      );
      expect(heldMs).toBeLessThan(100);
      expect(document).toMatchObject({ format: 'pdf', ocr: true });
      expect(document.pageBreaks).toHaveLength(2);
      expect(document.pageBreaks[0]).toBeGreaterThan(0);
      expect(document.pageBreaks[1]).toBeGreaterThan(document.pageBreaks[0] ?? 0);
      expect(errorRates(document.text, truthOf('scan-A.pdf')).cer).toBeLessThan(0.03);
      expect(events).toEqual([
        { stage: 'reading' },
        { stage: 'ocr', page: 1, pages: 3 },
        { stage: 'ocr', page: 2, pages: 3 },
        { stage: 'ocr', page: 3, pages: 3 },
      ]);
    },
    240_000,
  );

  it.skipIf(!hasData)(
    'stops on Stop with the signal’s reason, and the next file is read',
    async () => {
      const stop = new AbortController();
      const bytes = readFileSync(join(OCR_DATA, 'scan-B.pdf'));
      let stoppedAt = 0;
      const reading = reader.readFile(new File([bytes], 'scan-B.pdf'), {
        signal: stop.signal,
        onProgress: (event) => {
          if (event.stage !== 'ocr') return;
          stoppedAt = performance.now();
          stop.abort(new Error('Stopped by the person'));
        },
      });
      await expect(reading).rejects.toThrow('Stopped by the person');
      expect(performance.now() - stoppedAt).toBeLessThan(2_000);
      const blank = buildPng(300, 200, () => 255);
      expect((await failureOf(reader.readFile(new File([blank], 'blank.png')))).kind).toBe(
        'no-text',
      );
    },
    120_000,
  );

  it('gives up past the OCR time limit, naming it', async () => {
    const quick = createDocumentReader({
      fileExtractor: new FileExtractionPool(config.extraction),
      ocr: { ...config.documents, ocrTimeoutMs: 300 },
    });
    try {
      const pdf = buildPdf([
        { images: [{ columns: 400, rows: 400, x: 0, y: 0, width: 612, height: 792 }] },
      ]);
      expect(await failureOf(quick.readFile(new File([pdf], 'scan.pdf')))).toEqual({
        kind: 'timed-out',
        message: 'Reading the scanned pages took more than 0.3 seconds.',
      });
    } finally {
      await quick.close();
    }
  }, 60_000);

  it('refuses a file that is aborted before it is read with the reason', async () => {
    const stop = new AbortController();
    stop.abort(new Error('Left the page'));
    await expect(
      reader.readFile(new File(['Some text.'], 'notes.txt'), { signal: stop.signal }),
    ).rejects.toThrow('Left the page');
  });
});

describe('composePages', () => {
  it('puts OCR’d pages between the text layer’s, a paragraph over a break kept whole', () => {
    const layer = 'One. A sentence that goes on over the break.\n\nThree.';
    const starts = [0, layer.indexOf('over'), layer.indexOf('Three'), layer.length];
    // Page 4 was read by OCR; page 2 had a text layer.
    expect(composePages(layer, starts, new Map([[4, 'Four, from a scan.']]))).toEqual({
      text: `${layer}\n\nFour, from a scan.`,
      pageBreaks: [layer.indexOf('over'), layer.indexOf('Three'), layer.length + 2],
    });
    const withScanBetween = composePages(
      'One.\n\nThree.',
      [0, 6, 6],
      new Map([[2, 'Two, from a scan.']]),
    );
    expect(withScanBetween).toEqual({
      text: 'One.\n\nTwo, from a scan.\n\nThree.',
      pageBreaks: [6, 25],
    });
  });

  it('begins a page without text where the next page’s text begins', () => {
    expect(
      composePages(
        'One.',
        [0, 4, 4],
        new Map([
          [2, ''],
          [3, 'Three.'],
        ]),
      ),
    ).toEqual({
      text: 'One.\n\nThree.',
      pageBreaks: [6, 6],
    });
  });
});

describe('tidyRecognizedText', () => {
  it('joins the lines of a paragraph and mends words hyphenated over a line', () => {
    expect(tidyRecognizedText('A line that is bro-\nken here and\ngoes on.\n\n Next  one.\n')).toBe(
      'A line that is broken here and goes on.\n\nNext one.',
    );
  });
});
