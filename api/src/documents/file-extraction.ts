import { DocumentError, noText } from './document-error';
import type { DocumentErrorKind } from './document-error';
import { extractDocxText } from './docx-text';
import type { FileKind } from './file-kinds';
import { extractPdfText } from './pdf-text';
import { decodeTextFile } from './text-file';

/*
 * What runs inside an extraction worker thread (src/extraction-thread.ts): one file's bytes
 * in, its plain text out, or the DocumentError saying why not. The messages both ways are plain
 * data, so they cross the thread boundary as they are.
 */

/** Main thread to worker: read this file. `bytes` is transferred, not copied. */
export interface ExtractionRequest {
  id: number;
  kind: FileKind;
  bytes: Uint8Array;
}

/** Worker to main thread: it started and loaded its libraries, or the answer to one request. */
export type ExtractionMessage =
  | { type: 'ready' }
  | { type: 'text'; id: number; text: string }
  | { type: 'refused'; id: number; kind: DocumentErrorKind; message: string }
  | { type: 'failed'; id: number; message: string };

/**
 * The text of a file of `kind`, judged by its content. Throws a DocumentError: `unsupported`
 * or `malformed` when it is not a real, readable file of that kind, `too-large` once unpacked,
 * `too-long` far over the character limit, `no-text` when it holds nothing but white space.
 */
export async function extractFileText(kind: FileKind, bytes: Uint8Array): Promise<string> {
  let text: string;
  switch (kind) {
    case 'txt':
      text = decodeTextFile(bytes);
      break;
    case 'docx':
      text = await extractDocxText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      break;
    case 'pdf':
      text = await extractPdfText(bytes);
      break;
  }
  if (text.trim() === '') throw noText(kind);
  return text;
}

/** The reply to a request, whatever extractFileText did. */
export async function answerRequest(request: ExtractionRequest): Promise<ExtractionMessage> {
  try {
    return {
      type: 'text',
      id: request.id,
      text: await extractFileText(request.kind, request.bytes),
    };
  } catch (error) {
    if (error instanceof DocumentError) {
      return { type: 'refused', id: request.id, kind: error.kind, message: error.message };
    }
    return {
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}
