import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { ReviewStatus } from '../../db/schema';
import { matchesSearch } from '../../db/summaries.repository';

/** Which of everyone's summaries a staff list shows; each field absent means any. */
export interface StaffSummaryFilter {
  /** Words of the original or the summary (full-text, as the history search). */
  q?: string | undefined;
  status?: ReviewStatus | undefined;
  /** The author. */
  userId?: string | undefined;
}

/** The conditions of the filter (none without one). */
export function staffFilterConditions(filter: StaffSummaryFilter): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.status !== undefined) {
    conditions.push(sql<boolean>`summaries.review_status = ${filter.status}`);
  }
  if (filter.userId !== undefined) {
    conditions.push(sql<boolean>`summaries.user_id = ${filter.userId}`);
  }
  if (filter.q !== undefined) conditions.push(matchesSearch(filter.q));
  return conditions;
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
