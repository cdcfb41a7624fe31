import { AppError } from '../../lib/app-error';
import { MAX_CHARS } from '../../lib/product-constants';

/*
 * The answers an upload can get while it is read, shared by the name check, the extractors
 * (which run in worker threads and send these back) and the worker pool.
 */

export const UNSUPPORTED_FILE_MESSAGE = 'Only .txt, .docx and .pdf files are supported';
export const FILE_TOO_LARGE_MESSAGE = 'File exceeds the 10MB limit';

/** What the user is told when a real file of each kind holds no text (422 NO_TEXT). */
export const NO_TEXT_MESSAGES = {
  txt: 'This text file is empty: it holds no text to summarize.',
  docx: 'This .docx file has no text to summarize (it may hold only images). Add some text, or paste it instead.',
  pdf: 'This PDF has no text layer (it looks like a scanned image). Brevity needs selectable text: try a PDF exported from a word processor, or paste the text.',
} as const;

/** 415 UNSUPPORTED_FILE_TYPE: not a real file of an accepted kind, or one that cannot be read. */
export function unsupportedFile(message = UNSUPPORTED_FILE_MESSAGE, cause?: unknown): AppError {
  return new AppError(415, 'UNSUPPORTED_FILE_TYPE', message, undefined, { cause });
}

/** 413 PAYLOAD_TOO_LARGE with a sentence saying which limit the file went past. */
export function tooLargeToRead(message: string, cause?: unknown): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, undefined, { cause });
}

/** 422 NO_TEXT: a real file of the kind, with nothing to summarize in it. */
export function noText(kind: keyof typeof NO_TEXT_MESSAGES): AppError {
  return new AppError(422, 'NO_TEXT', NO_TEXT_MESSAGES[kind]);
}

/**
 * 400 on the field `file`, as for any text over the limit, when the exact count is not known
 * because the file was refused before all of its text was read: `at least` or `more than` N.
 */
export function contentFarTooLong(bound: 'at least' | 'more than', count: number): AppError {
  const message = `Content exceeds maximum ${MAX_CHARS.toLocaleString('en-US')} characters (current: ${bound} ${count})`;
  return new AppError(400, 'VALIDATION_ERROR', message, [{ field: 'file', message }]);
}
