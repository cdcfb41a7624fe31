import type { Selectable } from 'kysely';
import type { DbExecutor } from './database';
import type { SummarySharesTable } from './schema';

/** A summary's live share (issue 28). */
export type SummaryShareRecord = Selectable<SummarySharesTable>;

/**
 * The live share of a summary, or null. Read by the owner's GET /api/summaries/:id (after the
 * summary was found to be theirs) and by the shares feature.
 */
export async function findSummaryShare(
  db: DbExecutor,
  summaryId: string,
): Promise<SummaryShareRecord | null> {
  const share = await db
    .selectFrom('summary_shares')
    .selectAll()
    .where('summary_id', '=', summaryId)
    .executeTakeFirst();
  return share ?? null;
}
