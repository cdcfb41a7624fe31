import type { ExtractionConfig } from '../config';
import { threadEntry, ThreadPool } from '../lib/thread-pool';
import { DocumentError, tooLargeToRead } from './document-error';
import type { DocumentErrorKind } from './document-error';
import type { ExtractOptions, FileExtractor } from './file-extractor';
import type { ExtractedText, ExtractionRequest } from './file-extraction';
import type { FileKind } from './file-kinds';
import { readTextFile } from './text-file';

/*
 * Uploaded files are read in worker threads, so no file, however hostile, holds the event
 * loop: a ThreadPool (lib/thread-pool.ts) of EXTRACTION_CONCURRENCY threads, started on demand,
 * stopped when idle, with a queue in front. Each thread has a heap limit (EXTRACTION_MEMORY_MB)
 * and each file a wall-clock limit (EXTRACTION_TIMEOUT_SECONDS); past either the thread is
 * terminated, the file is refused (`too-large` or `timed-out`) with a sentence saying which, and
 * the next file gets a fresh thread. Memory outside the heap (typed arrays, which a heap limit
 * does not cover) is watched by the pool: if the process grows by more than the running
 * threads' share, they are stopped the same way. A thread that refused a PDF for a limit
 * (`too-large`), or failed, is stopped too: the next file gets a fresh thread, and the memory
 * the refused file took goes back with the old one.
 *
 * Fair under load (issue 24): each owner (the uploading user) has at most perOwnerConcurrency
 * files being read and maxQueuedPerOwner waiting; past that the owner alone is refused (`not-allowed`).
 * Threads take the owners' files in turn (round robin), so one user's many files wait behind
 * each other, not in front of another user's. A file that cannot start within the time limit
 * is refused as `busy`. Small .txt files are decoded here at once, with no thread: UTF-8
 * decoding is cheap and must not wait behind anyone's PDF. Files given no owner share one queue
 * with no per-owner limit.
 */

export interface FileExtractionPoolOptions extends ExtractionConfig {
  /** The thread's module; by default src/extraction-thread.ts, or dist/extraction-thread.js in the bundle. */
  entry?: URL;
  /** Files that may wait for a thread; more are refused at once as `busy`. Default: 8 per thread, 16 at least. */
  maxQueued?: number;
  /** An idle thread is stopped after this long, in ms. Default 30 s. */
  idleMs?: number;
  /** How often the process's memory is checked while files are read, in ms. Default 50. */
  memoryCheckMs?: number;
  /** Files of one owner read at once. Default 1. */
  perOwnerConcurrency?: number;
  /** Files of one owner that may wait; more are refused at once as `not-allowed`. Default 4. */
  maxQueuedPerOwner?: number;
  /**
   * A .txt file up to this size is decoded at once, without a thread. Default 256 KB: any text
   * within the 50,000-character limit (4 bytes a character at most), in a few milliseconds.
   */
  inlineTextMaxBytes?: number;
}

export const BUSY_MESSAGE = 'The server is busy reading other files. Please try again in a minute.';
export const OWNER_BUSY_MESSAGE =
  'You already have several files being read. Please wait for them to finish, then try again.';

function seconds(ms: number): string {
  const count = String(Number((ms / 1000).toFixed(1)));
  return count === '1' ? '1 second' : `${count} seconds`;
}

/** A file that took longer than the time limit. */
export function timeLimitError(timeoutMs: number): DocumentError {
  return new DocumentError(
    'timed-out',
    `The file took too long to read (over ${seconds(timeoutMs)}). It may be too large or too complex; try a smaller file, or paste its text.`,
  );
}

/** A file that needed more memory than a thread may use. */
export function memoryLimitError(memoryMb: number): DocumentError {
  return tooLargeToRead(
    `The file needs more memory to read than the server allows (${memoryMb} MB). It may be too large or too complex; try a smaller file, or paste its text.`,
  );
}

/** Every reader is busy and the queue is full (or waited on too long): try again in 30 s. */
function busyError(): DocumentError {
  return new DocumentError('busy', BUSY_MESSAGE, { retryAfterSeconds: 30 });
}

