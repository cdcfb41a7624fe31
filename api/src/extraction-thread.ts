import { extractFile } from './documents/file-extraction';
import type { ExtractedText, ExtractionRequest } from './documents/file-extraction';
import { loadPdfReader } from './documents/pdf-text';
import { serveTasks } from './lib/thread-pool';

/*
 * The entry of a file-extraction worker thread (documents/file-extraction-pool.ts
 * starts it; the build bundles it as dist/extraction-thread.js). It loads its libraries, says
 * it is ready, then reads one file at a time (serveTasks): its text, or the DocumentError
 * saying why not. The pool's heap limit and time-out apply to everything done here; an uncaught
 * failure ends the thread, never the server.
 */

await loadPdfReader();
serveTasks<ExtractionRequest, ExtractedText>((request) =>
  extractFile(request.kind, request.bytes, { includeHidden: request.includeHidden }),
);
