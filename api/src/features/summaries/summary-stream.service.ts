import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { databaseUnavailable, isDatabaseUnavailable } from '../../lib/database-errors';
import { INTERNAL_MESSAGE } from '../../middleware/error-handler';
import { streamSummary } from '../../summarizer/summary-stream';
import type {
  FallbackReason,
  SummarizeInput,
  Summarizer,
  SummaryResult,
  SummaryStreamEvent,
} from '../../summarizer/summarizer';
import { SummarizerError } from '../../summarizer/summarizer-error';
import {
  assertCanPay,
  reserveSummaryCredit,
  storeNewSummary,
  SUMMARIZER_FAILED_MESSAGE,
  toSummaryText,
} from './summaries.service';
import type { CreatedSummary, SummaryRequester } from './summaries.service';
import { resolveSummaryInput } from './summary-input';
import type { SummaryInput, SummarySourceText } from './summary-input';
import { summarizerLanguages } from './summary-languages';
import type { ReadingProgress } from '../../documents/document-reader';

/** How far a streamed summary of a file or a web page has come (API.md round 3). */
export type CreationProgress = ReadingProgress | { stage: 'summarizing' };

/**
 * What a streamed creation reports, in order: for a file or a web page, `progress` as it is
 * fetched and read (`fetching`, `reading`, `ocr` page by page) and then `summarizing`; `delta`s
 * of the summary as it is written, maybe a `reset` (Gemini failed mid-stream: the text so far is
 * dropped, the local summary follows), then either `done` with the stored, paid summary or
 * `failed` with the error to tell the client (a document that cannot be read included).
 */
export type SummaryCreationEvent =
  | { type: 'progress'; progress: CreationProgress }
  | { type: 'delta'; text: string }
  | { type: 'reset'; reason: FallbackReason }
  | { type: 'done'; created: CreatedSummary }
  | { type: 'failed'; error: AppError };

/**
 * The summarizer's events for one summary: its own stream (`summarizeStream`) when it has one,
 * else its finished summary sentence by sentence. The one place the route meets the summarizer.
 */
function summaryEvents(
  summarizer: Summarizer,
  input: SummarizeInput,
  signal: AbortSignal | undefined,
): AsyncIterable<SummaryStreamEvent> {
  return streamSummary(summarizer, input, signal);
}

/**
 * The source text of `summaryInput` (resolveSummaryInput), yielding the reading's progress as it
 * comes; returns the text, or an AppError to report (the document cannot be read).
 */
