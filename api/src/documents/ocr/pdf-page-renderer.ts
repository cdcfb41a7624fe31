import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentError } from '../document-error';

/** What a rendering thread is asked: the document, its pages (1-based; all when absent). */
export interface PdfRenderRequest {
  bytes: Uint8Array;
  pages: number[] | null;
  maxPages: number;
  dpi: number;
  maxPixels: number;
  /**
   * Pages the thread may draw before the reader has taken them: it then waits for a `more`
   * message a page taken, so that drawing never runs unboundedly ahead of recognising.
   */
  ahead: number;
}

/** Reader to thread: one more page may be drawn. */
export interface PdfRenderCredit {
  type: 'more';
}

export type PdfRenderMessage =
  | { type: 'pages'; count: number }
  | { type: 'page'; page: number; png: ArrayBuffer }
  | { type: 'done' }
  | { type: 'failed'; message: string };

export interface RenderedPage {
  /** 1-based. */
  page: number;
  png: Buffer;
}

/** The thread's heap: PDF.js parses the file there (Skia's pixels live outside the heap). */
const THREAD_MEMORY_MB = 512;

/**
 * Renders the pages of a PDF as PNG images in a thread of its own, one page after another so
 * that a page can be recognised while the next is drawn, but never more than `request.ahead`
 * pages ahead of the pages taken from the generator. `onPageCount` hears the document's page
 * count first and may throw to refuse it (too many pages). Aborting `signal` stops the thread.
 * A file PDF.js cannot open fails with `malformed`.
 */
export async function* renderPdfPages(
  request: PdfRenderRequest,
  signal: AbortSignal,
  onPageCount: (count: number) => void,
): AsyncGenerator<RenderedPage> {
  signal.throwIfAborted();
  const thread = startRenderThread(request);
  const queue: PdfRenderMessage[] = [];
  let wake: (() => void) | null = null;
  let ended: unknown = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  thread.on('message', (message: PdfRenderMessage) => {
    queue.push(message);
    notify();
  });
  thread.on('error', (error) => {
    // Running out of its heap is the document's doing; anything else (a thread that cannot
    // start, say) is ours, and is left to be logged as such.
    ended ??= isOutOfMemory(error)
      ? new DocumentError('malformed', 'The PDF needs more memory to draw than a document may use.')
      : error;
    notify();
  });
  thread.on('exit', () => {
    ended ??= new DocumentError('malformed', 'The PDF could not be rendered.');
    notify();
  });
  const onAbort = () => {
    ended ??= signal.reason;
    notify();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (signal.aborted) throw signal.reason;
        if (ended !== null) throw ended;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'pages') onPageCount(message.count);
      else if (message.type === 'page') {
        yield { page: message.page, png: Buffer.from(message.png) };
        const credit: PdfRenderCredit = { type: 'more' };
        thread.postMessage(credit);
      } else if (message.type === 'failed') throw malformed();
      else return;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    await thread.terminate();
  }
}

function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function malformed(): DocumentError {
  return new DocumentError('malformed', 'The PDF could not be read: it is damaged or not a PDF.');
}

/**
 * Where the thread's module is: beside this file in the sources (vitest, tsx); bundled, the
 * build's entry dist/documents/ocr/pdf-render-thread.js beside dist/server.js.
 */
function threadEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('./pdf-render-thread.ts', here)
    : new URL('./documents/ocr/pdf-render-thread.js', here);
}

/** A rendering thread working on `request` (a copy of its bytes); the caller terminates it. */
export function startRenderThread(request: PdfRenderRequest): Worker {
  // A copy of the view's bytes alone (cloning a view clones all of the memory behind it).
  return startThread(threadEntry(), { ...request, bytes: new Uint8Array(request.bytes) });
}

function startThread(entry: URL, workerData: PdfRenderRequest): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: THREAD_MEMORY_MB };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, resourceLimits });
  // The sources run through tsx, whose loader Node 20 does not pass on to worker threads: the
  // thread imports its entry through tsx's API (as features/summaries/file-extraction-pool.ts).
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(join(dirname(api), 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}
