import type { SummarizeInput, Summarizer, SummaryResult } from '../summarizer/summarizer';

/*
 * A summarizer for tests: instant and predictable, it records every call and can be told to
 * wait (to hold requests in flight together) or to fail. Not used by the server.
 */

export const FAKE_MODEL = 'fake-model';
export const FAKE_PROCESSING_MS = 42;

export interface FakeSummarizer extends Summarizer {
  calls: SummarizeInput[];
  /** Runs before each answer: await something to hold the request, throw to fail it. */
  beforeAnswer: ((input: SummarizeInput) => Promise<void> | void) | null;
}

/** The fake's summary of a text: its first 8 words, then the prompt in brackets when given. */
export function fakeSummaryOf(input: Pick<SummarizeInput, 'text' | 'customPrompt'>): string {
  const words = input.text.trim().split(/\s+/u).slice(0, 8).join(' ');
  return input.customPrompt === null ? words : `${words} [${input.customPrompt}]`;
}

export function createFakeSummarizer(): FakeSummarizer {
  const fake: FakeSummarizer = {
    calls: [],
    beforeAnswer: null,
    async summarize(input): Promise<SummaryResult> {
      fake.calls.push(input);
      await fake.beforeAnswer?.(input);
      return {
        summary: fakeSummaryOf(input),
        sourceMap: [],
        keywords: [],
        unverified: [],
        model: FAKE_MODEL,
        isFallback: false,
        fallbackReason: null,
        processingTimeMs: FAKE_PROCESSING_MS,
      };
    },
  };
  return fake;
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
