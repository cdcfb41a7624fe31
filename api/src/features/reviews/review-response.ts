import type { ReviewAction, ReviewEventRow, ReviewStatus } from '../../db/schema';
import type { SummaryRecord } from '../../db/summaries.repository';
import { normalizeReviewStatus } from '../../domain/summary-response';
import type { ReviewStatusCounts } from '../../db/staff-summaries.repository';
import type { ReviewerCounts } from './reviews.repository';

/** Every summary counted by review status: GET /api/reviews/stats `overall`, and /pending `statistics`. */
export type ReviewOverallStatisticsDto = ReviewStatusCounts;

/** The signed-in reviewer's own reviews counted by action: GET /api/reviews/stats `myReviews`. */
export type MyReviewsStatisticsDto = ReviewerCounts;

/** GET /api/reviews/stats `data`. */
export interface ReviewStatisticsDto {
  overall: ReviewOverallStatisticsDto;
  myReviews: MyReviewsStatisticsDto;
}

/** One review of a summary's history. `reviewer.id` is null once that account is deleted; the name stays. */
export interface ReviewHistoryEntryDto {
  action: ReviewAction;
  reviewer: { id: string | null; name: string };
  comments: string | null;
  /** When the review was submitted (ISO). */
  timestamp: string;
}

/** GET /api/reviews/:id/history `data`: the latest review, then every review oldest first. */
export interface ReviewHistoryDto {
  currentStatus: ReviewStatus;
  currentComments: string | null;
  reviewedBy: { id: string; name: string } | null;
  reviewedAt: string | null;
  history: ReviewHistoryEntryDto[];
}

export function toReviewHistoryDto(
  summary: SummaryRecord,
  events: readonly ReviewEventRow[],
): ReviewHistoryDto {
  return {
    currentStatus: normalizeReviewStatus(summary.review_status),
    currentComments: summary.review_comments,
    reviewedBy:
      summary.reviewed_by !== null && summary.reviewer_name !== null
        ? { id: summary.reviewed_by, name: summary.reviewer_name }
        : null,
    reviewedAt: summary.reviewed_at?.toISOString() ?? null,
    history: events.map((event) => ({
      action: event.action,
      reviewer: { id: event.reviewer_id, name: event.reviewer_name },
      comments: event.comments,
      timestamp: event.created_at.toISOString(),
    })),
  };
}
