import { DocumentError } from '../../documents/document-error';
import type { DocumentErrorKind } from '../../documents/document-error';
import { AppError } from '../../lib/app-error';
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
  'over-share': { status: 429, code: 'RATE_LIMITED' },
  busy: { status: 503, code: 'SERVICE_UNAVAILABLE' },
  'not-allowed': { status: 400, code: 'URL_NOT_ALLOWED' },
  unreachable: { status: 422, code: 'URL_UNREACHABLE' },
};

/** A web address's answers where they differ from a file's (API.md round 3). */
const URL_ANSWERS: Partial<typeof ANSWERS> = {
  unsupported: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  'too-long': { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/**
 * The AppError answering `error` about a file or a web address (`from`): 415 a file that is not
 * of an accepted kind or cannot be read (UNSUPPORTED_MEDIA_TYPE for an address's content), 413
 * past a size, memory or time limit, 400 on the field `file` far over the character limit (413
 * for an address), 422 NO_TEXT, 429 an owner over their fair share of the readers, 503 every
 * reader busy (the last two with Retry-After), 400 URL_NOT_ALLOWED, 422 URL_UNREACHABLE.
 */
export function documentErrorResponse(
  error: DocumentError,
  from: 'file' | 'url' = 'file',
): AppError {
  const { status, code } =
    (from === 'url' ? URL_ANSWERS[error.kind] : undefined) ?? ANSWERS[error.kind];
  const errors =
    error.kind === 'too-long' && from === 'file'
      ? [{ field: 'file', message: error.message }]
      : undefined;
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
 * What `read` gives, its documents module's refusals answered as documentErrorResponse says
 * (a file or a web address read by AppDeps.documents).
 */
export async function readDocument<T>(read: () => Promise<T>, from: 'file' | 'url'): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DocumentError) throw documentErrorResponse(error, from);
    throw error;
  }
}
