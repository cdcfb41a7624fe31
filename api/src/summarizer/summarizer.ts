import { SummarizerError } from './summarizer-error';
import type { SummarizerHealth } from './summarizer-health';

export type { DegradedReason, SummarizerHealth } from './summarizer-health';

/** How long a summary should be, relative to its source (API.md "Additions"). */
export type SummaryLength = 'short' | 'medium' | 'long';
export const SUMMARY_LENGTHS: readonly SummaryLength[] = ['short', 'medium', 'long'];

/** How a summary is laid out: prose, `- ` bullet lines, or exactly one sentence. */
export type SummaryFormat = 'paragraph' | 'bullets' | 'tldr';
export const SUMMARY_FORMATS: readonly SummaryFormat[] = ['paragraph', 'bullets', 'tldr'];

/** Why the local summarizer answered instead of Gemini. */
export type FallbackReason =
  'not_configured' | 'rate_limited' | 'unavailable' | 'timeout' | 'blocked' | 'incomplete';

/** A stretch of the source text: UTF-16 offsets into the original, `end` exclusive. */
export interface SourceSpan {
  start: number;
  end: number;
}

/**
 * One sentence (or bullet item) of a summary and the source sentences that support it, in
 * summary order. For the local summarizer `text` is its source sentence; an abstractive
 * sentence nothing in the source supports has `sources: []`.
 */
export interface SourceMapEntry {
  text: string;
  sources: SourceSpan[];
  /**
   * `false` when its sources could not all be checked: a summary written in another language
   * than its source shares no words with it (API.md round 3; see cross-language.ts). Absent
   * when they were checked.
   */
  checked?: false;
}

export interface SummarizeInput {
  /** The document to summarize (the routes cap it at 50,000 characters). */
  text: string;
  /** The reader's instruction for this summary, or null for a default summary. */
  customPrompt: string | null;
  /** Short ≈ 10 %, medium ≈ 20 % (the default), long ≈ 35 % of the source's sentences. */
  length: SummaryLength;
  /** `paragraph` (the default), `bullets` or `tldr` (one sentence whatever the length). */
  format: SummaryFormat;
  /** The document's language (ISO 639-1), `und` when unknown; absent: not detected. */
  sourceLanguage?: string | undefined;
  /**
   * The language the reader asked the summary in (ISO 639-1); absent: the document's own. Only
   * Gemini can write in another language than the document's.
   */
  language?: string | undefined;
  /**
   * For a collection (several documents one after the other, each under its title): each
   * document's title and the span of its text in `text`, in order. A summary of two or more
   * draws on every one of them (collection-summary.ts, gemini-collection.ts); absent or a
   * single document: the text is one document, as before.
   */
  documents?: SummaryDocument[] | undefined;
}

/** One document of a collection: its title and its text's span in the input's text. */
export interface SummaryDocument {
  title: string;
  /** UTF-16 offsets into the input's text, `end` exclusive. */
  start: number;
  end: number;
}

export interface SummaryResult {
  /** The summary; for `bullets` one item per line, each starting with `- `. */
  summary: string;
  /** One entry per sentence (per item for bullets) of `summary`, in order. */
  sourceMap: SourceMapEntry[];
  /** Up to 10 key terms of the source, most important first, each found in the source. */
  keywords: string[];
  /** Numbers, dates and names in the summary that the source never mentions. */
  unverified: string[];
  /** The model that wrote `summary`: Gemini's reported version, or the local summarizer's name. */
  model: string;
  /** True when the local summarizer wrote the summary ("Quick Summary"). */
  isFallback: boolean;
  /** Why the local summarizer answered instead of Gemini; null when Gemini answered. */
  fallbackReason: FallbackReason | null;
  /** Milliseconds the request took, fallback included. */
  processingTimeMs: number;
  /**
   * Whether the custom prompt was acted on: null without one, false when the summarizer could
   * not (the local one selects sentences: it cannot rewrite or translate). Absent: a summarizer
   * that follows prompts (Gemini, test doubles), taken as applied.
   */
  promptApplied?: boolean | null | undefined;
  /**
   * The language `summary` is written in (ISO 639-1, `und` unknown), as the composed
   * summarizer knows it; absent from test doubles.
   */
  language?: string | undefined;
}

/**
 * What a streamed summary sends, in order: `delta`s whose texts, joined, are the summary so far;
 * possibly a `reset` (Gemini failed mid-stream: drop the text so far, the reason says why, the
 * local summary's deltas follow); and last one `done` with the whole result, whose `summary`
 * equals the deltas since the last reset joined.
 */
