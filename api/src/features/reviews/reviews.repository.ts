import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { ReviewAction, ReviewEventRow } from '../../db/schema';
import { matchesSearch } from '../../db/summaries.repository';

/** Which summaries a review list shows: awaiting review (or all), and words to find. */
export interface ReviewListFilter {
  status: 'pending' | 'all';
  q?: string | undefined;
}

/** The filter's conditions; any status a review does not set counts as awaiting review. */
export function reviewListConditions(filter: ReviewListFilter): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.status === 'pending') {
    conditions.push(
      sql<boolean>`summaries.review_status not in ('approved', 'rejected', 'needs_revision')`,
    );
  }
  if (filter.q !== undefined) conditions.push(matchesSearch(filter.q));
  return conditions;
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
