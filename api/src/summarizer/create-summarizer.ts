import type { CircuitBreakerOptions } from './gemini/circuit-breaker';
import { createGeminiSummarizer } from './gemini/gemini-summarizer';
import { answerLocallyOffThread } from './local/local-answer-pool';
import { createLocalSummarizer } from './local/local-summarizer';
import { isPassingFailure } from './summarizer';
import type {
  AppSummarizer,
  FallbackReason,
  SummarizeInput,
  SummarizerLogger,
  SummaryStreamEvent,
} from './summarizer';
import { SummarizerError } from './summarizer-error';
import { healthOf } from './summarizer-health';
import { streamResult } from './summary-stream';
import { withWrittenLanguage } from './gemini/cross-language';

/*
 * The factory of the app's summarizer: the providers (gemini-summarizer, local-summarizer)
 * import the interface from summarizer.ts, and only this file imports them.
 */

export interface SummarizerOptions {
  /** GEMINI_API_KEY; without it every summary comes from the local summarizer. */
  geminiApiKey?: string | undefined;
  /** GEMINI_MODEL, e.g. "gemini-flash-latest". */
  geminiModel: string;
  /** Another endpoint speaking the Gemini REST protocol (a proxy, or a fake in tests). */
  geminiBaseUrl?: string | undefined;
  /** Time-out of one Gemini request, in ms (default 30,000). */
  timeoutMs?: number | undefined;
  /** Deadline of a whole summarize call, retries included, in ms (default 30,000). */
  deadlineMs?: number | undefined;
  /** Retries after a first failed attempt on 429 / 5xx / network errors (default 2: 3 attempts). */
  maxRetries?: number | undefined;
  /** Longest wait between attempts, server-requested or not (default 10,000 ms). */
  maxRetryDelayMs?: number | undefined;
  logger?: SummarizerLogger | undefined;
  /** Settings of the circuit breaker shared by all requests to the model. */
  circuitBreaker?: CircuitBreakerOptions | undefined;
  /**
   * The model's input limit in tokens (default 900,000): a longer document is summarized by
   * sections whose summaries are combined (see createGeminiSummarizer).
   */
  maxInputTokens?: number | undefined;
}

/** Why Gemini's failure made the local summarizer answer, in API.md's words. */
export function fallbackReasonOf(error: unknown): FallbackReason {
  if (!(error instanceof SummarizerError)) return 'unavailable';
  switch (error.code) {
    case 'RATE_LIMITED':
      return 'rate_limited';
    case 'TIMEOUT':
      return 'timeout';
    case 'BLOCKED':
      return 'blocked';
    case 'INCOMPLETE':
    case 'EMPTY_RESPONSE':
      return 'incomplete';
    default:
      return 'unavailable';
  }
}

function elapsedSince(started: number): number {
  return Math.round(performance.now() - started);
}

/** Gemini's stream, its `done` result told the language it is written in. */
async function* withLanguageOnDone(
  events: AsyncIterable<SummaryStreamEvent>,
  input: SummarizeInput,
): AsyncGenerator<SummaryStreamEvent> {
  for await (const event of events) {
    yield event.type === 'done'
      ? { ...event, result: withWrittenLanguage(event.result, input, true) }
      : event;
  }
}

/**
 * The summarizer the app uses: Gemini when a key is configured, answering with the local
 * extractive summarizer whenever Gemini fails for good (time-out, retries spent, blocked or
 * empty answer, rejected key); the local summarizer alone when no key is set. It throws only a
 * SummarizerError: INVALID_INPUT for blank text, ABORTED when `signal` fires, and with
 * `throwPassing` a failure that passes with time (see SummarizeOptions.throwPassing).
 */
