import { threadEntry, ThreadPool } from '../../lib/thread-pool';
import { answerFromDocument, answerLocally } from './local-answer';
import type { LocalAnswer } from './local-answer';
import { LOCAL_SUMMARIZER_MODEL } from './local-summarizer';
import { THREAD_MIN_CHARS } from './local-summarizer-pool';
import type { QuestionInput, QuestionResult } from '../summarizer';
import { SummarizerError } from '../summarizer-error';

/*
 * A question about a long document (a 500,000-character report takes a few hundred
 * milliseconds to split and index) is answered locally in a worker thread, as long documents
 * are summarized (local-summarizer-pool.ts): a ThreadPool of one thread, started on first use
 * and stopped when idle. Shorter documents are answered inline: a thread's message costs more.
 */

/** A long document's question in its thread: far above its usual tenth of a second. */
const TIMEOUT_MS = 30_000;

let shared: ThreadPool<QuestionInput, LocalAnswer> | null = null;

function failure(message: string): () => Error {
  return () => new Error(message);
}

function answerInThread(input: QuestionInput): Promise<LocalAnswer> {
  shared ??= new ThreadPool<QuestionInput, LocalAnswer>({
    name: 'local answer',
    entry: threadEntry(
      import.meta.url,
      './local-answer-thread.ts',
      './summarizer/local/local-answer-thread.js',
    ),
    concurrency: 1,
    memoryMb: 512,
    maxQueued: 16,
    errors: {
      outOfMemory: failure('The local answer ran out of memory in its thread'),
      timedOut: failure('The local answer took too long in its thread'),
      busy: failure('Too many questions about long documents wait for the local answer'),
      refused: (_kind, message) => new Error(message),
    },
  });
  const { text, question, sourceLanguage } = input;
  return shared.run(
    { text, question, ...(sourceLanguage === undefined ? {} : { sourceLanguage }) },
    { timeoutMs: TIMEOUT_MS },
  );
}

/**
 * The local summarizer's answer ({@link answerLocally}), from THREAD_MIN_CHARS characters on
 * in the shared thread; inline when the thread fails. Throws ABORTED once `signal` has fired.
 */
export async function answerLocallyOffThread(
  input: QuestionInput,
  signal?: AbortSignal,
): Promise<QuestionResult> {
  if (input.text.length < THREAD_MIN_CHARS) return answerLocally(input);
  const started = performance.now();
  let answer: LocalAnswer;
  try {
    answer = await answerInThread(input);
  } catch (error) {
    if (signal?.aborted) {
      throw new SummarizerError('ABORTED', 'The question was cancelled', {
        retryable: false,
        cause: signal.reason,
      });
    }
    console.warn('The local answer works inline: its thread failed', error);
    answer = answerFromDocument(input.text, input.question, { language: input.sourceLanguage });
  }
  return {
    ...answer,
    unverified: [],
    model: LOCAL_SUMMARIZER_MODEL,
    isFallback: true,
    fallbackReason: null,
    processingTimeMs: Math.round(performance.now() - started),
  };
}

/** Stops the shared thread (tests, benches, shutdown). */
export async function closeLocalAnswerPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
