import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { DbExecutor } from './database';
import type { Role, SummariesTable, SummarySource } from './schema';

/** A summary row with its reviewer's name (null when unreviewed or the reviewer is gone). */
export type SummaryRecord = Selectable<SummariesTable> & { reviewer_name: string | null };

/** A user's summaries added up (see toSummaryStatisticsDto). */
export interface SummaryTotals {
  count: number;
  originalWords: number;
  summaryWords: number;
  compressionRatioSum: number;
}

/** What the summarizer produced, as stored on a summary. */
export interface SummaryText {
  summarizedContent: string;
  summaryWordCount: number;
  compressionRatio: number;
  processingTime: number;
  isFallback: boolean;
  aiModel: string;
  customPrompt: string | null;
}

export interface NewSummary extends SummaryText {
  userId: string;
  originalContent: string;
  originalWordCount: number;
  source: SummarySource;
  fileName: string | null;
}

function selectSummaries(db: DbExecutor) {
  return db
    .selectFrom('summaries')
    .leftJoin('users as reviewer', 'reviewer.id', 'summaries.reviewed_by')
    .selectAll('summaries')
    .select('reviewer.name as reviewer_name');
}

/** A summary with its author, as the staff listings show it. */
export type StaffSummaryRecord = SummaryRecord & {
  author_name: string;
  author_email: string;
  author_role: Role;
};

/**
 * Summaries with their reviewer's name and their author, for the staff features (admin,
 * reviews) to narrow and order.
 */
export function selectStaffSummaries(db: DbExecutor) {
  return selectSummaries(db)
    .innerJoin('users as author', 'author.id', 'summaries.user_id')
    .select([
      'author.name as author_name',
      'author.email as author_email',
      'author.role as author_role',
    ]);
}

function textColumns(text: SummaryText) {
  return {
    summarized_content: text.summarizedContent,
    summary_word_count: text.summaryWordCount,
    compression_ratio: text.compressionRatio,
    processing_time: text.processingTime,
    is_fallback: text.isFallback,
    ai_model: text.aiModel,
    custom_prompt: text.customPrompt,
  };
}

/**
 * Takes `amount` credits from the user if they have that many; returns the new balance, or
 * undefined when they do not (nothing changes then). One conditional UPDATE: under concurrent
 * calls the row lock makes each see the balance the previous one left, so it never goes negative.
 */
export async function spendCredits(
  db: DbExecutor,
  userId: string,
  amount: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ credits: sql<number>`credits - ${amount}`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('credits', '>=', amount)
    .returning('credits')
    .executeTakeFirst();
  return row?.credits;
}

/** Inserts a summary (review status pending, regeneration count 0) and returns it. */
export async function insertSummary(db: DbExecutor, summary: NewSummary): Promise<SummaryRecord> {
  const row = await db
    .insertInto('summaries')
    .values({
      ...textColumns(summary),
      user_id: summary.userId,
      original_content: summary.originalContent,
      original_word_count: summary.originalWordCount,
      source: summary.source,
      file_name: summary.fileName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, reviewer_name: null };
}

/** The summary with this id if `userId` owns it, else undefined. `id` must be a well-formed uuid. */
export function findOwnSummary(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<SummaryRecord | undefined> {
  return selectSummaries(db)
    .where('summaries.id', '=', id)
    .where('summaries.user_id', '=', userId)
    .executeTakeFirst();
}

/** One page of a user's summaries, newest first (ties broken by id, so pages never overlap). */
export function listOwnSummaries(
  db: DbExecutor,
  userId: string,
  page: { offset: number; limit: number },
): Promise<SummaryRecord[]> {
  return selectSummaries(db)
    .where('summaries.user_id', '=', userId)
    .orderBy('summaries.created_at', 'desc')
    .orderBy('summaries.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** A user's summaries added up; all zeros when they have none. */
export async function sumOwnSummaries(db: DbExecutor, userId: string): Promise<SummaryTotals> {
  const row = await db
    .selectFrom('summaries')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(original_word_count), 0)::int`.as('originalWords'),
      sql<number>`coalesce(sum(summary_word_count), 0)::int`.as('summaryWords'),
      sql<number>`coalesce(sum(compression_ratio), 0)::int`.as('compressionRatioSum'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Deletes the summary if `userId` owns it; true when it did. */
export async function deleteOwnSummary(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('summaries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces an owned summary's text with a regenerated one: regeneration count + 1, review
 * status back to pending. Returns the updated summary, or undefined if it is gone (or not theirs).
 */
export async function updateRegeneratedSummary(
  db: DbExecutor,
  userId: string,
  id: string,
  text: SummaryText,
): Promise<SummaryRecord | undefined> {
  const row = await db
    .updateTable('summaries')
    .set({
      ...textColumns(text),
      regeneration_count: sql<number>`regeneration_count + 1`,
      // New text needs a new review; the earlier verdicts stay in review_events.
      review_status: 'pending',
      review_comments: null,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row ? findOwnSummary(db, userId, row.id) : undefined;
}
