export type SummarizerErrorCode =
  /** The text to summarize is empty. */
  | 'INVALID_INPUT'
  /** The caller aborted the request (its AbortSignal fired). */
  | 'ABORTED'
  /** The provider did not answer within the time-out. */
  | 'TIMEOUT'
  /** The provider asked us to slow down (HTTP 429) and we gave up waiting. */
  | 'RATE_LIMITED'
  /** The provider failed (HTTP 5xx) or could not be reached. */
  | 'UNAVAILABLE'
  /** The provider refused the request as made (HTTP 4xx other than 429): key, model, input. */
  | 'REJECTED'
  /** The provider blocked the prompt or the answer (safety, recitation...). */
  | 'BLOCKED'
  /** The provider answered with no text. */
  | 'EMPTY_RESPONSE'
  /** The provider's answer was cut short or malformed (not JSON of the agreed shape). */
  | 'INCOMPLETE';

/**
 * A summarization failure the caller can act on. `retryable` tells a job queue whether running
 * the same job again later may succeed; `retryAfterMs` is the provider's own hint, when it gave
 * one. The composed summarizer (createSummarizer) falls back to the local summarizer instead of
 * throwing these for provider failures; it throws only for INVALID_INPUT and ABORTED, and, when
 * a queued job asks (`throwPassing`), for a rate limit, an outage or a time-out.
 */
export class SummarizerError extends Error {
  override readonly name = 'SummarizerError';
  readonly code: SummarizerErrorCode;
  readonly retryable: boolean;
  /** HTTP status of the provider's answer, when there was one. */
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    code: SummarizerErrorCode,
    message: string,
    options: { retryable: boolean; status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}
