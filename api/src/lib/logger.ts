import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';
import type { DestinationStream, Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../config';

/** The app's logger (pino): JSON lines, each with the request id while a request runs. */
export type Logger = PinoLogger;

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Runs `work` as part of request `requestId`: every line logged inside it, however deep,
 * carries `requestId`.
 */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, left out of the readable line's extras. */
const FRAME_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'requestId', 'err']);

/** One line as pino writes it. */
export interface LogEntry {
  level: number;
  time: number;
  msg?: string;
  requestId?: string;
  err?: { message?: string; stack?: string; type?: string };
  [field: string]: unknown;
}

/** One JSON line as `12:00:00 INFO [request id] message {extras}` and the stack, for people. */
export function formatLogLine(line: string): string {
  const entry = JSON.parse(line) as LogEntry;
  const time = new Date(entry.time).toISOString().slice(11, 19);
  const extras = Object.fromEntries(
    Object.entries(entry).filter(([field]) => !FRAME_FIELDS.has(field)),
  );
  const parts = [time, (LEVEL_NAMES[entry.level] ?? String(entry.level)).padEnd(5)];
  if (entry.requestId) parts.push(`[${entry.requestId}]`);
  parts.push(entry.msg ?? '');
  if (Object.keys(extras).length > 0) parts.push(JSON.stringify(extras));
  const stack = entry.err?.stack ?? entry.err?.message;
  return `${parts.join(' ')}${stack ? `\n  ${stack.replaceAll('\n', '\n  ')}` : ''}\n`;
}

export interface LoggerOptions {
  level: LogLevel;
  format: 'json' | 'pretty';
  /** Where lines go (default standard output). */
  destination?: DestinationStream;
}

/** A logger that writes JSON lines, or readable ones with `format: 'pretty'`. */
export function createLogger(options: LoggerOptions): Logger {
  const out = options.destination ?? process.stdout;
  const destination: DestinationStream =
    options.format === 'pretty' ? { write: (line) => out.write(formatLogLine(line)) } : out;
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    destination,
  );
}
