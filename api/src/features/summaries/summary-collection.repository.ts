import type { DbExecutor } from '../../db/database';

/** What a collection needs of each summary it combines. */
export interface CollectedSummaryRow {
  id: string;
  original_content: string;
  source: string;
  file_name: string | null;
  source_title: string | null;
  ocr: boolean;
  sources: unknown;
  keywords: unknown;
  source_map: unknown;
}

/**
 * The summaries of `ids` that `userId` owns (any order; a missing, deleted or someone else's
 * id has no row). `ids` must be well-formed uuids.
 */
export function findOwnSummariesByIds(
  db: DbExecutor,
  userId: string,
  ids: readonly string[],
): Promise<CollectedSummaryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('summaries')
    .select([
      'id',
      'original_content',
      'source',
      'file_name',
      'source_title',
      'ocr',
      'sources',
      'keywords',
      'source_map',
    ])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}
