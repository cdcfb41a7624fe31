import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractionConfig } from '../config';
import { DocumentError, tooLargeToRead } from './document-error';
import type { ExtractOptions, FileExtractor } from './file-extractor';
import type { ExtractedText, ExtractionMessage, ExtractionRequest } from './file-extraction';
import type { FileKind } from './file-kinds';
import { readTextFile } from './text-file';

/*
 * Uploaded files are read in worker threads, so no file, however hostile, holds the event
 * loop: a small pool (EXTRACTION_CONCURRENCY threads, started on demand, stopped when idle)
 * with a queue in front. Each thread has a heap limit (EXTRACTION_MEMORY_MB) and each file a
 * wall-clock limit (EXTRACTION_TIMEOUT_SECONDS); past either the thread is terminated, the
 * file is refused (`too-large` or `timed-out`) with a sentence saying which, and the next file gets a fresh thread. Memory
 * outside the heap (typed arrays, which a heap limit does not cover) is watched from here: if
 * the process grows by more than the running threads' share, they are stopped the same way.
 * A thread that refused a PDF for a limit (`too-large`), or failed, is stopped too: the next file gets
 * a fresh thread, and the memory the refused file took goes back with the old one.
 *
 * Fair under load (issue 24): each owner (the uploading user) has at most perOwnerConcurrency
 * files being read and maxQueuedPerOwner waiting; past that the owner alone is refused (`not-allowed`).
 * Threads take the owners' files in turn (round robin), so one user's many files wait behind
 * each other, not in front of another user's. Small .txt files are decoded here at once, with
 * no thread: UTF-8 decoding is cheap and must not wait behind anyone's PDF. Files given no
 * owner share one queue with no per-owner limit.
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

/** A thread that has not loaded its libraries in this long is taken as broken. */
const STARTUP_LIMIT_MS = 60_000;
const MEGABYTE = 1024 * 1024;

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

/** The queue key of files given no owner: they share it, with no per-owner limit. */
const NO_OWNER = '';

/**
 * Where the thread's module is. From the sources (vitest, tsx) this file is
 * src/documents/file-extraction-pool.ts; bundled, it is part of dist/server.js or
 * dist/worker.js, beside dist/extraction-thread.js (the build's fourth entry point).
 */
export function defaultThreadEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('../extraction-thread.ts', here)
    : new URL('./extraction-thread.js', here);
}

/** A worker thread on `entry` (a .ts entry through tsx) with a heap limit; also the docx packer's. */
export function startThread(entry: URL, memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  // The sources run through tsx, whose loader Node 20 does not pass on to worker threads:
  // the thread imports its entry through tsx's API instead.
  // require.resolve finds the CommonJS file of tsx's API; the ES module sits beside it.
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(boot, { eval: true, resourceLimits });
}

interface Task {
  id: number;
  owner: string;
  kind: FileKind;
  bytes: Uint8Array;
  includeHidden: boolean;
  resolve: (result: ExtractedText) => void;
  reject: (error: Error) => void;
  /** Set while the task waits in the queue: refuses it as busy when it waited too long. */
  queueTimer: NodeJS.Timeout | undefined;
  /** Set once the thread has the task: its time limit. */
  runTimer: NodeJS.Timeout | undefined;
  /** The process's RSS when the thread got the task. */
  rssAtStart: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
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
  private readonly options: Required<FileExtractionPoolOptions>;
  private readonly slots = new Set<Slot>();
  /** Waiting files by owner. */
  private readonly queues = new Map<string, Task[]>();
  /** When each owner with files waiting or being read last had one taken (round robin). */
  private readonly lastServed = new Map<string, number>();
  private serveCount = 0;
  private queued = 0;
  /** Files being read, by owner. */
  private readonly running = new Map<string, number>();
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;

  constructor(options: FileExtractionPoolOptions) {
    this.options = {
      entry: defaultThreadEntry(),
      maxQueued: Math.max(16, options.concurrency * 8),
      idleMs: 30_000,
      memoryCheckMs: 50,
      perOwnerConcurrency: 1,
      maxQueuedPerOwner: 4,
      inlineTextMaxBytes: 256 * 1024,
      ...options,
    };
  }

