import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { SummaryQuestionsTable } from '../../db/schema';
import type { FallbackReason, SourceSpan } from '../../summarizer/summarizer';

export type SummaryQuestionRecord = Selectable<SummaryQuestionsTable>;

/**
 * The original of the user's own summary and its language (`und` when unknown), or null when it
 * is not theirs or does not exist.
 */
export async function findOwnOriginal(
  db: DbExecutor,
  userId: string,
  summaryId: string,
): Promise<{ text: string; sourceLanguage: string } | null> {
  const row = await db
    .selectFrom('summaries')
    .select(['original_content', 'source_language'])
    .where('id', '=', summaryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { text: row.original_content, sourceLanguage: row.source_language } : null;
}

/** A question and its answer, as stored. */
export interface NewSummaryQuestion {
  question: string;
  /** The answer; `The document does not say.` when nothing in the original answers. */
  answer: string;
  /** The spans of the summary's `originalContent` the answer rests on, in document order. */
  citations: SourceSpan[];
  unverified: string[];
  aiModel: string;
  isFallback: boolean;
  fallbackReason: FallbackReason | null;
}

/**
 * Stores a question and its answer on the user's own summary, in one statement that finds the
 * summary too: null when it is not theirs, or was deleted while the question was answered.
 */
export async function insertQuestion(
  db: DbExecutor,
  userId: string,
  summaryId: string,
  question: NewSummaryQuestion,
): Promise<SummaryQuestionRecord | null> {
  const row = await db
    .insertInto('summary_questions')
    .columns([
      'summary_id',
      'question',
      'answer',
      'citations',
      'unverified',
      'ai_model',
      'is_fallback',
      'fallback_reason',
    ])
    .expression((eb) =>
      eb
        .selectFrom('summaries')
        .select((inner) => [
          'summaries.id',
          inner.val(question.question).as('question'),
          inner.val(question.answer).as('answer'),
          inner.cast(inner.val(JSON.stringify(question.citations)), 'jsonb').as('citations'),
          inner.cast(inner.val(JSON.stringify(question.unverified)), 'jsonb').as('unverified'),
          inner.val(question.aiModel).as('ai_model'),
          inner.val(question.isFallback).as('is_fallback'),
          inner.val(question.fallbackReason).as('fallback_reason'),
        ])
        .where('summaries.id', '=', summaryId)
        .where('summaries.user_id', '=', userId),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The summary's questions, oldest first. */
export async function listQuestions(
  db: DbExecutor,
  summaryId: string,
): Promise<SummaryQuestionRecord[]> {
  return db
    .selectFrom('summary_questions')
    .selectAll()
    .where('summary_id', '=', summaryId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
