import type { FileKind } from '../../lib/file-extractor';
import { AppError } from '../../lib/app-error';
import type { ErrorCode, FieldError } from '../../lib/app-error';
import { extractDocxText } from './docx-text';
import { extractPdfText } from './pdf-text';
import { decodeTextFile } from './text-file';
import { noText } from './upload-errors';

/*
 * What runs inside an extraction worker thread (src/extraction-thread.ts): one file's bytes
 * in, its plain text out, or the AppError to answer with. The messages both ways are plain
 * data, so they cross the thread boundary as they are.
 */

export const FILE_KINDS: readonly FileKind[] = ['txt', 'docx', 'pdf'];

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
  | {
      type: 'refused';
      id: number;
      status: AppError['status'];
      code: ErrorCode;
      message: string;
      errors: FieldError[] | undefined;
    }
  | { type: 'failed'; id: number; message: string };

/**
 * The text of a file of `kind`, judged by its content. Throws the AppError to answer with:
 * 415 not a real file of that kind, 413 too large once unpacked, 400 far over the character
 * limit, 422 NO_TEXT when a real file holds nothing but white space.
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
    if (error instanceof AppError) {
      return {
        type: 'refused',
        id: request.id,
        status: error.status,
        code: error.code,
        message: error.message,
        errors: error.errors,
      };
    }
    return {
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}