  /** Threads alive now (tests and measurements). */
  get threadCount(): number {
    return this.slots.size;
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
    if (kind === 'txt' && bytes.length <= this.options.inlineTextMaxBytes) {
      return new Promise<ExtractedText>((resolve) => resolve({ text: readTextFile(bytes) }));
    }
    const owner = options.owner ?? NO_OWNER;
    const waiting = this.queues.get(owner)?.length ?? 0;
    if (owner !== NO_OWNER && waiting >= this.options.maxQueuedPerOwner) {
      return Promise.reject(ownerBusyError(this.options.timeoutMs));
    }
    if (this.queued >= this.options.maxQueued) return Promise.reject(busyError());
    return new Promise<ExtractedText>((resolve, reject) => {
      const onAbort = () => this.abandon(task, signal?.reason);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const task: Task = {
        id: this.nextId,
        owner,
        kind,
        bytes: ownBuffer(bytes),
        includeHidden: options.includeHidden ?? false,
        resolve: (result) => {
          settled();
          resolve(result);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
        queueTimer: undefined,
        runTimer: undefined,
        rssAtStart: 0,
      };
      this.nextId += 1;
      // A file that cannot even start within the time limit would only make the user wait more.
      task.queueTimer = setTimeout(() => {
        this.dequeue(task);
        reject(busyError());
      }, this.options.timeoutMs);
      const queue = this.queues.get(owner);
      if (queue === undefined) this.queues.set(owner, [task]);
      else queue.push(task);
      this.queued += 1;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pump();
    });
  }

  /** A file given up (Stop): out of the queue, or its thread stopped if it is being read. */
  private abandon(task: Task, reason: unknown): void {
    const failure = reason instanceof Error ? reason : new Error(String(reason));
    const queue = this.queues.get(task.owner);
    if (queue?.includes(task)) {
      this.dequeue(task);
      clearTimeout(task.queueTimer);
      task.reject(failure);
      return;
    }
    const slot = [...this.slots].find((candidate) => candidate.task === task);
    if (slot !== undefined) void this.stop(slot, failure);
  }

  /** Takes a waiting task out of its owner's queue. */
  private dequeue(task: Task): void {
    const queue = this.queues.get(task.owner);
    const index = queue?.indexOf(task) ?? -1;
    if (queue === undefined || index === -1) return;
    queue.splice(index, 1);
    this.queued -= 1;
    if (queue.length === 0) this.queues.delete(task.owner);
  }

  /**
   * The next task to read: of the owners with a file waiting and fewer than
   * perOwnerConcurrency being read, the one served longest ago (round robin; an owner new to
   * the pool first).
   */
  private nextTask(): Task | undefined {
    let next: Task | undefined;
    let nextServed = Infinity;
    for (const [owner, queue] of this.queues) {
      const limit =
        owner === NO_OWNER ? this.options.concurrency : this.options.perOwnerConcurrency;
      const served = this.lastServed.get(owner) ?? -1;
      if ((this.running.get(owner) ?? 0) >= limit || served >= nextServed) continue;
      next = queue[0];
      nextServed = served;
    }
    if (next === undefined) return undefined;
    this.dequeue(next);
    this.serveCount += 1;
    this.lastServed.set(next.owner, this.serveCount);
    this.running.set(next.owner, (this.running.get(next.owner) ?? 0) + 1);
    return next;
  }

  /** A task's file is no longer being read: its owner may have another read. */
  private finished(task: Task): void {
    const count = (this.running.get(task.owner) ?? 1) - 1;
    if (count > 0) this.running.set(task.owner, count);
    else {
      this.running.delete(task.owner);
      if (!this.queues.has(task.owner)) this.lastServed.delete(task.owner);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    this.queued = 0;
    for (const task of waiting) {
      clearTimeout(task.queueTimer);
      task.reject(new Error('The file extraction pool is closed'));
    }
    const stopping = [...this.slots].map((slot) =>
      this.stop(slot, new Error('The file extraction pool is closed')),
    );
    await Promise.all(stopping);
  }

  /** Gives waiting tasks to idle threads, starting threads up to the concurrency. */
  private pump(): void {
    while (this.queued > 0 && !this.closed) {
      const idle = [...this.slots].find((candidate) => candidate.ready && candidate.task === null);
      if (idle === undefined && this.slots.size >= this.options.concurrency) return;
      const task = this.nextTask();
      if (task === undefined) return;
      const slot = idle ?? this.start();
      clearTimeout(task.queueTimer);
      slot.task = task;
      slot.worker.ref();
      // A thread still starting keeps its start-up limit; send() replaces it with the task's.
      if (slot.ready) this.send(slot);
    }
  }

  private start(): Slot {
    const worker = startThread(this.options.entry, this.options.memoryMb);
    const slot: Slot = { worker, ready: false, task: null, timer: undefined };
    slot.timer = setTimeout(
      () => void this.stop(slot, new Error('An extraction thread did not start in time')),
      STARTUP_LIMIT_MS,
    );
    this.slots.add(slot);
    worker.on('message', (message: ExtractionMessage) => this.receive(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? memoryLimitError(this.options.memoryMb)
          : new Error('An extraction thread failed', { cause: error });
      void this.stop(slot, failure);
    });
    worker.on('exit', (code) => {
      void this.stop(slot, new Error(`An extraction thread exited with code ${code}`));
    });
    return slot;
  }

  private send(slot: Slot): void {
    const task = slot.task;
    if (task === null) return;
    clearTimeout(slot.timer);
    task.rssAtStart = process.memoryUsage.rss();
    task.runTimer = setTimeout(
      () => void this.stop(slot, timeLimitError(this.options.timeoutMs)),
      this.options.timeoutMs,
    );
    const request: ExtractionRequest = {
      id: task.id,
      kind: task.kind,
      bytes: task.bytes,
      includeHidden: task.includeHidden,
    };
    slot.worker.postMessage(request, [task.bytes.buffer as ArrayBuffer]);
    this.watchMemory();
  }

  private receive(slot: Slot, message: ExtractionMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      if (slot.task !== null) this.send(slot);
      else this.idle(slot);
      this.pump();
      return;
    }
    const task = slot.task;
    if (task === null || task.id !== message.id) return;
    clearTimeout(task.runTimer);
    slot.task = null;
    this.finished(task);
    if (message.type === 'text') {
      task.resolve({
        text: message.text,
        pdf: message.pdf,
        headings: message.headings,
        hiddenText: message.hiddenText,
      });
    } else if (message.type === 'refused') {
      task.reject(new DocumentError(message.kind, message.message));
    } else {
      task.reject(
        new Error(`Reading a .${task.kind} file failed in its thread: ${message.message}`),
      );
    }
    // A thread that failed, or refused a PDF for a size limit, is not trusted with the next
    // file: what pdf.js and the pre-check allocated outside the heap goes with it. (A .docx
    // refused by the zip guard allocated little: its thread is kept, so the next file is quick.)
    if (
      message.type === 'failed' ||
      (message.type === 'refused' && message.kind === 'too-large' && task.kind === 'pdf')
    ) {
      void this.stop(slot, null);
      return;
    }
    this.idle(slot);
    this.pump();
  }

  /** An idle thread does not keep the process alive, and is stopped after idleMs. */
  private idle(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.stop(slot, null), this.options.idleMs);
    slot.timer.unref();
  }

