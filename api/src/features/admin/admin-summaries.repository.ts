import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import { selectStaffSummaries } from '../../db/summaries.repository';
import type { StaffSummaryRecord } from '../../db/summaries.repository';

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
