import { parentPort } from 'node:worker_threads';
import { answerRequest } from './documents/file-extraction';
import type { ExtractionMessage, ExtractionRequest } from './documents/file-extraction';
import { loadPdfReader } from './documents/pdf-text';

/*
 * The entry of a file-extraction worker thread (documents/file-extraction-pool.ts
 * starts it; the build bundles it as dist/extraction-thread.js). It loads its libraries, says
 * it is ready, then answers one request at a time. The pool's heap limit and time-out apply
 * to everything done here; an uncaught failure ends the thread, never the server.
 */

const port = parentPort;
if (port === null) throw new Error('extraction-thread.ts runs only as a worker thread');

await loadPdfReader();
port.on('message', (request: ExtractionRequest) => {
  void answerRequest(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ type: 'ready' } satisfies ExtractionMessage);
