import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPng } from '../../test/png-builder';
import { errorRates } from './error-rate';
import { DocumentError } from '../document-error';
import { createOcrReader } from './ocr-reader';
import { startRenderThread } from './pdf-page-renderer';
import type { PdfRenderMessage } from './pdf-page-renderer';

/** The scanned pages of the evaluation data (never copied into the repository). */
const OCR_DATA = join(import.meta.dirname, '../../../../../shared/data/ocr');
const SCANNED_PAGE = join(OCR_DATA, 'page-01.png');

const reader = createOcrReader({ workers: 1 });
afterAll(() => reader.close());

const png = buildPng;

/** A PDF of `count` blank pages (PDF.js rebuilds the cross-reference table it lacks). */
function blankPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  const pages = Array.from(
    { length: count },
    (_, index) =>
      `${index + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj`,
  );
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${count} >> endobj`,
      ...pages,
      'trailer << /Root 1 0 R >>',
      '%%EOF',
    ].join('\n'),
    'latin1',
  );
}

function truthOf(file: string): string {
  const page = readFileSync(join(OCR_DATA, 'truth.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; text: string })
    .find((entry) => entry.file === file);
  if (!page) throw new Error(`${file} is not in truth.jsonl`);
  return page.text;
}

async function failureOf(promise: Promise<unknown>): Promise<{ failure: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return { failure: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected OCR to fail');
}

describe('createOcrReader', () => {
  it.skipIf(!existsSync(SCANNED_PAGE))(
    'reads a real scanned page of the evaluation data (skipped when shared/data/ocr is absent)',
    async () => {
      const { text, confidence } = await reader.recognizeImage(readFileSync(SCANNED_PAGE), {
        timeoutMs: 120_000,
      });
      expect(errorRates(text, truthOf('page-01.png')).cer).toBeLessThan(0.02);
      expect(confidence).toBeGreaterThan(0.8);
    },
    180_000,
  );

  it('refuses a 30,000 × 30,000 image from its header, before decoding anything', async () => {
    const bomb = png(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const started = reader.workersStarted;
    expect(await failureOf(reader.recognizeImage(bomb, { timeoutMs: 1_000 }))).toEqual({
      failure: 'too-large',
      message:
        'The image is 30,000 × 30,000 pixels (900 megapixels); at most 50 megapixels can be read.',
    });
    expect(reader.workersStarted).toBe(started);
  });

  it('refuses a ZIP archive named .png as unsupported, by its content', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);
    expect((await failureOf(reader.recognizeImage(zip, { timeoutMs: 1_000 }))).failure).toBe(
      'unsupported',
    );
  });

  it('fails with no-text on an image without text, and reuses its worker', async () => {
    const blank = png(600, 400, () => 255);
    const gradient = png(600, 400, (x) => Math.round((x / 600) * 255));
    const first = await failureOf(reader.recognizeImage(blank, { timeoutMs: 60_000 }));
    expect(first).toEqual({ failure: 'no-text', message: 'No text was found in the image.' });
    const after = reader.workersStarted;
    expect(after).toBe(1);
    await failureOf(reader.recognizeImage(gradient, { timeoutMs: 60_000 }));
    await Promise.all([
      failureOf(reader.recognizeImage(blank, { timeoutMs: 60_000 })),
      failureOf(reader.recognizeImage(blank, { timeoutMs: 60_000 })),
    ]);
    expect(reader.workersStarted).toBe(after);
  }, 120_000);

  it('decodes a WebP image (lossless, 1 × 1 white) and finds no text on it', async () => {
    const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    expect((await failureOf(reader.recognizeImage(webp, { timeoutMs: 60_000 }))).failure).toBe(
      'no-text',
    );
  }, 120_000);

  it('fails with malformed on a PNG whose pixels are missing', async () => {
    expect(
      (await failureOf(reader.recognizeImage(png(600, 400), { timeoutMs: 60_000 }))).failure,
    ).toBe('malformed');
  }, 120_000);

  it('gives up at its time-out and starts a fresh worker for the next image', async () => {
    const blank = png(600, 400, () => 255);
    await failureOf(reader.recognizeImage(blank, { timeoutMs: 60_000 }));
    const before = reader.workersStarted;
    expect(await failureOf(reader.recognizeImage(blank, { timeoutMs: 1 }))).toEqual({
      failure: 'timed-out',
      message: 'Reading the image took more than 0.001 seconds.',
    });
    expect((await failureOf(reader.recognizeImage(blank, { timeoutMs: 60_000 }))).failure).toBe(
      'no-text',
    );
    expect(reader.workersStarted).toBe(before + 1);
  }, 120_000);
});

describe('an idle worker', () => {
  it('is stopped after idleMs, and the next image starts a new one', async () => {
    const brief = createOcrReader({ idleMs: 200 });
    try {
      const blank = png(300, 200, () => 255);
      await failureOf(brief.recognizeImage(blank, { timeoutMs: 60_000 }));
      expect(brief.workersAlive).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(brief.workersAlive).toBe(0);
      await failureOf(brief.recognizeImage(blank, { timeoutMs: 60_000 }));
      expect(brief.workersStarted).toBe(2);
    } finally {
      await brief.close();
    }
  }, 120_000);
});

describe('recognizePdfPages', () => {
  const scannedPdf = join(OCR_DATA, 'scan-A.pdf');

  it.skipIf(!existsSync(scannedPdf))(
    'reads the pages asked for of a scanned PDF, one entry a page (skipped without shared/data/ocr)',
    async () => {
      const pages = await reader.recognizePdfPages(readFileSync(scannedPdf), {
        timeoutMs: 120_000,
        pages: [1],
      });
      expect(pages.map((page) => page.page)).toEqual([1]);
      const text = pages[0]?.text ?? '';
      const truth = truthOf('scan-A.pdf').slice(0, text.length);
      expect(errorRates(text, truth).cer).toBeLessThan(0.03);
    },
    180_000,
  );

  it.skipIf(!existsSync(scannedPdf))(
    'gives up on the whole document at its time-out, and on Stop with the signal’s reason',
    async () => {
      const bytes = readFileSync(scannedPdf);
      expect(await failureOf(reader.recognizePdfPages(bytes, { timeoutMs: 300 }))).toEqual({
        failure: 'timed-out',
        message: 'Reading the scanned pages took more than 0.3 seconds.',
      });
      const stop = new AbortController();
      const reading = reader.recognizePdfPages(bytes, { timeoutMs: 60_000, signal: stop.signal });
      setTimeout(() => stop.abort(new Error('Stopped by the person')), 200);
      await expect(reading).rejects.toThrow('Stopped by the person');
    },
    60_000,
  );

  it('refuses a PDF of 2,000 blank scanned pages before reading any', async () => {
    const started = reader.workersStarted;
    expect(
      await failureOf(reader.recognizePdfPages(blankPdf(2_000), { timeoutMs: 60_000 })),
    ).toEqual({
      failure: 'too-large',
      message: 'This PDF has 2,000 pages without a text layer; Brevity reads at most 50 by OCR.',
    });
    expect(reader.workersStarted).toBe(started);
  }, 60_000);

  it('fails with no-text on a PDF of blank pages, and malformed on one that is not a PDF', async () => {
    expect(
      (await failureOf(reader.recognizePdfPages(blankPdf(2), { timeoutMs: 60_000 }))).failure,
    ).toBe('no-text');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);
    expect((await failureOf(reader.recognizePdfPages(zip, { timeoutMs: 60_000 }))).failure).toBe(
      'malformed',
    );
  }, 60_000);
});

describe('a worker that dies while it starts', () => {
  it('fails the image instead of hanging, and the next image gets a try of its own', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'brevity-ocr-dies-'));
    const script = join(folder, 'dies.cjs');
    writeFileSync(script, 'process.exit(1);\n');
    const dying = createOcrReader({ workerPath: script, startTimeoutMs: 1_000 });
    try {
      const blank = png(300, 200, () => 255);
      await expect(dying.recognizeImage(blank, { timeoutMs: 60_000 })).rejects.toThrow(
        'An OCR worker did not start within 1000 ms.',
      );
      await expect(dying.recognizeImage(blank, { timeoutMs: 60_000 })).rejects.toThrow(
        'did not start',
      );
      expect(dying.workersStarted).toBe(2);
      expect(dying.workersAlive).toBe(0);
    } finally {
      await dying.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the page-rendering thread', () => {
  const scannedPdf = join(OCR_DATA, 'scan-A.pdf');

  it.skipIf(!existsSync(scannedPdf))(
    'draws no more pages ahead than it was allowed, then one more a page taken',
    async () => {
      const thread = startRenderThread({
        bytes: readFileSync(scannedPdf),
        pages: null,
        maxPages: 50,
        dpi: 72,
        maxPixels: 50_000_000,
        ahead: 1,
      });
      const drawn: number[] = [];
      thread.on('message', (message: PdfRenderMessage) => {
        if (message.type === 'page') drawn.push(message.page);
      });
      const waitFor = async (count: number) => {
        for (let waited = 0; drawn.length < count && waited < 20_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      try {
        await waitFor(1);
        // Left alone, it draws nothing more: a 3-page scan at 72 dpi takes well under this.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(drawn).toEqual([1]);
        thread.postMessage({ type: 'more' });
        await waitFor(2);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(drawn).toEqual([1, 2]);
      } finally {
        await thread.terminate();
      }
    },
    60_000,
  );
});

describe('closing the reader', () => {
  const scannedPdf = join(OCR_DATA, 'scan-A.pdf');

  it.skipIf(!existsSync(scannedPdf))(
    'stops the document being read: its worker and its rendering thread',
    async () => {
      const closing = createOcrReader({ workers: 1 });
      let closed: Promise<void> | null = null;
      const reading = closing.recognizePdfPages(readFileSync(scannedPdf), {
        timeoutMs: 120_000,
        onPage: () => {
          closed ??= closing.close();
        },
      });
      await expect(reading).rejects.toThrow('The OCR reader is closed.');
      await closed;
      expect(closing.workersAlive).toBe(0);
    },
    60_000,
  );
});
