import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import { selectStaffSummaries } from '../../db/summaries.repository';
import type { StaffSummaryRecord } from '../../db/summaries.repository';

/** The new text of an edited summary, measured. */
export interface EditedSummaryText {
  summarizedContent: string;
  summaryWordCount: number;
  compressionRatio: number;
}

/** How many summaries there are, everyone's. */
export async function countAllSummaries(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('summaries')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** One page of everyone's summaries with their authors, newest first (ties by id). */
export function listAllSummaries(
  db: DbExecutor,
  page: { offset: number; limit: number },
): Promise<StaffSummaryRecord[]> {
  return selectStaffSummaries(db)
    .orderBy('summaries.created_at', 'desc')
    .orderBy('summaries.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The summary with this id and its author, or undefined. `id` must be a well-formed uuid. */
export function findStaffSummary(
  db: DbExecutor,
  id: string,
): Promise<StaffSummaryRecord | undefined> {
  return selectStaffSummaries(db).where('summaries.id', '=', id).executeTakeFirst();
}

/** What an edit needs of the summary, its row locked until the transaction ends. */
export function findSummaryForEdit(
  db: DbExecutor,
  id: string,
): Promise<{ id: string; user_id: string; original_word_count: number } | undefined> {
  return db
    .selectFrom('summaries')
    .select(['id', 'user_id', 'original_word_count'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Replaces a summary's text and counts, and sends it back to review: status pending, the
 * latest review's comments, reviewer and date cleared (review_events keeps the history).
 */
export async function updateSummaryText(
  db: DbExecutor,
  id: string,
  text: EditedSummaryText,
): Promise<void> {
  await db
    .updateTable('summaries')
    .set({
      summarized_content: text.summarizedContent,
      summary_word_count: text.summaryWordCount,
      compression_ratio: text.compressionRatio,
      review_status: 'pending',
      review_comments: null,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes any user's summary; returns its id and author, or undefined when there was none. */
export function deleteSummaryById(
  db: DbExecutor,
  id: string,
): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .deleteFrom('summaries')
    .where('id', '=', id)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}
