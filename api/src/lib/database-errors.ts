import { AppError } from './app-error';

/** The message of every 503 caused by the database, for a person. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now. Please try again in a moment.';

/** Seconds a client is told to wait before trying again after a database failure. */
const RETRY_AFTER_SECONDS = '5';

/*
 * SQLSTATEs that mean "the database is away or overloaded", not "this request is wrong":
 * class 08 (connection exceptions, tested by prefix), 57P01..57P03 (the server shuts down or
 * cannot take connections yet), 57014 (a statement cancelled, here by statement_timeout),
 * 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** Node socket errors of a connection that failed or was refused. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What `pg` and pg-pool throw, in their own words, when a connection fails or times out. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Connection terminated due to connection timeout$/,
];

/** True when `error` (or its cause) says the database could not be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
    }
    const { message } = current;
    if (PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** The 503 SERVICE_UNAVAILABLE answered for a database failure, with Retry-After. */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
    headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    cause,
  });
}
