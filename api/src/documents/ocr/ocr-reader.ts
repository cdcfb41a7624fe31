import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { readImageHeader } from './image-header';
import { DocumentError } from '../document-error';
import { renderPdfPages } from './pdf-page-renderer';

/**
 * Optical character recognition for scans and photos (issue 27), with tesseract.js in worker
 * threads so that a page being read never holds the event loop. Everything it needs comes from
 * registry packages on this machine: the WebAssembly core from `tesseract.js-core` and the
 * English model from `@tesseract.js-data/eng` (its LSTM-only `best_int` model). Nothing is
 * downloaded at run time and nothing is written outside a temporary folder of its own.
 */

/** At most this many pixels are decoded: 50 megapixels is a 300 dpi A3 page with room to spare. */
export const OCR_MAX_PIXELS = 50_000_000;

export interface RecognizeOptions {
  /** How long the call may take in all, waiting for a free worker included. */
  timeoutMs: number;
  /** Aborting it (the person pressed Stop) rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Called once a worker takes the image, just before it is recognised (for progress). */
  onStart?: (() => void) | undefined;
}

export interface RecognizedText {
  text: string;
  /** Tesseract's mean word confidence, from 0 to 1. */
  confidence: number;
}

/** Below this mean word confidence (0 to 1), what Tesseract found is taken for no text. */
export const MIN_CONFIDENCE = 0.5;

/** OCR_MAX_PAGES's default: pages of one PDF read by OCR at most. */
export const OCR_MAX_PAGES = 50;
/** Scanned pages are drawn at 200 dpi, as the data README's Tesseract figures were. */
export const PDF_DPI = 200;
/** Pages the rendering thread may draw before the reader has taken them. */
const RENDER_AHEAD = 1;

export interface PdfOcrOptions extends RecognizeOptions {
  /** 1-based numbers of the pages to read (those without a text layer); all when absent. */
  pages?: readonly number[] | undefined;
  /** More pages to read than this is refused before any is read (OCR_MAX_PAGES). */
  maxPages?: number | undefined;
  /**
   * Called just before each page is recognised, in page order: `index` counts 1..`count` over
   * the pages being read, not the document's page numbers.
   */
  onPage?: ((index: number, count: number) => void) | undefined;
}

export interface RecognizedPage extends RecognizedText {
  /** 1-based; a page on which nothing was found has empty text. */
  page: number;
}

export interface OcrReaderOptions {
  /** Tesseract workers kept for reuse (each a thread holding 100–150 MB); 1 or 2. */
  workers?: number;
  maxPixels?: number;
  /** A worker left idle this long is stopped (its WebAssembly memory never shrinks). */
  idleMs?: number;
  /**
   * A worker not ready in this long is given up (default 60 s): tesseract.js never hears of a
   * thread that dies while it starts, so without it the caller would wait for ever.
   */
  startTimeoutMs?: number;
  /** The worker thread's script (tests: one that dies at start); tesseract.js's by default. */
  workerPath?: string | undefined;
}

export interface OcrReader {
  /**
   * The text of a `.png`, `.jpg`/`.jpeg` or `.webp` image, known by its content. Rejects with a
   * DocumentError: `unsupported` (not one of those), `malformed` (a damaged header or an image that
   * cannot be decoded), `too-large` (over 50 megapixels, refused before decoding), `no-text`
   * and `timed-out`.
   */
  recognizeImage(bytes: Uint8Array, options: RecognizeOptions): Promise<RecognizedText>;
  /**
   * The text of a PDF's pages, drawn at 200 dpi in a thread of their own and recognised in
   * page order, one entry a page so that page breaks can be kept. Rejects with a DocumentError:
   * `too-large` (more pages to read than `maxPages`, refused before any is read), `malformed`
   * (PDF.js cannot open it), `no-text` (no page has any) and `timed-out` (the whole document
   * took longer than `timeoutMs`).
   */
  recognizePdfPages(bytes: Uint8Array, options: PdfOcrOptions): Promise<RecognizedPage[]>;
  /** Refuses new work, rejects what waits and stops every worker thread. */
  close(): Promise<void>;
  /** Workers started since the reader was made (they are reused, so this stays small). */
  readonly workersStarted: number;
  /** Workers alive now, busy or idle. */
  readonly workersAlive: number;
}

