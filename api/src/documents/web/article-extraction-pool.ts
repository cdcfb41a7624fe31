import { DocumentError } from '../document-error';
import type { DocumentErrorKind } from '../document-error';
import { threadEntry, ThreadPool } from '../../lib/thread-pool';
import type { HtmlText } from './html-text';

/*
 * Web pages are read in worker threads (issue 27), so no page, however hostile (ten megabytes of
 * nested tags, a parser's worst case), holds the event loop: a ThreadPool (lib/thread-pool.ts)
 * of article threads. Past a thread's heap limit or a page's time limit the page fails with a
 * DocumentError ('too-large' or 'timed-out'); a page the thread refuses ('no-text') keeps the
 * thread. The documents module knows nothing of HTTP: the summaries feature maps these
 * failures to API errors.
 */

/** Main thread to worker: read this page. `html` is transferred, not copied. */
export interface ArticleRequest {
  html: Uint8Array;
  charset: string | null;
  url: string;
  /** Show what the page hides instead of taking it out (issue 28). */
  includeHidden?: boolean | undefined;
}

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
  /**
   * Whose page it is: one owner's pages are read one at a time, so one account sending slow
   * pages holds at most one thread and the others stay free for everyone else.
   */
  owner?: string | undefined;
  /** Show what the page hides instead of taking it out (issue 28). */
  includeHidden?: boolean | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const TIMED_OUT_MESSAGE = 'The page took too long to read.';
export const TOO_LARGE_MESSAGE = 'The page is too large or too complex to read.';
export const BUSY_MESSAGE = 'The server is busy reading other pages. Please try again in a minute.';
/** When a page refused as busy is worth trying again, in seconds. */
const BUSY_RETRY_SECONDS = 30;

/** The pool of article threads; see the comment at the top of this file. */
export class ArticleExtractionPool {
  private readonly pool: ThreadPool<ArticleRequest, HtmlText>;
  /** Each owner's last page in line (settled or not): their next page waits for it. */
  private readonly lastOfOwner = new Map<string, Promise<unknown>>();

  constructor(options: ArticlePoolOptions = {}) {
    this.pool = new ThreadPool({
      name: 'article',
      entry:
        options.entry ??
        threadEntry(import.meta.url, './article-thread.ts', './documents/web/article-thread.js'),
      concurrency: options.concurrency ?? 2,
      memoryMb: options.memoryMb ?? 512,
      idleMs: options.idleMs,
      maxQueued: options.maxQueued,
      errors: {
        outOfMemory: () => new DocumentError('too-large', TOO_LARGE_MESSAGE),
        timedOut: () => new DocumentError('timed-out', TIMED_OUT_MESSAGE),
        busy: () =>
          new DocumentError('busy', BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_SECONDS }),
        refused: (kind, message) => new DocumentError(kind as DocumentErrorKind, message),
      },
    });
  }

  /** Threads alive now (tests). */
  get threadCount(): number {
    return this.pool.threadCount;
  }

  /** Reads one page's article in a thread; fails with a DocumentError or an Error. */
  extract(
    html: Uint8Array,
    charset: string | null,
    url: string,
    options: ExtractArticleOptions = {},
  ): Promise<HtmlText> {
    // A copy the thread can own: the caller's buffer may be a slice of a larger one.
    const own = new Uint8Array(html);
    const run = () =>
      this.pool.run(
        { html: own, charset, url, includeHidden: options.includeHidden },
        { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, transfer: [own.buffer] },
      );
    const { owner } = options;
    if (owner === undefined) return run();
    const before = this.lastOfOwner.get(owner) ?? Promise.resolve();
    const read = before.then(run, run);
    const settled = read.catch(() => undefined);
    this.lastOfOwner.set(owner, settled);
    void settled.then(() => {
      if (this.lastOfOwner.get(owner) === settled) this.lastOfOwner.delete(owner);
    });
    return read;
  }

  close(): Promise<void> {
    return this.pool.close();
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
