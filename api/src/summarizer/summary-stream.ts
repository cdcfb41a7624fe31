import type {
  SummarizeInput,
  SummarizeOptions,
  Summarizer,
  SummaryResult,
  SummaryStreamEvent,
} from './summarizer';
import { SummarizerError } from './summarizer-error';

export function abortedError(cause?: unknown): SummarizerError {
  return new SummarizerError('ABORTED', 'The summary request was cancelled', {
    retryable: false,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Lets the event loop breathe between deltas (a consumer may flush, a signal may fire). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The deltas of a finished summary, one per sentence (bullet item) of its source map, each
 * with the separator before it; whatever the source map does not name goes with the last one.
 * Joined, they are exactly `summary`.
 */
export function sentenceDeltas(result: Pick<SummaryResult, 'summary' | 'sourceMap'>): string[] {
  const { summary } = result;
  const deltas: string[] = [];
  let cursor = 0;
  for (const entry of result.sourceMap) {
    const at = entry.text.length > 0 ? summary.indexOf(entry.text, cursor) : -1;
    if (at < 0) continue;
    const end = at + entry.text.length;
    deltas.push(summary.slice(cursor, end));
    cursor = end;
  }
  if (cursor < summary.length) {
    if (deltas.length > 0) deltas[deltas.length - 1] += summary.slice(cursor);
    else deltas.push(summary.slice(cursor));
  }
  return deltas.filter((delta) => delta.length > 0);
}

/** A finished result as a stream: its sentences one by one, then `done`. */
export async function* streamResult(
  result: SummaryResult,
  signal?: AbortSignal,
): AsyncGenerator<SummaryStreamEvent> {
  for (const text of sentenceDeltas(result)) {
    if (signal?.aborted) throw abortedError(signal.reason);
    yield { type: 'delta', text };
    await nextTurn();
  }
  if (signal?.aborted) throw abortedError(signal.reason);
  yield { type: 'done', result };
}

/**
 * Streams a summary from any summarizer: its own stream when it has one, else its finished
 * summary sentence by sentence.
 */
export async function* streamSummary(
  summarizer: Summarizer,
  input: SummarizeInput,
  signal?: AbortSignal,
  options?: SummarizeOptions,
): AsyncGenerator<SummaryStreamEvent> {
  if (summarizer.summarizeStream) {
    yield* summarizer.summarizeStream(input, signal, options);
    return;
  }
  yield* streamResult(await summarizer.summarize(input, signal, options), signal);
}
