import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { ReviewStatus } from '../../db/schema';
import { matchesSearch, selectStaffSummaries } from '../../db/summaries.repository';
import type { StaffSummaryRecord } from '../../db/summaries.repository';

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

/** How many summaries the filter matches, everyone's. */
export async function countAllSummaries(
  db: DbExecutor,
  filter: StaffSummaryFilter = {},
): Promise<number> {
  let query = db.selectFrom('summaries').select(sql<number>`count(*)::int`.as('count'));
  for (const condition of staffFilterConditions(filter)) query = query.where(condition);
  const row = await query.executeTakeFirstOrThrow();
  return row.count;
}

/** One page of the summaries the filter matches, with their authors, newest first (ties by id). */
export function listAllSummaries(
  db: DbExecutor,
  page: { offset: number; limit: number },
  filter: StaffSummaryFilter = {},
): Promise<StaffSummaryRecord[]> {
  let query = selectStaffSummaries(db);
  for (const condition of staffFilterConditions(filter)) query = query.where(condition);
  return query
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
