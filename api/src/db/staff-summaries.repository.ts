import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DbExecutor } from './database';
import type { Role } from './schema';
import { newestSummariesFirst, selectSummaries } from './summaries.repository';
import type { SummaryRecord } from './summaries.repository';
import type { PageWindow } from '../lib/page-query';

/*
 * Everyone's summaries as the staff features (admin, editor, reviews) read them: with their
 * author, found by id, counted and paged under the conditions each list sets.
 */

/** A summary with its author, as the staff listings show it. */
export type StaffSummaryRecord = SummaryRecord & {
  author_name: string;
  author_email: string;
  author_role: Role;
};

/** Summaries with their reviewer's name and their author. */
function selectStaffSummaries(db: DbExecutor) {
  return selectSummaries(db)
    .innerJoin('users as author', 'author.id', 'summaries.user_id')
    .select([
      'author.name as author_name',
      'author.email as author_email',
      'author.role as author_role',
    ]);
}

/** The summary with this id and its author, or undefined. `id` must be a well-formed uuid. */
export function findStaffSummary(
  db: DbExecutor,
  id: string,
): Promise<StaffSummaryRecord | undefined> {
  return selectStaffSummaries(db).where('summaries.id', '=', id).executeTakeFirst();
}

/** How many summaries, everyone's, meet every condition (all of them without one). */
async function countStaffSummaries(
  db: DbExecutor,
  conditions: readonly RawBuilder<boolean>[],
): Promise<number> {
  let query = db.selectFrom('summaries').select(sql<number>`count(*)::int`.as('count'));
  for (const condition of conditions) query = query.where(condition);
  const row = await query.executeTakeFirstOrThrow();
  return row.count;
}

/** One page of the summaries meeting every condition, with their authors, newest first (ties by id). */
function listStaffSummaries(
  db: DbExecutor,
  conditions: readonly RawBuilder<boolean>[],
  page: PageWindow,
): Promise<StaffSummaryRecord[]> {
  let query = selectStaffSummaries(db);
  for (const condition of conditions) query = query.where(condition);
  return query.$call(newestSummariesFirst).offset(page.offset).limit(page.limit).execute();
}

/** Summaries counted by review status (anything not reviewed counts as pending). */
export interface ReviewStatusCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  needs_revision: number;
}

/** Every summary counted by review status; an unknown stored status counts as pending. */
export async function countSummariesByReviewStatus(db: DbExecutor): Promise<ReviewStatusCounts> {
  const row = await db
    .selectFrom('summaries')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where review_status = 'approved'))::int`.as('approved'),
      sql<number>`(count(*) filter (where review_status = 'rejected'))::int`.as('rejected'),
      sql<number>`(count(*) filter (where review_status = 'needs_revision'))::int`.as(
        'needs_revision',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { ...row, pending: row.total - row.approved - row.rejected - row.needs_revision };
}

/** One page of a staff list, its total, and everyone's summaries counted by review status. */
export interface StaffSummaryPage {
  summaries: StaffSummaryRecord[];
  /** How many summaries the list's conditions match. */
  total: number;
  page: number;
  limit: number;
  /** Everyone's summaries counted by review status, whatever the conditions: the stat cards. */
  statistics: ReviewStatusCounts;
}

/** Page `page` of `limit` summaries meeting every condition, as a staff list shows it. */
export async function readStaffSummaryPage(
  db: DbExecutor,
  conditions: readonly RawBuilder<boolean>[],
  page: { page: number; limit: number },
): Promise<StaffSummaryPage> {
  const [total, statistics] = await Promise.all([
    countStaffSummaries(db, conditions),
    countSummariesByReviewStatus(db),
  ]);
  const offset = (page.page - 1) * page.limit;
  // Past the last page there is nothing to read (and a huge page number never reaches SQL).
  const summaries =
    offset < total ? await listStaffSummaries(db, conditions, { offset, limit: page.limit }) : [];
  return { summaries, total, page: page.page, limit: page.limit, statistics };
}
