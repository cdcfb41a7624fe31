import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { ReviewAction, ReviewEventRow } from '../../db/schema';
import { selectStaffSummaries } from '../../db/summaries.repository';
import type { StaffSummaryRecord } from '../../db/summaries.repository';

/** The statuses a review sets; any other stored status counts as pending. */
const REVIEWED_STATUSES = ['approved', 'rejected', 'needs_revision'] as const;

/** Summaries counted by review status (anything not reviewed counts as pending). */
export interface ReviewStatusCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  needs_revision: number;
}

/** One reviewer's submitted reviews counted by action. */
export interface ReviewerCounts {
  total: number;
  approved: number;
  rejected: number;
  needs_revision: number;
}

export interface NewReviewEvent {
  summaryId: string;
  reviewerId: string;
  reviewerName: string;
  action: ReviewAction;
  comments: string | null;
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

/** The reviews `reviewerId` has submitted, counted by action. */
export async function countReviewsBy(db: DbExecutor, reviewerId: string): Promise<ReviewerCounts> {
  return db
    .selectFrom('review_events')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where action = 'approved'))::int`.as('approved'),
      sql<number>`(count(*) filter (where action = 'rejected'))::int`.as('rejected'),
      sql<number>`(count(*) filter (where action = 'needs_revision'))::int`.as('needs_revision'),
    ])
    .where('reviewer_id', '=', reviewerId)
    .executeTakeFirstOrThrow();
}

/**
 * Up to `limit` summaries with their authors, newest first: only those awaiting review
 * (status pending, or any status a review does not set) or all of them.
 */
export function listSummariesForReview(
  db: DbExecutor,
  filter: { status: 'pending' | 'all'; limit: number },
): Promise<StaffSummaryRecord[]> {
  let query = selectStaffSummaries(db);
  if (filter.status === 'pending') {
    query = query.where('summaries.review_status', 'not in', REVIEWED_STATUSES);
  }
  return query
    .orderBy('summaries.created_at', 'desc')
    .orderBy('summaries.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** The summary with this id and its author, or undefined. `id` must be a well-formed uuid. */
export function findStaffSummary(
  db: DbExecutor,
  id: string,
): Promise<StaffSummaryRecord | undefined> {
  return selectStaffSummaries(db).where('summaries.id', '=', id).executeTakeFirst();
}

/**
 * Records the latest review on the summary itself (status, comments, reviewer, date).
 * Returns false when there is no such summary.
 */
export async function setLatestReview(db: DbExecutor, review: NewReviewEvent): Promise<boolean> {
  const row = await db
    .updateTable('summaries')
    .set({
      review_status: review.action,
      review_comments: review.comments,
      reviewed_by: review.reviewerId,
      reviewed_at: sql<Date>`now()`,
    })
    .where('id', '=', review.summaryId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Appends a review to the summary's history. */
export function appendReviewEvent(db: DbExecutor, review: NewReviewEvent): Promise<ReviewEventRow> {
  return db
    .insertInto('review_events')
    .values({
      summary_id: review.summaryId,
      reviewer_id: review.reviewerId,
      reviewer_name: review.reviewerName,
      action: review.action,
      comments: review.comments,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A summary's reviews, oldest first. */
export function listReviewEvents(db: DbExecutor, summaryId: string): Promise<ReviewEventRow[]> {
  return db
    .selectFrom('review_events')
    .selectAll()
    .where('summary_id', '=', summaryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