  /** Ends a thread: its task, if any, fails with `failure`; waiting tasks get a new thread. */
  private async stop(slot: Slot, failure: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    if (task !== null) {
      clearTimeout(task.runTimer);
      this.finished(task);
      task.reject(failure ?? new Error('An extraction thread stopped'));
    }
    this.pump();
    await slot.worker.terminate();
  }

  /**
   * While threads read, checks every memoryCheckMs that the process has not grown by more
   * than memoryMb per running thread since the earliest of them started; past that, the
   * running threads are stopped (their memory may be typed arrays, which no heap limit sees).
   */
  private watchMemory(): void {
    if (this.watchdog !== undefined) return;
    this.watchdog = setInterval(() => {
      const running = [...this.slots].filter((slot) => slot.task?.runTimer !== undefined);
      if (running.length === 0) {
        clearInterval(this.watchdog);
        this.watchdog = undefined;
        return;
      }
      const baseline = Math.min(...running.map((slot) => slot.task?.rssAtStart ?? Infinity));
      const allowed = running.length * this.options.memoryMb * MEGABYTE;
      if (process.memoryUsage.rss() - baseline > allowed) {
        for (const slot of running) void this.stop(slot, memoryLimitError(this.options.memoryMb));
      }
    }, this.options.memoryCheckMs);
    this.watchdog.unref();
  }
}
