/**
 * Why an image or a scanned page could not be read (issue 27). The documents module knows
 * nothing of HTTP: the summaries feature maps each failure to one API error.
 */
export type OcrFailure = 'too-large' | 'no-text' | 'unsupported' | 'malformed' | 'timed-out';

export class OcrError extends Error {
  constructor(
    readonly failure: OcrFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OcrError';
  }
}