export function createSummarizer(options: SummarizerOptions): AppSummarizer {
  const local = createLocalSummarizer();
  const logger = options.logger ?? console;
  const gemini = options.geminiApiKey
    ? createGeminiSummarizer({
        apiKey: options.geminiApiKey,
        model: options.geminiModel,
        baseUrl: options.geminiBaseUrl,
        timeoutMs: options.timeoutMs,
        deadlineMs: options.deadlineMs,
        maxRetries: options.maxRetries,
        maxRetryDelayMs: options.maxRetryDelayMs,
        circuitBreaker: options.circuitBreaker,
        maxInputTokens: options.maxInputTokens,
        logger,
      })
    : null;

  function checkInput(input: SummarizeInput): void {
    if (input.text.trim().length === 0) {
      throw new SummarizerError('INVALID_INPUT', 'There is no text to summarize', {
        retryable: false,
      });
    }
  }

  /** The error with the wait the breaker knows, when the server named none. */
  function withKnownWait(error: SummarizerError): SummarizerError {
    const breakerWait = gemini?.health().retryAfterMs ?? 0;
    if (error.retryAfterMs !== undefined || breakerWait <= 0) return error;
    return new SummarizerError(error.code, error.message, {
      retryable: error.retryable,
      ...(error.status === undefined ? {} : { status: error.status }),
      retryAfterMs: breakerWait,
      cause: error,
    });
  }

  function reportFallback(error: unknown, what = 'summarize'): void {
    logger.warn(`Gemini could not ${what}; the local summarizer answers instead`, {
      code: error instanceof SummarizerError ? error.code : 'UNKNOWN',
      status: error instanceof SummarizerError ? error.status : undefined,
      message: error instanceof Error ? error.message : String(error),
    });
  }

  return {
    async answerQuestion(input, signal, call) {
      if (input.text.trim().length === 0 || input.question.trim().length === 0) {
        throw new SummarizerError('INVALID_INPUT', 'There is no question or no text to ask', {
          retryable: false,
        });
      }
      if (!gemini) {
        return {
          ...(await answerLocallyOffThread(input, signal)),
          fallbackReason: 'not_configured',
        };
      }
      const started = performance.now();
      try {
        return await gemini.answerQuestion(input, signal, call);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (call?.throwPassing && isPassingFailure(error)) throw withKnownWait(error);
        reportFallback(error, 'answer the question');
        return {
          ...(await answerLocallyOffThread(input, signal)),
          fallbackReason: fallbackReasonOf(error),
          processingTimeMs: elapsedSince(started),
        };
      }
    },
    health() {
      return gemini ? gemini.health() : healthOf('local', null);
    },
    async *summarizeStream(input, signal, call) {
      checkInput(input);
      if (!gemini) {
        const result = withWrittenLanguage(await local.summarize(input, signal), input, false);
        yield* streamResult({ ...result, fallbackReason: 'not_configured' }, signal);
        return;
      }
      const started = performance.now();
      try {
        yield* withLanguageOnDone(gemini.summarizeStream(input, signal, call), input);
        return;
      } catch (error) {
        if (signal?.aborted) throw error;
        reportFallback(error);
        const reason = fallbackReasonOf(error);
        // Whatever Gemini wrote so far is dropped; the screen says why.
        yield { type: 'reset', reason };
        const fallback = withWrittenLanguage(await local.summarize(input, signal), input, false);
        yield* streamResult(
          { ...fallback, fallbackReason: reason, processingTimeMs: elapsedSince(started) },
          signal,
        );
      }
    },
    async summarize(input, signal, call) {
      checkInput(input);
      if (!gemini) {
        const result = withWrittenLanguage(await local.summarize(input, signal), input, false);
        return { ...result, fallbackReason: 'not_configured' };
      }

      const started = performance.now();
      try {
        return withWrittenLanguage(await gemini.summarize(input, signal, call), input, true);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (call?.throwPassing && isPassingFailure(error)) throw withKnownWait(error);
        reportFallback(error);
        const fallback = withWrittenLanguage(await local.summarize(input, signal), input, false);
        return {
          ...fallback,
          fallbackReason: fallbackReasonOf(error),
          processingTimeMs: elapsedSince(started),
        };
      }
    },
  };
}
