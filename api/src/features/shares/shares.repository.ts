import type { DbExecutor } from '../../db/database';
import type { SummaryShareRecord } from '../../db/summary-shares.repository';
import type { SummaryFormat, SummaryLength } from '../../summarizer/summarizer';

/**
 * The summary's share, created with `token` when it has none (a share that exists is kept, so
 * two clicks, or two tabs, get the same link); null when the summary is not the user's.
 */
export async function createOrReadShare(
  db: DbExecutor,
  userId: string,
  summaryId: string,
  token: string,
): Promise<SummaryShareRecord | null> {
  await db
    .insertInto('summary_shares')
    .columns(['summary_id', 'token'])
    .expression((eb) =>
      eb
        .selectFrom('summaries')
        .select((inner) => ['summaries.id', inner.val(token).as('token')])
        .where('summaries.id', '=', summaryId)
        .where('summaries.user_id', '=', userId),
    )
    .onConflict((oc) => oc.column('summary_id').doNothing())
    .execute();
  const share = await db
    .selectFrom('summary_shares')
    .innerJoin('summaries', 'summaries.id', 'summary_shares.summary_id')
    .selectAll('summary_shares')
    .where('summary_shares.summary_id', '=', summaryId)
    .where('summaries.user_id', '=', userId)
    .executeTakeFirst();
  return share ?? null;
}

/** Ends the summary's share, if it has one; its token answers 404 from now on. */
export async function deleteShare(db: DbExecutor, summaryId: string): Promise<void> {
  await db.deleteFrom('summary_shares').where('summary_id', '=', summaryId).execute();
}

/** What the public page of a share shows: the summary without anything of its owner's but a name. */
export interface SharedSummaryRecord {
  summarized_content: string;
  original_content: string;
  source_map: unknown;
  keywords: unknown;
  hidden_text: unknown;
  instruction_like: unknown;
  sections: unknown;
  source_title: string | null;
  source_url: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  language: string;
  source_language: string;
  second_source_language: string | null;
  created_at: Date;
  author_name: string;
}

/**
 * The shared summary of `token`, counting this read in the same statement (the view is
 * added atomically, however many read at once); null for a token no live share has.
 */
export async function readSharedSummary(
  db: DbExecutor,
  token: string,
): Promise<SharedSummaryRecord | null> {
  const row = await db
    .with('viewed', (cte) =>
      cte
        .updateTable('summary_shares')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('token', '=', token)
        .returning('summary_id'),
    )
    .selectFrom('viewed')
    .innerJoin('summaries', 'summaries.id', 'viewed.summary_id')
    .innerJoin('users', 'users.id', 'summaries.user_id')
    .select([
      'summaries.summarized_content',
      'summaries.original_content',
      'summaries.source_map',
      'summaries.keywords',
      'summaries.hidden_text',
      'summaries.instruction_like',
      'summaries.sections',
      'summaries.source_title',
      'summaries.source_url',
      'summaries.length',
      'summaries.format',
      'summaries.language',
      'summaries.source_language',
      'summaries.second_source_language',
      'summaries.created_at',
      'users.name as author_name',
    ])
    .executeTakeFirst();
  return row ?? null;
}