export type SummaryStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'reset'; reason: FallbackReason }
  | { type: 'done'; result: SummaryResult };

/** Per-call settings of a summary. */
export interface SummarizeOptions {
  /**
   * How long the whole call may take, in ms, Gemini's retries and waits included; past it the
   * local summarizer answers. Default: the summarizer's `deadlineMs` (30 s, for live requests).
   */
  deadlineMs?: number | undefined;
  /**
   * Throw a failure that passes with time ({@link isPassingFailure}: a 429, a 5xx or an
   * unreachable Gemini, a time-out, the circuit breaker refusing) as its SummarizerError
   * (`retryable`, and `retryAfterMs` when the server or the breaker knows the wait) instead of
   * answering with the local summarizer. For queued jobs, which retry later through the queue
   * and fall back only on their last attempt. Other failures (blocked, cut short, a request
   * Gemini refuses) still fall back. Default false: live requests keep the fast fallback.
   */
  throwPassing?: boolean | undefined;
}

/** A question about a document (POST /api/summaries/:id/questions). */
export interface QuestionInput {
  /** The document: the summary's original text. */
  text: string;
  /** The reader's question, trimmed (the route keeps it to 3–500 characters). */
  question: string;
  /**
   * The document's language (ISO 639-1, `und` unknown; absent: not known): the sentences the
   * answer cites are numbered with its rules, as its summary's were (decision 0037).
   */
  sourceLanguage?: string | undefined;
}

/** An answer to a question, every sentence of it checkable against the document. */
export interface QuestionResult {
  /** The answer; exactly `The document does not say.` when nothing in the document answers. */
  answer: string;
  /** The source sentences the answer rests on, in document order; `[]` when it says nothing. */
  citations: SourceSpan[];
  /** Numbers, dates and names of the answer that the document never mentions. */
  unverified: string[];
  /** Gemini's reported version, or the local summarizer's name. */
  model: string;
  /** True when the local summarizer answered (its quotes). */
  isFallback: boolean;
  /** Why the local summarizer answered instead of Gemini; null when Gemini answered. */
  fallbackReason: FallbackReason | null;
  processingTimeMs: number;
}

/** The failures of Gemini that a later attempt may not meet: rate limit, outage, time-out. */
export function isPassingFailure(error: unknown): error is SummarizerError {
  return (
    error instanceof SummarizerError &&
    error.retryable &&
    (error.code === 'RATE_LIMITED' || error.code === 'UNAVAILABLE' || error.code === 'TIMEOUT')
  );
}

export interface Summarizer {
  summarize(
    input: SummarizeInput,
    signal?: AbortSignal,
    options?: SummarizeOptions,
  ): Promise<SummaryResult>;
  /**
   * The same summary as it is written (see {@link SummaryStreamEvent}): deltas, maybe a reset
   * when Gemini fails mid-stream, then `done` with the result. Optional for test doubles;
   * {@link streamSummary} streams any summarizer. Throws as `summarize` does.
   */
  summarizeStream?(
    input: SummarizeInput,
    signal?: AbortSignal,
    options?: SummarizeOptions,
  ): AsyncIterable<SummaryStreamEvent>;
  /** How the summarizer is doing (see {@link SummarizerHealth}); optional for test doubles. */
  health?(): SummarizerHealth;
  /**
   * Answers a question about a document from the document alone, citing its sentences (the
   * second capability beside `summarize`). Optional for test doubles: without it the local
   * answer is given (summarizer/local-answer.ts). Throws as `summarize` does.
   */
  answerQuestion?(
    input: QuestionInput,
    signal?: AbortSignal,
    options?: SummarizeOptions,
  ): Promise<QuestionResult>;
}

/** The app's summarizer (createSummarizer): everything a Summarizer may offer. */
export interface AppSummarizer extends Summarizer {
  summarizeStream(
    input: SummarizeInput,
    signal?: AbortSignal,
    options?: SummarizeOptions,
  ): AsyncIterable<SummaryStreamEvent>;
  health(): SummarizerHealth;
  answerQuestion(
    input: QuestionInput,
    signal?: AbortSignal,
    options?: SummarizeOptions,
  ): Promise<QuestionResult>;
}

/** Where the summarizer reports provider trouble; `console` fits. */
export interface SummarizerLogger {
  warn(message: string, details?: Record<string, unknown>): void;
  /** For what an operator must fix (a rejected key); `warn` when absent. */
  error?(message: string, details?: Record<string, unknown>): void;
}