/** An owner who already has maxQueuedPerOwner files waiting: others still get in. */
function ownerBusyError(timeoutMs: number): DocumentError {
  return new DocumentError('over-share', OWNER_BUSY_MESSAGE, {
    retryAfterSeconds: Math.ceil(timeoutMs / 1000),
  });
}

/**
 * Where the thread's module is: src/extraction-thread.ts from the sources (vitest, tsx), or
 * dist/extraction-thread.js beside the bundle (the build's fourth entry point).
 */
export function defaultThreadEntry(): URL {
  return threadEntry(import.meta.url, '../extraction-thread.ts', './extraction-thread.js');
}

/** Whether `bytes` spans its whole buffer, so the buffer can be transferred as it is. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  if (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  ) {
    return bytes;
  }
  return new Uint8Array(bytes);
}

/** The pool of extraction threads; see the comment at the top of this file. */
export class FileExtractionPool implements FileExtractor {
  private readonly pool: ThreadPool<ExtractionRequest, ExtractedText>;
  private readonly timeoutMs: number;
  private readonly inlineTextMaxBytes: number;
  private closed = false;

  constructor(options: FileExtractionPoolOptions) {
    const { timeoutMs, memoryMb, concurrency } = options;
    this.timeoutMs = timeoutMs;
    this.inlineTextMaxBytes = options.inlineTextMaxBytes ?? 256 * 1024;
    this.pool = new ThreadPool<ExtractionRequest, ExtractedText>({
      name: 'extraction',
      entry: options.entry ?? defaultThreadEntry(),
      concurrency,
      memoryMb,
      idleMs: options.idleMs,
      maxQueued: options.maxQueued ?? Math.max(16, concurrency * 8),
      perOwnerConcurrency: options.perOwnerConcurrency ?? 1,
      maxQueuedPerOwner: options.maxQueuedPerOwner ?? 4,
      memoryCheckMs: options.memoryCheckMs ?? 50,
      errors: {
        outOfMemory: () => memoryLimitError(memoryMb),
        timedOut: () => timeLimitError(timeoutMs),
        busy: busyError,
        ownerBusy: () => ownerBusyError(timeoutMs),
        refused: (kind, message) => new DocumentError(kind as DocumentErrorKind, message),
        failed: (request, message) =>
          new Error(`Reading a .${request.kind} file failed in its thread: ${message}`),
      },
      // What pdf.js and the pre-check allocated outside the heap for a PDF refused for a size
      // limit goes with its thread. (A .docx refused by the zip guard allocated little: its
      // thread is kept, so the next file is quick.)
      retireAfterRefusal: (request, kind) => kind === 'too-large' && request.kind === 'pdf',
    });
  }

  /** Threads alive now (tests and measurements). */
  get threadCount(): number {
    return this.pool.threadCount;
  }

  async extract(kind: FileKind, bytes: Uint8Array, options: ExtractOptions = {}): Promise<string> {
    return (await this.extractDocument(kind, bytes, options)).text;
  }

  extractDocument(
    kind: FileKind,
    bytes: Uint8Array,
    options: ExtractOptions = {},
  ): Promise<ExtractedText> {
    if (this.closed) return Promise.reject(new Error('The file extraction pool is closed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (kind === 'txt' && bytes.length <= this.inlineTextMaxBytes) {
      return new Promise<ExtractedText>((resolve) => resolve({ text: readTextFile(bytes) }));
    }
    // A file refused at once (the owner's share or the queue full) is not copied first.
    const refused = this.pool.refusal(options.owner);
    if (refused !== undefined) return Promise.reject(refused);
    const own = ownBuffer(bytes);
    return this.pool.run(
      { kind, bytes: own, includeHidden: options.includeHidden ?? false },
      {
        timeoutMs: this.timeoutMs,
        transfer: [own.buffer as ArrayBuffer],
        owner: options.owner,
        signal,
        // A file that cannot even start within the time limit would only make the user wait more.
        waitLimitMs: this.timeoutMs,
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.close();
  }
}