const require = createRequire(import.meta.url);
const ENGLISH_DATA = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);
const CORE = dirname(
  createRequire(require.resolve('tesseract.js')).resolve('tesseract.js-core/package.json'),
);

/** A tesseract.js worker and the thread behind it, which the typings leave out. */
interface PooledWorker {
  tesseract: Tesseract.Worker;
  thread: ThreadWorker | null;
  /** Set when the thread died (hostile input can abort the WebAssembly): the job then fails. */
  crashed: Promise<never>;
}

interface Waiter {
  resolve: (worker: PooledWorker) => void;
  reject: (error: unknown) => void;
}

export function createOcrReader(options: OcrReaderOptions = {}): OcrReader {
  const size = Math.max(1, options.workers ?? 1);
  const maxPixels = options.maxPixels ?? OCR_MAX_PIXELS;
  const idleMs = options.idleMs ?? 60_000;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const idle: PooledWorker[] = [];
  const idleTimers = new Map<PooledWorker, NodeJS.Timeout>();
  const busy = new Set<PooledWorker>();
  const waiters: Waiter[] = [];
  let starting = 0;
  let started = 0;
  let closed = false;
  // Aborted by close(): stops the documents being drawn and read.
  const closing = new AbortController();
  const readingPdfs = new Set<Promise<unknown>>();
  let cacheFolder: string | null = null;

  async function startWorker(): Promise<PooledWorker> {
    started += 1;
    // cacheMethod 'none' reads and writes no cached model; the folder only keeps tesseract.js
    // from falling back to the working directory should that ever change.
    cacheFolder ??= mkdtempSync(join(tmpdir(), 'brevity-ocr-'));
    const creating = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: ENGLISH_DATA,
      corePath: CORE,
      cachePath: cacheFolder,
      cacheMethod: 'none',
      gzip: true,
      ...(options.workerPath === undefined ? {} : { workerPath: options.workerPath }),
      // Without a handler tesseract.js throws a failed job's error from a message listener,
      // where nothing can catch it; the job's own promise is rejected either way.
      errorHandler: () => {},
    });
    let startTimer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      startTimer = setTimeout(
        () => reject(new Error(`An OCR worker did not start within ${startTimeoutMs} ms.`)),
        startTimeoutMs,
      );
    });
    let tesseract: Tesseract.Worker;
    try {
      tesseract = await Promise.race([creating, gaveUp]);
    } catch (error) {
      // A worker that was only slow is stopped when it turns up; a dead one never does.
      creating.then(
        (late) => void late.terminate(),
        () => {},
      );
      throw error;
    } finally {
      clearTimeout(startTimer);
    }
    const thread = threadOf(tesseract);
    const crashed = new Promise<never>((_, reject) => {
      const fail = () => reject(new DocumentError('malformed', 'The image could not be decoded.'));
      thread?.once('error', fail);
      thread?.once('exit', fail);
    });
    crashed.catch(() => {});
    return { tesseract, thread, crashed };
  }

  function acquire(signal: AbortSignal): Promise<PooledWorker> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const ready = idle.pop();
    if (ready) {
      clearTimeout(idleTimers.get(ready));
      idleTimers.delete(ready);
      busy.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise<PooledWorker>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (worker) => {
          signal.removeEventListener('abort', onAbort);
          resolve(worker);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      growIfNeeded();
    });
  }

  /** Starts a worker when someone waits and the pool has room: workers are made lazily. */
  function growIfNeeded(): void {
    if (closed || waiters.length <= starting || busy.size + idle.length + starting >= size) return;
    starting += 1;
    startWorker().then(
      (worker) => {
        starting -= 1;
        release(worker);
      },
      (error: unknown) => {
        starting -= 1;
        // tesseract.js rejects with a bare string; the next waiter gets a try of its own.
        waiters.shift()?.reject(error instanceof Error ? error : new Error(String(error)));
        growIfNeeded();
      },
    );
  }

  function release(worker: PooledWorker): void {
    busy.delete(worker);
    if (closed) {
      void worker.tesseract.terminate();
      return;
    }
    const waiter = waiters.shift();
    if (waiter) {
      busy.add(worker);
      waiter.resolve(worker);
    } else {
      idle.push(worker);
      const timer = setTimeout(() => {
        idleTimers.delete(worker);
        idle.splice(idle.indexOf(worker), 1);
        void worker.tesseract.terminate();
      }, idleMs);
      timer.unref();
      idleTimers.set(worker, timer);
    }
  }

  /** A worker whose job was abandoned or failed is stopped: WebAssembly cannot be interrupted. */
  function discard(worker: PooledWorker): void {
    busy.delete(worker);
    void worker.tesseract.terminate();
    growIfNeeded();
  }

  async function recognizeImage(
    bytes: Uint8Array,
    { timeoutMs, signal, onStart }: RecognizeOptions,
  ): Promise<RecognizedText> {
    const header = readImageHeader(bytes);
    const pixels = header.width * header.height;
    if (pixels > maxPixels) {
      throw new DocumentError(
        'too-large',
        `The image is ${header.width.toLocaleString('en-US')} × ` +
          `${header.height.toLocaleString('en-US')} pixels (${megapixels(pixels)} megapixels); ` +
          `at most ${megapixels(maxPixels)} megapixels can be read.`,
      );
    }
    if (closed) throw new Error('The OCR reader is closed.');
    const timer = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)));
    const deadline = signal ? AbortSignal.any([timer, signal]) : timer;
    const timedOut = () =>
      new DocumentError(
        'timed-out',
        `Reading the image took more than ${timeoutMs / 1000} seconds.`,
      );

    let worker: PooledWorker;
    try {
      worker = await acquire(deadline);
    } catch (error) {
      if (timer.aborted && !signal?.aborted) throw timedOut();
      throw error;
    }
    let page: Tesseract.Page;
    try {
      const image = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
      onStart?.();
      // The reader may have been closed from onStart: a stopped worker is given no job.
      if (closed) throw new Error('The OCR reader is closed.');
      const job = worker.tesseract.recognize(image);
      page = (await Promise.race([job, abandonedBy(deadline), worker.crashed])).data;
    } catch (error) {
      discard(worker);
      if (closed) throw new Error('The OCR reader is closed.');
      if (timer.aborted && !signal?.aborted) throw timedOut();
      if (signal?.aborted) throw error;
      if (error instanceof DocumentError) throw error;
      throw new DocumentError('malformed', 'The image could not be decoded.');
    }
    release(worker);

    const text = page.text.trim();
    const confidence = Math.max(0, Math.min(1, page.confidence / 100));
    // Noise, a texture or a picture is "read" as letters in which Tesseract has no confidence
    // (about 0.2 on random noise; over 0.8 on the evaluation data's real scans): not text.
    if (!/[\p{L}\p{N}]/u.test(text) || confidence < MIN_CONFIDENCE) {
      throw new DocumentError('no-text', 'No text was found in the image.');
    }
    return { text, confidence };
  }

  function recognizePdfPages(bytes: Uint8Array, options: PdfOcrOptions): Promise<RecognizedPage[]> {
    const reading = readPdfPages(bytes, options);
    const settled = reading.then(
      () => {},
      () => {},
    );
    readingPdfs.add(settled);
    void settled.then(() => readingPdfs.delete(settled));
    return reading;
  }

  async function readPdfPages(
    bytes: Uint8Array,
    { timeoutMs, signal, pages, maxPages = OCR_MAX_PAGES, onPage }: PdfOcrOptions,
  ): Promise<RecognizedPage[]> {
    if (closed) throw new Error('The OCR reader is closed.');
    const timer = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)));
    // Stopped when one page fails, so that the others free their workers.
    const failed = new AbortController();
    const stops = [timer, failed.signal, closing.signal];
    const deadline = AbortSignal.any(signal ? [...stops, signal] : stops);
    const request = {
      bytes,
      pages: pages ? [...pages] : null,
      maxPages,
      dpi: PDF_DPI,
      maxPixels,
      ahead: RENDER_AHEAD,
    };
    let toRead = 0;
    const refuseTooMany = (count: number) => {
      toRead = pages ? pages.filter((page) => page >= 1 && page <= count).length : count;
      if (toRead > maxPages) throw tooManyScannedPages(toRead, maxPages);
    };
    const recognised: Promise<RecognizedPage>[] = [];
    // Pages drawn but not yet recognised are held here: at most one a worker and one more, so
    // that drawing never runs far ahead of reading (each page is a few MB of PNG).
    let inFlight = 0;
    let slotFreed: (() => void) | null = null;
    let started = 0;
    const readPage = async (page: number, png: Buffer): Promise<RecognizedPage> => {
      try {
        // The document's deadline, started first, ends a page before the page's own would.
        const onStart = () => {
          started += 1;
          onPage?.(started, toRead);
        };
        return { page, ...(await recognizeImage(png, { timeoutMs, signal: deadline, onStart })) };
      } catch (error) {
        if (error instanceof DocumentError && error.kind === 'no-text') {
          return { page, text: '', confidence: 0 };
        }
        // One page failing fails the document: the pages still to draw are not drawn.
        failed.abort(error);
        throw error;
      } finally {
        inFlight -= 1;
        slotFreed?.();
        slotFreed = null;
      }
    };
    try {
      // Each page is recognised as soon as it is drawn; the pool decides how many at once.
      for await (const { page, png } of renderPdfPages(request, deadline, refuseTooMany)) {
        inFlight += 1;
        const reading = readPage(page, png);
        reading.catch(() => {});
        recognised.push(reading);
        while (inFlight > size && !deadline.aborted) {
          await new Promise<void>((resolve) => (slotFreed = resolve));
        }
      }
      const results = await Promise.all(recognised);
      if (!results.some((result) => result.text !== '')) {
        throw new DocumentError('no-text', 'No text was found on the pages of the PDF.');
      }
      return results;
    } catch (error) {
      failed.abort();
      if (timer.aborted && !signal?.aborted) {
        throw new DocumentError(
          'timed-out',
          `Reading the scanned pages took more than ${timeoutMs / 1000} seconds.`,
        );
      }
      throw error;
    }
  }

  async function close(): Promise<void> {
    closed = true;
    closing.abort(new Error('The OCR reader is closed.'));
    for (const waiter of waiters.splice(0)) {
      waiter.reject(new Error('The OCR reader is closed.'));
    }
    for (const timer of idleTimers.values()) clearTimeout(timer);
    idleTimers.clear();
    const workers = [...idle.splice(0), ...busy];
    busy.clear();
    await Promise.all(workers.map((worker) => worker.tesseract.terminate()));
    // Their rendering threads are stopped as they give up.
    await Promise.all(readingPdfs);
    if (cacheFolder) rmSync(cacheFolder, { recursive: true, force: true });
  }

  return {
    recognizeImage,
    recognizePdfPages,
    close,
    get workersStarted() {
      return started;
    },
    get workersAlive() {
      return busy.size + idle.length;
    },
  };
}

/** A promise that rejects with the signal's reason once it is aborted. */
function abandonedBy(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** More pages without a text layer than OCR reads in one document (OCR_MAX_PAGES). */
export function tooManyScannedPages(count: number, maxPages: number): DocumentError {
  return new DocumentError(
    'too-large',
    `This PDF has ${count.toLocaleString('en-US')} pages without a text layer; ` +
      `Brevity reads at most ${maxPages.toLocaleString('en-US')} by OCR.`,
  );
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** The worker_threads Worker tesseract.js keeps on its worker object (not in its typings). */
function threadOf(worker: Tesseract.Worker): ThreadWorker | null {
  const thread: unknown = Reflect.get(worker, 'worker');
  if (thread && typeof thread === 'object' && 'once' in thread) return thread as ThreadWorker;
  return null;
}
