import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../documents/document-error';
import type { DocumentErrorKind } from '../../documents/document-error';
import { documentErrorResponse } from './document-errors';

describe('documentErrorResponse', () => {
  it.each<[DocumentErrorKind, number, string]>([
    ['unsupported', 415, 'UNSUPPORTED_FILE_TYPE'],
    ['malformed', 415, 'UNSUPPORTED_FILE_TYPE'],
    ['too-large', 413, 'PAYLOAD_TOO_LARGE'],
    ['timed-out', 413, 'PAYLOAD_TOO_LARGE'],
    ['no-text', 422, 'NO_TEXT'],
    ['busy', 503, 'SERVICE_UNAVAILABLE'],
    ['over-share', 429, 'RATE_LIMITED'],
    ['not-allowed', 400, 'URL_NOT_ALLOWED'],
    ['unreachable', 422, 'URL_UNREACHABLE'],
  ])('answers %s with %i %s and the same sentence', (kind, status, code) => {
    const answer = documentErrorResponse(new DocumentError(kind, 'Why, in words'));
    expect(answer).toMatchObject({ status, code, message: 'Why, in words', errors: undefined });
    expect(answer.headers).toEqual({});
  });

  it('answers too-long as a 400 on the field file, as for pasted text over the limit', () => {
    const answer = documentErrorResponse(new DocumentError('too-long', 'Content exceeds it'));
    expect(answer).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Content exceeds it',
      errors: [{ field: 'file', message: 'Content exceeds it' }],
    });
  });

  it('passes a Retry-After on, and keeps the document error as its cause', () => {
    const error = new DocumentError('busy', 'Busy', { retryAfterSeconds: 30 });
    const answer = documentErrorResponse(error);
    expect(answer.headers).toEqual({ 'Retry-After': '30' });
    expect(answer.cause).toBe(error);
  });
});
