import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentError } from '../document-error';
import type { DocumentErrorKind } from '../document-error';
import type { HtmlText } from './html-text';

/*
 * Web pages are read in worker threads (issue 27), so no page, however hostile (ten megabytes of
 * nested tags, a parser's worst case), holds the event loop. A small pool of threads is started
 * on demand, reused page after page, and stopped when idle; pages wait in a queue in front of
 * it. Each thread has a heap limit and each page a time limit; past either the thread is
 * terminated, the page fails with a DocumentError ('too-large' or 'timed-out'), and the next
 * page gets a fresh thread. The documents module knows nothing of HTTP: the summaries
 * feature maps these failures to API errors.
 */

/** Main thread to worker: read this page. `html` is transferred, not copied. */
export interface ArticleRequest {
  id: number;
  html: Uint8Array;
  charset: string | null;
  url: string;
}

/** Worker to main thread: it started, or the answer to one request. */
export type ArticleMessage =
  | { type: 'ready' }
  | { type: 'article'; id: number; article: HtmlText }
  | { type: 'refused'; id: number; kind: DocumentErrorKind; message: string }
  | { type: 'failed'; id: number; message: string };

export interface ArticlePoolOptions {
  /** Threads at most. Default 2 (the page reader is one step of a summary, not the server's work). */
  concurrency?: number;
  /** Each thread's heap limit, in MB. Default 512: a 10 MB page's DOM fits with room. */
  memoryMb?: number;
  /** An idle thread is stopped after this long, in ms. Default 30 s. */
  idleMs?: number;
  /** Pages that may wait for a thread; more are refused at once. Default 32. */
  maxQueued?: number;
  /** The thread's module; by default article-thread.ts beside this file, or its bundled twin. */
  entry?: URL;
}

export interface ExtractArticleOptions {
  /** The page's time limit, from when a thread takes it, in ms. Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A thread that has not started in this long is taken as broken. */
const STARTUP_LIMIT_MS = 60_000;

export const TIMED_OUT_MESSAGE = 'The page took too long to read.';
export const TOO_LARGE_MESSAGE = 'The page is too large or too complex to read.';
export const BUSY_MESSAGE = 'The server is busy reading other pages. Please try again in a minute.';
/** When a page refused as busy is worth trying again, in seconds. */
const BUSY_RETRY_SECONDS = 30;

/**
 * Where the thread's module is. From the sources (vitest, tsx) it sits beside this file; bundled,
 * this file is part of dist/server.js or dist/worker.js and the thread is the build's entry
 * dist/documents/web/article-thread.js.
 */
function defaultEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('./article-thread.ts', here)
    : new URL('./documents/web/article-thread.js', here);
}

/** A worker thread on `entry` (a .ts entry through tsx) with a heap limit. */
function startThread(entry: URL, memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  // Node 20 does not pass tsx's loader on to worker threads: the thread imports its entry
  // through tsx's API instead (require.resolve finds its CommonJS file; the ES module is beside).
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(boot, { eval: true, resourceLimits });
}

interface Task {
  id: number;
  html: Uint8Array;
  charset: string | null;
  url: string;
  timeoutMs: number;
  resolve: (article: HtmlText) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
}

