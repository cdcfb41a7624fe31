import { threadEntry, ThreadPool } from '../../lib/thread-pool';
import type { SummarizeInput, SummaryResult } from '../summarizer';

/*
 * Long documents (a 500,000-character report) are summarized locally in a worker thread, so the
 * quarter of a second their sentences take to score never holds the event loop (issue 27): a
 * ThreadPool (lib/thread-pool.ts) of one thread, started on first use and stopped when idle.
 * Short texts are summarized inline: a thread's message costs more than they do.
 */

/** What the local summarizer's selection gives (local-summarizer.ts's summarizeWithPrompt). */
export type LocalExtract = Pick<SummaryResult, 'summary' | 'sourceMap' | 'keywords'> & {
  promptApplied: boolean | null;
};

/** From this many characters on, the local summarizer works in a thread. */
export const THREAD_MIN_CHARS = 50_000;
/** A long document's time limit in its thread: far above its usual 0.1–0.4 s. */
const TIMEOUT_MS = 30_000;

let shared: ThreadPool<SummarizeInput, LocalExtract> | null = null;

function failure(message: string): () => Error {
  return () => new Error(message);
}

/**
 * summarizeWithPrompt(input) in the shared thread. Rejects with a plain Error when the thread
 * fails (out of memory, past its time, crashed, too many waiting): the caller may then work
 * inline.
 */
export function summarizeInThread(input: SummarizeInput): Promise<LocalExtract> {
  shared ??= new ThreadPool<SummarizeInput, LocalExtract>({
    name: 'local summarizer',
    entry: threadEntry(
      import.meta.url,
      './local-summarizer-thread.ts',
      './summarizer/local/local-summarizer-thread.js',
    ),
    concurrency: 1,
    memoryMb: 1024,
    maxQueued: 16,
    errors: {
      outOfMemory: failure('The local summarizer ran out of memory in its thread'),
      timedOut: failure('The local summarizer took too long in its thread'),
      busy: failure('Too many long documents wait for the local summarizer'),
      refused: (_kind, message) => new Error(message),
    },
  });
  const { text, customPrompt, length, format, documents, sourceLanguage } = input;
  return shared.run(
    {
      text,
      customPrompt,
      length,
      format,
      ...(documents ? { documents } : {}),
      // The thread reads the document in its language, as inline (decision 0037).
      ...(sourceLanguage === undefined ? {} : { sourceLanguage }),
    },
    { timeoutMs: TIMEOUT_MS },
  );
}

/** Stops the shared thread (tests, benches, shutdown). */
export async function closeLocalSummarizerPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
