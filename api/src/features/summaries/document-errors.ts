import { DocumentError } from '../../documents/document-error';
import type { DocumentErrorKind } from '../../documents/document-error';
import type { ExtractOptions } from '../../documents/file-extractor';
import { readUploadedFile } from '../../documents/uploaded-file';
import type { UploadedText } from '../../documents/uploaded-file';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/app-env';
import type { ErrorCode } from '../../lib/app-error';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/*
 * The one place a document that cannot be read becomes an answer of the API (API.md "Limits"
 * and "Errors"): the documents module says what went wrong, this says which status and code.
 */

const ANSWERS: Record<DocumentErrorKind, { status: ContentfulStatusCode; code: ErrorCode }> = {
  unsupported: { status: 415, code: 'UNSUPPORTED_FILE_TYPE' },
  malformed: { status: 415, code: 'UNSUPPORTED_FILE_TYPE' },
  'too-large': { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  'timed-out': { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  // As for pasted text over the limit, on the field that held the text.
  'too-long': { status: 400, code: 'VALIDATION_ERROR' },
  'no-text': { status: 422, code: 'NO_TEXT' },
  'not-allowed': { status: 429, code: 'RATE_LIMITED' },
  busy: { status: 503, code: 'SERVICE_UNAVAILABLE' },
};

/**
 * The AppError answering `error`: 415 a file that is not of an accepted kind or cannot be read,
 * 413 past a size, memory or time limit, 400 on the field `file` far over the character limit,
 * 422 NO_TEXT, 429 an owner over their fair share of the readers, 503 every reader busy (the
 * last two with Retry-After).
 */
export function documentErrorResponse(error: DocumentError): AppError {
  const { status, code } = ANSWERS[error.kind];
  const errors =
    error.kind === 'too-long' ? [{ field: 'file', message: error.message }] : undefined;
  const headers =
    error.retryAfterSeconds === undefined
      ? undefined
      : { 'Retry-After': String(error.retryAfterSeconds) };
  return new AppError(status, code, error.message, errors, {
    cause: error,
    ...(headers ? { headers } : {}),
  });
}

/**
 * The text of an uploaded file, read by the documents module in a worker thread
 * (readUploadedFile), its refusals answered as documentErrorResponse says.
 */
export async function readUploadedDocument(
  deps: Pick<AppDeps, 'fileExtractor'>,
  file: File,
  options: ExtractOptions = {},
): Promise<UploadedText> {
  try {
    return await readUploadedFile(file, deps.fileExtractor, options);
  } catch (error) {
    if (error instanceof DocumentError) throw documentErrorResponse(error);
    throw error;
  }
}
