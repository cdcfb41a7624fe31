import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import type { PdfRenderCredit, PdfRenderMessage, PdfRenderRequest } from './pdf-page-renderer';

/*
 * The entry of a PDF page-rendering thread (pdf-page-renderer.ts starts one per document; the
 * build bundles it as dist/documents/ocr/pdf-render-thread.js). PDF.js and Skia run here, off
 * the event loop, on a file nobody vouches for: an uncaught failure ends this thread, never the
 * server. It says how many pages the document has, then sends each page asked for as a PNG.
 */

const port = parentPort;
if (port === null) throw new Error('pdf-render-thread.ts runs only as a worker thread');
const request = workerData as PdfRenderRequest;

function send(message: PdfRenderMessage, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

// Pages that may be drawn before the reader takes them (the reader sends `more` a page taken).
let credits = Math.max(1, request.ahead);
let wake: (() => void) | null = null;
port.on('message', (message: PdfRenderCredit) => {
  if (message.type !== 'more') return;
  credits += 1;
  wake?.();
  wake = null;
});

async function mayDraw(): Promise<void> {
  while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
}

try {
  const pdf = await getDocumentProxy(request.bytes);
  send({ type: 'pages', count: pdf.numPages });
  const wanted = request.pages ?? Array.from({ length: pdf.numPages }, (_, index) => index + 1);
  for (const number of wanted.slice(0, request.maxPages)) {
    if (number < 1 || number > pdf.numPages) continue;
    await mayDraw();
    const page = await pdf.getPage(number);
    // A page's size is the file's to say: keep a giant page under the decoder's pixel limit.
    const { width, height } = page.getViewport({ scale: request.dpi / 72 });
    const shrink = Math.min(1, Math.sqrt(request.maxPixels / Math.max(1, width * height)));
    const png = await renderPageAsImage(pdf, number, {
      canvasImport: () => import('@napi-rs/canvas'),
      scale: (request.dpi / 72) * shrink,
    });
    page.cleanup();
    send({ type: 'page', page: number, png }, [png]);
  }
  send({ type: 'done' });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