/** The pool of article threads; see the comment at the top of this file. */
export class ArticleExtractionPool {
  private readonly options: Required<ArticlePoolOptions>;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: ArticlePoolOptions = {}) {
    this.options = {
      concurrency: 2,
      memoryMb: 512,
      idleMs: 30_000,
      maxQueued: 32,
      entry: defaultEntry(),
      ...options,
    };
  }

  /** Threads alive now (tests). */
  get threadCount(): number {
    return this.slots.size;
  }

  /** Reads one page's article in a thread; fails with a DocumentError or an Error. */
  extract(
    html: Uint8Array,
    charset: string | null,
    url: string,
    options: ExtractArticleOptions = {},
  ): Promise<HtmlText> {
    if (this.closed) return Promise.reject(new Error('The article extraction pool is closed'));
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(
        new DocumentError('busy', BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_SECONDS }),
      );
    }
    return new Promise<HtmlText>((resolve, reject) => {
      // A copy the thread can own: the caller's buffer may be a slice of a larger one.
      const own = new Uint8Array(html);
      this.queue.push({
        id: this.nextId,
        html: own,
        charset,
        url,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        resolve,
        reject,
        timer: undefined,
      });
      this.nextId += 1;
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      task.reject(new Error('The article extraction pool is closed'));
    }
    await Promise.all([...this.slots].map((slot) => this.stop(slot, null)));
  }

  /** Gives waiting pages to idle threads, starting threads up to the concurrency. */
  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const idle = [...this.slots].find((slot) => slot.ready && slot.task === null);
      if (idle === undefined && this.slots.size >= this.options.concurrency) return;
      const slot = idle ?? this.start();
      slot.task = this.queue.shift() ?? null;
      slot.worker.ref();
      if (slot.ready) this.send(slot);
    }
  }

  private start(): Slot {
    const worker = startThread(this.options.entry, this.options.memoryMb);
    const slot: Slot = { worker, ready: false, task: null, timer: undefined };
    slot.timer = setTimeout(
      () => void this.stop(slot, new Error('An article thread did not start in time')),
      STARTUP_LIMIT_MS,
    );
    this.slots.add(slot);
    worker.on('message', (message: ArticleMessage) => this.receive(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new DocumentError('too-large', TOO_LARGE_MESSAGE)
          : new Error('An article thread failed', { cause: error });
      void this.stop(slot, failure);
    });
    worker.on('exit', (code) => {
      void this.stop(slot, new Error(`An article thread exited with code ${code}`));
    });
    return slot;
  }

  private send(slot: Slot): void {
    const task = slot.task;
    if (task === null) return;
    clearTimeout(slot.timer);
    task.timer = setTimeout(
      () => void this.stop(slot, new DocumentError('timed-out', TIMED_OUT_MESSAGE)),
      task.timeoutMs,
    );
    const request: ArticleRequest = {
      id: task.id,
      html: task.html,
      charset: task.charset,
      url: task.url,
    };
    slot.worker.postMessage(request, [task.html.buffer as ArrayBuffer]);
  }

  private receive(slot: Slot, message: ArticleMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      if (slot.task !== null) this.send(slot);
      else this.idle(slot);
      this.pump();
      return;
    }
    const task = slot.task;
    if (task === null || task.id !== message.id) return;
    clearTimeout(task.timer);
    slot.task = null;
    if (message.type === 'article') task.resolve(message.article);
    else if (message.type === 'refused') {
      task.reject(new DocumentError(message.kind, message.message));
    } else {
      task.reject(new Error(`Reading a web page failed in its thread: ${message.message}`));
      // A thread that failed is not trusted with the next page.
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

  /** Ends a thread: its page, if any, fails with `failure`; waiting pages get a new thread. */
  private async stop(slot: Slot, failure: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    if (task !== null) {
      clearTimeout(task.timer);
      task.reject(failure ?? new Error('An article thread stopped'));
    }
    this.pump();
    await slot.worker.terminate();
  }
}

let sharedPool: ArticleExtractionPool | null = null;

/**
 * The article of an HTML page, read in a worker thread of a shared pool (see the top of this
 * file). `charset` is the one the server named, or null; `url` the page's address after
 * redirects. Fails with a DocumentError: 'no-text' (no article, or only a sign-in form),
 * 'timed-out' past `timeoutMs`, 'too-large' past the thread's memory, 'busy' when too many
 * pages wait already.
 */
export function extractArticle(
  html: Uint8Array,
  charset: string | null,
  url: string,
  options: ExtractArticleOptions = {},
): Promise<HtmlText> {
  sharedPool ??= new ArticleExtractionPool();
  return sharedPool.extract(html, charset, url, options);
}

/** Stops the shared pool's threads (tests, benches, shutdown). */
export async function closeArticlePool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = null;
  await pool?.close();
}
