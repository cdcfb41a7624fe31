import { IncomingMessage } from 'node:http';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';
import type { ErrorBody, ErrorCode } from '../lib/app-error';
import type { AppEnv } from '../app-env';
import type { NodeBindings } from '../lib/node-bindings';
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/database-errors';
import { validationError } from '../lib/validation';

const CODES_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  402: 'INSUFFICIENT_CREDITS',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_FILE_TYPE',
  429: 'RATE_LIMITED',
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';
const INCOMPLETE_BODY_MESSAGE = 'The request was not received in full';

/** True when the client's own connection failed while its body was being read (it gave up, or was timed out). */
function clientBodyFailed(c: Context<AppEnv>): boolean {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  return incoming instanceof IncomingMessage && !incoming.complete && incoming.errored !== null;
}

function render(c: Context<AppEnv>, error: AppError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.toBody(), error.status);
}

/** Hono's own 4xx exceptions (malformed JSON, bad form data) as AppErrors. */
function fromHttpException(error: HTTPException): AppError | null {
  const code = CODES_BY_STATUS[error.status];
  if (error.status >= 500 || !code) return null;
  const message = error.message || 'The request could not be processed';
  return new AppError(error.status, code, message, undefined, { cause: error });
}

/**
 * `app.onError`: an AppError (or zod / Hono 4xx error) becomes its API.md envelope; a
 * database that cannot be reached or did not answer in time becomes 503 SERVICE_UNAVAILABLE
 * with Retry-After; anything else is logged with the request id and answered as a plain
 * 500 INTERNAL that carries the id, never the error's text, stack or SQL.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) return render(c, error);
  if (error instanceof ZodError) return render(c, validationError(error.issues));
  if (error instanceof HTTPException) {
    const known = fromHttpException(error);
    if (known) return render(c, known);
  }
  const { logger } = c.var.deps;
  if (clientBodyFailed(c)) {
    // Nobody may be left to read the answer; it is no fault of ours.
    logger.info({ err: error }, `${c.req.method} ${c.req.path}: the client's body did not arrive`);
    return render(c, new AppError(400, 'VALIDATION_ERROR', INCOMPLETE_BODY_MESSAGE));
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, `${c.req.method} ${c.req.path}: the database is unavailable`);
    return render(c, databaseUnavailable(error));
  }
  const requestId = c.get('requestId') ?? 'unknown';
  logger.error({ err: error }, `${c.req.method} ${c.req.path} failed:`);
  c.header('X-Request-Id', requestId);
  const body: ErrorBody = {
    success: false,
    code: 'INTERNAL',
    message: INTERNAL_MESSAGE,
    requestId,
  };
  return c.json(body, 500);
};

/** `app.notFound`: the 404 envelope under /api; a plain 404 elsewhere. */
export const handleNotFound: NotFoundHandler<AppEnv> = (c) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    const body: ErrorBody = {
      success: false,
      code: 'NOT_FOUND',
      message: 'The requested resource was not found',
    };
    return c.json(body, 404);
  }
  return c.text('Not Found', 404);
};
