import type { SummarizeInput, Summarizer, SummaryResult } from '../summarizer/summarizer';
import { SummarizerError } from '../summarizer/summarizer-error';

/*
 * A summarizer for tests: instant and predictable, it records every call and can be told to
 * wait (to hold requests in flight together) or to fail. Not used by the server.
 */

export const FAKE_MODEL = 'fake-model';
export const FAKE_PROCESSING_MS = 42;

export interface FakeSummarizer extends Summarizer {
  calls: SummarizeInput[];
  /** The abort signal of each call, in the order of `calls` (undefined when none was passed). */
  signals: (AbortSignal | undefined)[];
  /**
   * Runs before each answer: await something to hold the request, throw to fail it. It gets
   * the call's signal; once the signal has fired the fake throws ABORTED, as the real one does.
   */
  beforeAnswer: ((input: SummarizeInput, signal?: AbortSignal) => Promise<void> | void) | null;
  /** Fields that replace the fake's own in every answer (a Quick Summary and its reason...). */
  answer: Partial<SummaryResult>;
}

/** The fake's summary of a text: its first 8 words, then the prompt in brackets when given. */
export function fakeSummaryOf(input: Pick<SummarizeInput, 'text' | 'customPrompt'>): string {
  const words = input.text.trim().split(/\s+/u).slice(0, 8).join(' ');
  return input.customPrompt === null ? words : `${words} [${input.customPrompt}]`;
}

export function createFakeSummarizer(): FakeSummarizer {
  const fake: FakeSummarizer = {
    calls: [],
    signals: [],
    beforeAnswer: null,
    answer: {},
    async summarize(input, signal): Promise<SummaryResult> {
      fake.calls.push(input);
      fake.signals.push(signal);
      await fake.beforeAnswer?.(input, signal);
      if (signal?.aborted) {
        throw new SummarizerError('ABORTED', 'The summary request was cancelled', {
          retryable: false,
        });
      }
      return {
        summary: fakeSummaryOf(input),
        sourceMap: [],
        keywords: [],
        unverified: [],
        model: FAKE_MODEL,
        isFallback: false,
        fallbackReason: null,
        processingTimeMs: FAKE_PROCESSING_MS,
        ...fake.answer,
      };
    },
  };
  return fake;
}

/** Resolves when `signal` fires (at once if it has), or after `timeoutMs` so a test cannot hang. */
export function untilAborted(signal: AbortSignal | undefined, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A gate that opens once `count` callers wait at it (or after `timeoutMs`, so a test that
 * never gets there fails on its assertions instead of hanging).
 */
export function createBarrier(count: number, timeoutMs = 10_000): () => Promise<void> {
  let waiting = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const timer = setTimeout(open, timeoutMs);
  return () => {
    waiting += 1;
    if (waiting >= count) {
      clearTimeout(timer);
      open();
    }
    return opened;
  };
}
