import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ownsSummary } from '../../db/summaries.repository';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { rateLimitKey, releaseAttempt, reserveAttempt } from '../../domain/rate-limiter';
import { stringsOf, summaryNotFound } from '../../domain/summary-response';
import { answerLocally } from '../../summarizer/local/local-answer';
import type { QuestionInput, QuestionResult, SourceSpan } from '../../summarizer/summarizer';
import { SummarizerError } from '../../summarizer/summarizer-error';
import { findOwnOriginal, insertQuestion, listQuestions } from './questions.repository';
import type { NewSummaryQuestion, SummaryQuestionRecord } from './questions.repository';

/*
 * "Ask the document" (issue 29; API.md round 3): the owner of a summary asks questions of its
 * original and gets answers that cite it. Free (the summary was paid for), at most
 * QUESTIONS_PER_HOUR a user, counted in rate_limit_hits so that deleting a summary gives none
 * back; the fair-use limits of every summarizer call apply before (the route's middleware).
 */

/** Questions a user may ask in any hour, over all their summaries. */
export const QUESTIONS_PER_HOUR = 30;
const QUESTIONS_WINDOW_SECONDS = 3600;

export const QUESTIONS_RATE_LIMITED_MESSAGE = `You can ask ${QUESTIONS_PER_HOUR} questions an hour. Please wait a little before you ask another.`;
const QUESTION_FAILED_MESSAGE =
  'The question could not be answered right now. Please try again in a moment.';
const QUESTION_CANCELLED_MESSAGE = 'The question was cancelled';

/**
 * A question and its answer as the API gives it (API.md round 3): what was stored (`answer` is
 * `The document does not say.` when nothing in the original answers; `citations` are spans of
 * the summary's `originalContent`, in document order), with its id and time.
 */
export interface SummaryQuestionDto extends NewSummaryQuestion {
  id: string;
  createdAt: string;
}

/** Who asks: the signed-in user, and the request's abort signal (the client left). */
export interface QuestionAsker {
  userId: string;
  requestId?: string | undefined;
  signal?: AbortSignal | undefined;
}

function isSpan(value: unknown): value is SourceSpan {
  if (typeof value !== 'object' || value === null) return false;
  const span = value as Record<string, unknown>;
  return typeof span.start === 'number' && typeof span.end === 'number';
}

function toQuestionDto(record: SummaryQuestionRecord): SummaryQuestionDto {
  const citations: unknown = record.citations;
  return {
    id: record.id,
    question: record.question,
    answer: record.answer,
    citations: Array.isArray(citations)
      ? citations.filter(isSpan).map(({ start, end }) => ({ start, end }))
      : [],
    unverified: stringsOf(record.unverified),
    aiModel: record.ai_model,
    isFallback: record.is_fallback,
    fallbackReason: record.fallback_reason,
    createdAt: record.created_at.toISOString(),
  };
}

function cancelled(cause: unknown): AppError {
  return new AppError(
    499 as ContentfulStatusCode,
    'CANCELLED',
    QUESTION_CANCELLED_MESSAGE,
    undefined,
    { cause },
  );
}

/** The summarizer's answer; one without the capability (a test double) answers locally. */
async function answerOf(
  deps: AppDeps,
  input: QuestionInput,
  asker: QuestionAsker,
): Promise<QuestionResult> {
  const { summarizer } = deps;
  if (!summarizer.answerQuestion) {
    return { ...answerLocally(input), fallbackReason: 'not_configured' };
  }
  try {
    return await summarizer.answerQuestion(input, asker.signal);
  } catch (error) {
    if (asker.signal?.aborted || (error instanceof SummarizerError && error.code === 'ABORTED')) {
      throw cancelled(error);
    }
    // The composed summarizer answers locally instead of failing: a throw is unexpected.
    deps.logger.error(
      { err: error, requestId: asker.requestId },
      'The summarizer failed to answer a question:',
    );
    throw new AppError(503, 'SUMMARIZER_UNAVAILABLE', QUESTION_FAILED_MESSAGE, undefined, {
      cause: error,
    });
  }
}

/**
 * Answers `question` about the asker's own summary and stores both: 404 for a summary that is
 * not theirs (staff included) or is gone, 429 past QUESTIONS_PER_HOUR. A question that gets no
 * answer stored (the client left, the summary was deleted meanwhile) does not count.
 */
export async function askQuestion(
  deps: AppDeps,
  asker: QuestionAsker,
  summaryId: string,
  question: string,
): Promise<SummaryQuestionDto> {
  const original = await findOwnOriginal(deps.db, asker.userId, summaryId);
  if (original === null) throw summaryNotFound();
  const hit = await reserveAttempt(deps.db, rateLimitKey('summary-questions', asker.userId), {
    max: QUESTIONS_PER_HOUR,
    windowSeconds: QUESTIONS_WINDOW_SECONDS,
  });
  if (!hit.allowed) {
    throw new AppError(429, 'RATE_LIMITED', QUESTIONS_RATE_LIMITED_MESSAGE, undefined, {
      headers: { 'Retry-After': String(hit.retryAfterSeconds) },
    });
  }
  let stored: SummaryQuestionRecord | null = null;
  try {
    const result = await answerOf(deps, { ...original, question }, asker);
    if (asker.signal?.aborted) throw cancelled(asker.signal.reason);
    stored = await insertQuestion(deps.db, asker.userId, summaryId, {
      question,
      answer: result.answer,
      citations: result.citations,
      unverified: result.unverified,
      aiModel: result.model,
      isFallback: result.isFallback,
      fallbackReason: result.fallbackReason,
    });
  } finally {
    if (stored === null) await releaseAttempt(deps.db, hit.hitId);
  }
  if (stored === null) throw summaryNotFound();
  return toQuestionDto(stored);
}

/** The questions of the user's own summary, oldest first; 404 as above. */
export async function listSummaryQuestions(
  deps: AppDeps,
  userId: string,
  summaryId: string,
): Promise<SummaryQuestionDto[]> {
  if (!(await ownsSummary(deps.db, userId, summaryId))) throw summaryNotFound();
  const records = await listQuestions(deps.db, summaryId);
  return records.map(toQuestionDto);
}
