import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The machine-readable failure codes of API.md, one per HTTP status it names. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'INSUFFICIENT_CREDITS'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_FILE_TYPE'
  /** 415: a web address whose content is not HTML, plain text, PDF, .docx or an image. */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** 400: a web address Brevity may not fetch (scheme, credentials, port, internal address). */
  | 'URL_NOT_ALLOWED'
  /** 422: a web address that could not be read (no such name, refused, 4xx/5xx, too slow). */
  | 'URL_UNREACHABLE'
  /** 422: a real file with no text to summarize (a scanned PDF, an empty document). */
  | 'NO_TEXT'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  /** 503: the summarizer failed unexpectedly; nothing was charged. */
  | 'SUMMARIZER_UNAVAILABLE'
  /** 499: the client went away before its summary was stored; nothing was charged. */
  | 'CANCELLED'
  /**
   * 503: the database is unreachable or too slow, or the server is too busy (password hashing
   * or file reading queues full); nothing was charged; try again later (Retry-After).
   */
  | 'SERVICE_UNAVAILABLE';

/** One broken rule of a request value; `field` is the dotted path of the value (`name`, `items.0.id`). */
export interface FieldError {
  field: string;
  message: string;
}

/** The failure envelope of API.md. `requestId` is present on 500 responses. */
export interface ErrorBody {
  success: false;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  requestId?: string;
}

export interface AppErrorOptions {
  /** Extra response headers, e.g. `Retry-After` on 429. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failure the client is meant to see. Throw it from a route, service or middleware;
 * `app.onError` renders it as the API.md envelope with `status`.
 * `message` is a sentence for a person (SPEC.md's exact text where it has one).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    errors?: FieldError[],
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = options.headers ?? {};
  }

  /** The envelope this error renders as. */
  toBody(): ErrorBody {
    return {
      success: false,
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}
