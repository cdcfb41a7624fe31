import { threadEntry, ThreadPool } from '../../lib/thread-pool';
import { runComparisonTask } from './document-comparison';
import type { ComparisonAnswer, ComparisonTask, TopSentence } from './document-comparison';
import { THREAD_MIN_CHARS } from './local-summarizer-pool';

/*
 * A comparison of long documents (each up to 500,000 characters, ten at once) would hold the
 * event loop for seconds: reading a 500,000-character text's words takes about 0.3 s and
 * finding its sentences for a query about as long again. From THREAD_MIN_CHARS characters on,
 * a document's part of the work runs in a worker thread (a ThreadPool of one, started on first
 * use and stopped when idle), as long summaries and answers do; shorter ones run inline, and a
 * failing thread leaves the work inline.
 */

const TIMEOUT_MS = 30_000;

let shared: ThreadPool<ComparisonTask, ComparisonAnswer> | null = null;

function failure(message: string): () => Error {
  return () => new Error(message);
}

async function run(task: ComparisonTask): Promise<ComparisonAnswer> {
  if (task.text.length < THREAD_MIN_CHARS) return runComparisonTask(task);
  shared ??= new ThreadPool<ComparisonTask, ComparisonAnswer>({
    name: 'comparison',
    entry: threadEntry(
      import.meta.url,
      './comparison-thread.ts',
      './summarizer/local/comparison-thread.js',
    ),
    concurrency: 1,
    memoryMb: 512,
    maxQueued: 32,
    errors: {
      outOfMemory: failure('The comparison ran out of memory in its thread'),
      timedOut: failure('The comparison took too long in its thread'),
      busy: failure('Too many long documents wait to be compared'),
      refused: (_kind, message) => new Error(message),
    },
  });
  try {
    return await shared.run(task, { timeoutMs: TIMEOUT_MS });
  } catch (error) {
    console.warn('The comparison works inline: its thread failed', error);
    return runComparisonTask(task);
  }
}

/** document-comparison.ts's mentionedTerms, off the event loop for a long text. */
export async function mentionedTermsOffThread(text: string, terms: string[]): Promise<boolean[]> {
  if (terms.length === 0) return [];
  return (await run({ kind: 'mentions', text, terms })) as boolean[];
}

/** document-comparison.ts's topSentences, off the event loop for a long text. */
export async function topSentencesOffThread(
  text: string,
  query: string,
  limit: number,
): Promise<TopSentence[]> {
  return (await run({ kind: 'top', text, query, limit })) as TopSentence[];
}

/** Stops the shared thread (tests, benches, shutdown). */
export async function closeComparisonPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
