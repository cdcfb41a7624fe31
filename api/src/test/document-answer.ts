import { DocumentError } from '../documents/document-error';
import { documentErrorResponse } from '../features/summaries/document-errors';
import type { AppError } from '../lib/app-error';

/**
 * The API's answer to `error` when it is a document that could not be read (the summaries
 * feature's documentErrorResponse), or null for any other error: lets the documents module's
 * tests check the status, code and message a user gets, as they did before the module existed.
 */
export function documentAnswer(error: unknown): AppError | null {
  return error instanceof DocumentError ? documentErrorResponse(error) : null;
}
