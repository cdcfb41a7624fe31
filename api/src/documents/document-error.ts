import { MAX_DOCUMENT_CHARS } from '../lib/product-constants';
import type { UploadKind } from './file-kinds';
import { UNSUPPORTED_FILE_MESSAGE } from './file-kinds';

/*
 * How reading a document fails. The documents module knows nothing of HTTP: it throws a
 * DocumentError naming what went wrong (its kind) with a sentence for the person; the caller
 * (features/summaries/document-errors.ts) decides what to answer. A worker thread sends the
 * kind and the sentence back as plain data (file-extraction.ts).
 */

/**
 * - `unsupported`: not a file of an accepted kind (by its name or its content).
 * - `malformed`: a file of its kind that cannot be read (damaged, encrypted, not UTF-8...).
 * - `too-large`: past a size, memory or structure limit; the message names which.
 * - `too-long`: more text than the character limit (the message gives the count or a bound).
 * - `no-text`: a real file of its kind with nothing to read in it.
 * - `timed-out`: reading took longer than the time limit.
 * - `over-share`: its owner already has as many files waiting as they may (fair share).
 * - `busy`: every reader is busy; worth trying again later.
 * - `not-allowed`: a web address Brevity may not fetch (scheme, credentials, port, or an
 *   internal address, also through a redirect or a name resolving to one).
 * - `unreachable`: a web address that could not be read: no such name, a refused connection,
 *   an error status, or a page that never finished.
 */
export type DocumentErrorKind =
  | 'unsupported'
  | 'malformed'
  | 'too-large'
  | 'too-long'
  | 'no-text'
  | 'timed-out'
  | 'over-share'
  | 'busy'
  | 'not-allowed'
  | 'unreachable';

export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly kind: DocumentErrorKind,
    message: string,
    options: { cause?: unknown; retryAfterSeconds?: number | undefined } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** For `over-share` and `busy`: when trying again makes sense, in seconds. */
  readonly retryAfterSeconds: number | undefined;
}

export const FILE_TOO_LARGE_MESSAGE = 'File exceeds the 10MB limit';

/** What the user is told when a real file of each kind holds no text. */
export const NO_TEXT_MESSAGES: Record<UploadKind, string> = {
  txt: 'This text file is empty: it holds no text to summarize.',
  docx: 'This .docx file has no text to summarize (it may hold only images). Add some text, or paste it instead.',
  pdf: 'This PDF has no readable text: it has no text layer, and no text was found on its scanned pages. Try a sharper scan, or paste the text.',
  image:
    'No readable text was found in this scan or photo. Try a sharper, straighter picture of the page, or paste the text.',
};

/** Not a real file of an accepted kind. */
export function unsupportedFile(
  message = UNSUPPORTED_FILE_MESSAGE,
  cause?: unknown,
): DocumentError {
  return new DocumentError('unsupported', message, { cause });
}

/** A file of its kind that cannot be read: damaged, encrypted, or text that is not UTF-8. */
export function malformedFile(message: string, cause?: unknown): DocumentError {
  return new DocumentError('malformed', message, { cause });
}

/** Past a reading limit, with a sentence saying which. */
export function tooLargeToRead(message: string, cause?: unknown): DocumentError {
  return new DocumentError('too-large', message, { cause });
}

/** A real file of the kind, with nothing to summarize in it. */
export function noText(kind: UploadKind): DocumentError {
  return new DocumentError('no-text', NO_TEXT_MESSAGES[kind]);
}

/**
 * More text than the character limit, when the exact count is not known because the file was
 * refused before all of its text was read: `at least` or `more than` N.
 */
export function contentFarTooLong(bound: 'at least' | 'more than', count: number): DocumentError {
  return new DocumentError(
    'too-long',
    `Content exceeds maximum ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')} characters (current: ${bound} ${count})`,
  );
}
