import { parentPort } from 'node:worker_threads';
import { packDocx } from './features/summaries/docx-document';
import type { DocxReply, DocxRequest } from './features/summaries/docx-packer';

/*
 * The entry of the .docx packing thread (features/summaries/docx-packer.ts starts it; the build
 * bundles it as dist/docx-thread.js). It builds and zips each export it is sent and posts the
 * bytes back; a failure is answered as such, never thrown at the server.
 */

const port = parentPort;
if (port === null) throw new Error('docx-thread.ts runs only as a worker thread');

port.on('message', (request: DocxRequest) => {
  packDocx(request.content).then(
    (bytes) => port.postMessage({ id: request.id, bytes } satisfies DocxReply, [bytes.buffer]),
    (error: unknown) =>
      port.postMessage({ id: request.id, error: String(error) } satisfies DocxReply),
  );
});
