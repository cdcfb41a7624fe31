import type { LogLevel } from '../config';
import { createLogger } from '../lib/logger';
import type { LogEntry, Logger } from '../lib/logger';

/** A serialized error back as an Error, so a test's console shows its message and stack. */
function toError(serialized: NonNullable<LogEntry['err']>): Error {
  const error = new Error(serialized.message ?? '');
  error.name = serialized.type ?? 'Error';
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

/**
 * The tests' logger: warnings and errors go to console.warn and console.error as
 * `[request id] message` and the error, so vitest.setup.ts fails a test on an unexpected
 * error and a test can spy on an expected one; lower levels are dropped.
 */
export function createConsoleLogger(level: LogLevel = 'warn'): Logger {
  return createLogger({
    level,
    format: 'json',
    destination: {
      write(line: string) {
        const entry = JSON.parse(line) as LogEntry;
        const text = `${entry.requestId ? `[${entry.requestId}] ` : ''}${entry.msg ?? ''}`;
        const args: unknown[] = entry.err ? [text, toError(entry.err)] : [text];
        if (entry.level >= 50) console.error(...args);
        else if (entry.level >= 40) console.warn(...args);
      },
    },
  });
}
