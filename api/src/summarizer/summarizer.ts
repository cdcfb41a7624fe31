import { createGeminiSummarizer } from './gemini-summarizer';
import { createLocalSummarizer } from './local-summarizer';
import { SummarizerError } from './summarizer-error';

export interface SummarizeInput {
  /** The document to summarize (the routes cap it at 50,000 characters). */
  text: string;
  /** The reader's instruction for this summary, or null for a default summary. */
  customPrompt: string | null;
}

export interface SummaryResult {
  summary: string;
  /** The model that wrote `summary`: GEMINI_MODEL, or the local summarizer's name. */
  model: string;
  /** True when the local summarizer wrote the summary ("Quick Summary"). */
  isFallback: boolean;
  /** Milliseconds the request took, fallback included. */
  processingTimeMs: number;
}

export interface Summarizer {
  summarize(input: SummarizeInput, signal?: AbortSignal): Promise<SummaryResult>;
}

/** Where the summarizer reports provider trouble; `console` fits. */
export interface SummarizerLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

export interface SummarizerOptions {
  /** GEMINI_API_KEY; without it every summary comes from the local summarizer. */
  geminiApiKey?: string | undefined;
  /** GEMINI_MODEL, e.g. "gemini-flash-latest". */
  geminiModel: string;
  /** Another endpoint speaking the Gemini REST protocol (a proxy, or a fake in tests). */
  geminiBaseUrl?: string | undefined;
  /** Time-out of one Gemini request, in ms (default 30,000). */
  timeoutMs?: number | undefined;
  /** Retries after a first failed attempt on 429 / 5xx / network errors (default 2: 3 attempts). */
  maxRetries?: number | undefined;
  /** Longest wait between attempts, server-requested or not (default 10,000 ms). */
  maxRetryDelayMs?: number | undefined;
  logger?: SummarizerLogger | undefined;
}

function elapsedSince(started: number): number {
  return Math.round(performance.now() - started);
}

/**
 * The summarizer the app uses: Gemini when a key is configured, answering with the local
 * extractive summarizer whenever Gemini fails for good (time-out, retries spent, blocked or
 * empty answer, rejected key); the local summarizer alone when no key is set. It throws only a
 * SummarizerError: INVALID_INPUT for blank text, ABORTED when `signal` fires.
 */
export function createSummarizer(options: SummarizerOptions): Summarizer {
  const local = createLocalSummarizer();
  const logger = options.logger ?? console;
  const gemini = options.geminiApiKey
    ? createGeminiSummarizer({
        apiKey: options.geminiApiKey,
        model: options.geminiModel,
        baseUrl: options.geminiBaseUrl,
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
        maxRetryDelayMs: options.maxRetryDelayMs,
        logger,
      })
    : null;

  return {
    async summarize(input, signal) {
      if (input.text.trim().length === 0) {
        throw new SummarizerError('INVALID_INPUT', 'There is no text to summarize', {
          retryable: false,
        });
      }
      if (!gemini) return local.summarize(input, signal);

      const started = performance.now();
      try {
        return await gemini.summarize(input, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        logger.warn('Gemini could not summarize; the local summarizer answers instead', {
          code: error instanceof SummarizerError ? error.code : 'UNKNOWN',
          status: error instanceof SummarizerError ? error.status : undefined,
          message: error instanceof Error ? error.message : String(error),
        });
        const fallback = await local.summarize(input, signal);
        return { ...fallback, processingTimeMs: elapsedSince(started) };
      }
    },
  };
}