async function* readWithProgress(
  deps: AppDeps,
  requester: SummaryRequester,
  summaryInput: SummaryInput,
): AsyncGenerator<SummaryCreationEvent, SummarySourceText | AppError> {
  const pending: ReadingProgress[] = [];
  let wake: (() => void) | null = null;
  const onProgress = (progress: ReadingProgress) => {
    pending.push(progress);
    wake?.();
  };
  type Outcome = { text: SummarySourceText } | { error: unknown };
  const state: { outcome: Outcome | null } = { outcome: null };
  const reading = resolveSummaryInput(deps, summaryInput, requester.user.id, {
    signal: requester.signal,
    onProgress,
  }).then(
    (text) => {
      state.outcome = { text };
    },
    (error: unknown) => {
      state.outcome = { error };
    },
  );
  void reading.finally(() => wake?.());
  for (;;) {
    while (pending.length > 0) {
      const progress = pending.shift();
      if (progress) yield { type: 'progress', progress };
    }
    const settled = state.outcome;
    if (settled !== null) {
      if ('text' in settled) return settled.text;
      if (settled.error instanceof AppError) return settled.error;
      throw settled.error;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = null;
  }
}

/**
 * Creates a summary as POST /api/summaries does, reporting its text as it is written. The credit
 * check, pasted text and the reservation come first and throw (402) before any event, so the
 * route can still answer with JSON. A file or a web page is read inside the stream, its
 * progress reported, and a refusal ends the stream with `failed` (nothing charged). The credit
 * is taken only once the summary is finished, in storeNewSummary's
 * transaction with the summary and its version 1. A summarizer failure ends with `failed` and
 * charges nothing; a client that goes away (the requester's signal) ends the stream with no
 * further event and no charge. Either way the reservation is given back when the events end;
 * `release` gives it back too (for a stream whose events are never read; idempotent).
 */
export async function streamNewSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  summaryInput: SummaryInput,
): Promise<{ events: AsyncGenerator<SummaryCreationEvent>; release: () => Promise<void> }> {
  assertCanPay(requester);
  const pasted =
    summaryInput.kind === 'text'
      ? await resolveSummaryInput(deps, summaryInput, requester.user.id)
      : null;
  const reservation = await reserveSummaryCredit(deps, requester);
  return { events: events(), release: reservation.release };

  async function* events(): AsyncGenerator<SummaryCreationEvent> {
    try {
      if (pasted !== null) {
        yield* creationEvents(pasted);
        return;
      }
      let read: SummarySourceText | AppError;
      try {
        read = yield* readWithProgress(deps, requester, summaryInput);
      } catch (error) {
        if (requester.signal?.aborted) return;
        throw error;
      }
      if (requester.signal?.aborted) return;
      if (read instanceof AppError) {
        yield { type: 'failed', error: read };
        return;
      }
      yield { type: 'progress', progress: { stage: 'summarizing' } };
      yield* creationEvents(read);
    } finally {
      await reservation.release();
    }
  }

  async function* creationEvents(input: SummarySourceText): AsyncGenerator<SummaryCreationEvent> {
    const { signal } = requester;
    let result: SummaryResult | null = null;
    try {
      const summarizeInput: SummarizeInput = {
        text: input.text,
        customPrompt: input.customPrompt,
        length: input.length,
        format: input.format,
        ...summarizerLanguages(input.sourceLanguage, input.language ?? null),
      };
      for await (const event of summaryEvents(deps.summarizer, summarizeInput, signal)) {
        if (signal?.aborted) return;
        if (event.type === 'done') result = event.result;
        else yield event;
      }
    } catch (error) {
      if (signal?.aborted || isAborted(error)) return;
      deps.logger.error({ err: error, requestId: requester.requestId }, 'The summarizer failed:');
      yield summarizerFailed(error);
      return;
    }
    if (signal?.aborted) return;
    const summaryText =
      result === null
        ? null
        : toSummaryText(input.text, input.customPrompt, input, result, input.sourceLanguage);
    if (summaryText === null) {
      deps.logger.error(
        { requestId: requester.requestId },
        `The summarizer's stream ended with no text (${result?.model ?? 'no result'})`,
      );
      yield summarizerFailed();
      return;
    }
    let created: CreatedSummary;
    try {
      created = await storeNewSummary(deps, requester, input, summaryText, reservation);
    } catch (error) {
      if (signal?.aborted) return;
      yield { type: 'failed', error: storeFailure(deps, requester, error) };
      return;
    }
    yield { type: 'done', created };
  }
}

function isAborted(error: unknown): boolean {
  return error instanceof SummarizerError && error.code === 'ABORTED';
}

function summarizerFailed(cause?: unknown): SummaryCreationEvent {
  return {
    type: 'failed',
    error: new AppError(503, 'SUMMARIZER_UNAVAILABLE', SUMMARIZER_FAILED_MESSAGE, undefined, {
      cause,
    }),
  };
}

/**
 * What the client is told when paying for and storing the summary failed: the AppError itself
 * (402 when the last credit went meanwhile), 503 when the database is unavailable, else an
 * INTERNAL error, logged with the request id as app.onError would.
 */
function storeFailure(deps: AppDeps, requester: SummaryRequester, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    deps.logger.warn({ err: error }, 'Storing a streamed summary: the database is unavailable');
    return databaseUnavailable(error);
  }
  deps.logger.error(
    { err: error, requestId: requester.requestId },
    'Storing a streamed summary failed:',
  );
  return new AppError(500, 'INTERNAL', INTERNAL_MESSAGE, undefined, { cause: error });
}
